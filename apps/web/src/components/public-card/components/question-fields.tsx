import { useTranslation } from 'react-i18next';
import { translateCardMessage } from '@/i18n/card-messages';
import { cn } from '@/lib/utils';
import {
  answerField,
  QuestionLimits,
  type AnswerValue,
  type CardQuestion,
} from '@cardcraft/contracts/question-rules';
import type { LeadFormErrors } from '../lib/lead-form';
import type { CardTheme } from './card-theme';

export interface QuestionFieldsProps {
  theme: CardTheme;
  questions: readonly CardQuestion[];
  answers: Readonly<Record<string, AnswerValue>>;
  errors: LeadFormErrors;
  onAnswer: (questionId: string, value: AnswerValue) => void;
  /** the form's own id prefix: each control's id is made from it and the question's id */
  idOf: (name: string) => string;
  labelClass: string;
  inputClass: string;
}

/** a posted value as a list: a choice question's ticked options, or none */
const listOf = (value: AnswerValue | undefined): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];

const textOf = (value: AnswerValue | undefined): string =>
  typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? '') : '';

/**
 * the card owner's questions, each with the control its kind needs, named answers.{id} so the form
 * posts without script as it sends with it. choices sit in a fieldset whose legend is the question;
 * the help line and an error are tied to the control (or the fieldset) by aria-describedby. the
 * container's data-question, data-kind and data-required are what the page's script reads
 */
export function QuestionFields({
  theme,
  questions,
  answers,
  errors,
  onAnswer,
  idOf,
  labelClass,
  inputClass,
}: QuestionFieldsProps) {
  const { t } = useTranslation('card');
  return (
    <>
      {questions.map((question) => {
        const name = answerField(question.id);
        const id = idOf(`q-${question.id}`);
        const error = errors[name];
        const describedBy =
          [question.help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
          undefined;
        const value = answers[question.id];
        const optional = question.required ? null : (
          <span className={cn('font-normal', theme.subtle)}> {t('form.optional')}</span>
        );
        const help = question.help ? (
          <p id={`${id}-help`} className={cn('mb-1.5 text-sm', theme.subtle)}>
            {question.help}
          </p>
        ) : null;
        const errorLine = error ? (
          <p id={`${id}-error`} role="alert" className={cn('mt-1.5 text-sm font-medium', theme.error)}>
            {translateCardMessage(t, error)}
          </p>
        ) : null;
        const container = {
          id,
          'data-question': question.id,
          'data-kind': question.kind,
          'data-required': question.required ? '' : undefined,
        };

        if (question.kind === 'one_choice' || question.kind === 'choices') {
          const multiple = question.kind === 'choices';
          const picked = listOf(value);
          return (
            <fieldset key={question.id} {...container} aria-describedby={describedBy}>
              <legend className={labelClass}>
                {question.label}
                {optional}
              </legend>
              {help}
              <div className="grid gap-2">
                {question.choices.map((choice, index) => (
                  <label key={choice} className="flex cursor-pointer items-start gap-3 text-sm">
                    <input
                      id={`${id}-${index}`}
                      type={multiple ? 'checkbox' : 'radio'}
                      name={name}
                      value={choice}
                      required={!multiple && question.required}
                      checked={picked.includes(choice)}
                      onChange={(e) => {
                        const on = e.target.checked;
                        onAnswer(
                          question.id,
                          multiple ? (on ? [...picked, choice] : picked.filter((c) => c !== choice)) : choice,
                        );
                      }}
                      aria-invalid={error ? true : undefined}
                      className={cn('mt-0.5 size-5 shrink-0 cursor-pointer', theme.checkbox)}
                    />
                    <span>{choice}</span>
                  </label>
                ))}
              </div>
              {errorLine}
            </fieldset>
          );
        }

        if (question.kind === 'checkbox') {
          return (
            <div key={question.id} {...container}>
              {help}
              {/* sent whether or not the box is ticked: the answer "no" to a question the visitor saw */}
              <input type="hidden" name={name} value="" />
              <label htmlFor={`${id}-input`} className="flex cursor-pointer items-start gap-3 text-sm">
                <input
                  id={`${id}-input`}
                  type="checkbox"
                  name={name}
                  value="yes"
                  required={question.required}
                  checked={value === true || listOf(value).some((item) => item !== '')}
                  onChange={(e) => onAnswer(question.id, e.target.checked)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                  className={cn('mt-0.5 size-5 shrink-0 cursor-pointer', theme.checkbox)}
                />
                <span>
                  {question.label}
                  {optional}
                </span>
              </label>
              {errorLine}
            </div>
          );
        }

        const long = question.kind === 'long_text';
        const control = {
          id: `${id}-input`,
          name,
          required: question.required,
          maxLength: long ? QuestionLimits.longAnswerMax : QuestionLimits.shortAnswerMax,
          value: textOf(value),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
        };
        return (
          <div key={question.id} {...container}>
            <label htmlFor={`${id}-input`} className={labelClass}>
              {question.label}
              {optional}
            </label>
            {help}
            {long ? (
              <textarea
                {...control}
                rows={3}
                onChange={(e) => onAnswer(question.id, e.target.value)}
                className={cn(inputClass, 'min-h-20 resize-y py-3 leading-relaxed')}
              />
            ) : (
              <input
                {...control}
                type="text"
                onChange={(e) => onAnswer(question.id, e.target.value)}
                className={cn(inputClass, 'h-12')}
              />
            )}
            {errorLine}
          </div>
        );
      })}
    </>
  );
}
