import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, CircleAlert, Info, Send } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { MessageFieldsResponse } from '@cardcraft/contracts/message-field-rules';
import type { CardQuestion } from '@cardcraft/contracts/question-rules';
import { translateCardMessage } from '@/i18n/card-messages';
import { useMessageForm, type MessageFormOutcome } from '../hooks/use-message-form';
import { MESSAGE_MAX, NO_EXTRA_FIELDS, type LeadFormValues, type ExtraMessageField } from '../lib/lead-form';
import type { CardTheme } from './card-theme';
import { QuestionFields } from './question-fields';

/** where the card page's form is: a post without script comes back to it */
const MESSAGE_FORM_ANCHOR = 'leave-a-message';

export type { MessageFormOutcome };

export interface MessageFormProps {
  theme: CardTheme;
  /** the signed-in visitor's e-mail: the form starts with it */
  defaultEmail?: string | null;
  /** sends the message; absent on the demo card, where the form does nothing */
  onSend?: (values: LeadFormValues) => Promise<unknown>;
  /** the server page: where the form posts without script, and the card the enhancement script sends to */
  post?: { action: string; profileId: string };
  /** the server's answer to a posted form */
  outcome?: MessageFormOutcome;
  /** the extra fields (name, phone, company) the card's owner asks for */
  fields?: MessageFieldsResponse;
  /** the owner's own questions, in their order */
  questions?: readonly CardQuestion[];
  /** the form offers "Send me your card" */
  offersCardExchange?: boolean;
  /** the line under the title where nothing is sent (the demo's note by default) */
  note?: string;
  className?: string;
}

/** how each extra field is typed: the keyboard and the browser's autofill */
const EXTRA_INPUTS: Record<ExtraMessageField, { type: string; autoComplete: string; inputMode?: 'tel' }> = {
  name: { type: 'text', autoComplete: 'name' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  company: { type: 'text', autoComplete: 'organization' },
};

/** 'Leave a Message': e-mail, the extra fields the owner asks for, optional message, consent */
export function MessageForm({
  theme,
  defaultEmail,
  onSend,
  post,
  outcome,
  fields = NO_EXTRA_FIELDS,
  questions = [],
  offersCardExchange = false,
  note,
  className,
}: MessageFormProps) {
  const id = useId();
  const { t, i18n } = useTranslation('card');
  const number = new Intl.NumberFormat(i18n.language);
  const say = (message: string | undefined) => (message ? translateCardMessage(t, message) : null);
  const { values, extraFields, errors, status, pending, setField, setAnswer, submit } = useMessageForm({
    defaultEmail,
    onSend,
    outcome,
    fields,
    questions,
    offersCardExchange,
  });

  const over = values.message.length > MESSAGE_MAX;
  const field = (name: string) => `${id}-${name}`;
  const labelClass = cn('mb-1.5 block text-sm font-medium');
  const inputClass = cn(
    'w-full border px-3.5 text-[15px] transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 aria-invalid:border-current',
    theme.input,
  );

  return (
    <section
      aria-labelledby={field('title')}
      className={className}
      // the page a post without script answers opens at the form, with its outcome or its errors
      id={post ? MESSAGE_FORM_ANCHOR : undefined}
    >
      <h2 id={field('title')} className={cn('mb-1', theme.sectionLabel)}>
        {t('form.title')}
      </h2>
      <p className={cn('mb-5 text-sm', theme.subtle)}>
        {onSend || post ? t('form.intro') : (note ?? t('form.demoNote'))}
      </p>
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        className="grid gap-4"
        {...(post
          ? {
              method: 'post',
              action: `${post.action}#${MESSAGE_FORM_ANCHOR}`,
              'data-message-form': post.profileId,
              // the theme's colours for what the page's script writes into the form
              'data-error-class': theme.error,
              'data-success-class': theme.success,
            }
          : {})}
      >
        <div>
          <label htmlFor={field('email')} className={labelClass}>
            {t('form.email')}
          </label>
          <input
            id={field('email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={values.email}
            onChange={(e) => {
              setField('email', e.target.value);
            }}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? field('email-error') : undefined}
            className={cn(inputClass, 'h-12')}
            placeholder={t('form.emailPlaceholder')}
          />
          {errors.email ? (
            <p
              id={field('email-error')}
              role="alert"
              className={cn('mt-1.5 text-sm font-medium', theme.error)}
            >
              {say(errors.email)}
            </p>
          ) : null}
        </div>
        {extraFields.map((name) => {
          const input = EXTRA_INPUTS[name];
          const required = fields[name] === 'required';
          return (
            <div key={name}>
              <label htmlFor={field(name)} className={labelClass}>
                {t(`form.${name}`)}
                {required ? null : (
                  <span className={cn('font-normal', theme.subtle)}> {t('form.optional')}</span>
                )}
              </label>
              <input
                id={field(name)}
                type={input.type}
                name={name}
                autoComplete={input.autoComplete}
                inputMode={input.inputMode}
                required={required}
                maxLength={name === 'phone' ? 64 : 200}
                value={values[name] ?? ''}
                onChange={(e) => {
                  const value = e.target.value;
                  setField(name, value);
                }}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? field(`${name}-error`) : undefined}
                className={cn(inputClass, 'h-12')}
                placeholder={t(`form.${name}Placeholder`)}
              />
              {errors[name] ? (
                <p
                  id={field(`${name}-error`)}
                  role="alert"
                  className={cn('mt-1.5 text-sm font-medium', theme.error)}
                >
                  {say(errors[name])}
                </p>
              ) : null}
            </div>
          );
        })}
        <QuestionFields
          theme={theme}
          questions={questions}
          answers={values.answers ?? {}}
          errors={errors}
          onAnswer={(questionId, value) => {
            setAnswer(questionId, value);
          }}
          idOf={field}
          labelClass={labelClass}
          inputClass={inputClass}
        />
        <div>
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={field('message')} className={labelClass}>
              {t('form.message')}{' '}
              <span className={cn('font-normal', theme.subtle)}>{t('form.optional')}</span>
            </label>
            <span
              id={field('counter')}
              className={cn('text-xs tabular-nums', over ? theme.error : theme.subtle)}
              aria-live="polite"
            >
              {number.format(values.message.length)}/{number.format(MESSAGE_MAX)}
            </span>
          </div>
          <textarea
            id={field('message')}
            name="message"
            rows={4}
            value={values.message}
            onChange={(e) => {
              const message = e.target.value;
              setField('message', message);
            }}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={[field('counter'), errors.message ? field('message-error') : '']
              .join(' ')
              .trim()}
            className={cn(inputClass, 'min-h-28 resize-y py-3 leading-relaxed')}
            placeholder={t('form.messagePlaceholder')}
          />
          {errors.message ? (
            <p
              id={field('message-error')}
              role="alert"
              className={cn('mt-1.5 text-sm font-medium', theme.error)}
            >
              {say(errors.message)}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={field('consent')} className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              id={field('consent')}
              type="checkbox"
              name="consent"
              value="yes"
              checked={values.consent}
              onChange={(e) => {
                const consent = e.target.checked;
                setField('consent', consent);
              }}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? field('consent-error') : undefined}
              className={cn('mt-0.5 size-5 shrink-0 cursor-pointer', theme.checkbox)}
            />
            <span>{t('form.consent')}</span>
          </label>
          {errors.consent ? (
            <p
              id={field('consent-error')}
              role="alert"
              className={cn('mt-1.5 text-sm font-medium', theme.error)}
            >
              {say(errors.consent)}
            </p>
          ) : null}
        </div>
        {offersCardExchange ? (
          <label htmlFor={field('sendCard')} className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              id={field('sendCard')}
              type="checkbox"
              name="sendCard"
              value="yes"
              checked={values.sendCard ?? false}
              onChange={(e) => setField('sendCard', e.target.checked)}
              className={cn('mt-0.5 size-5 shrink-0 cursor-pointer', theme.checkbox)}
            />
            <span>{t('form.sendCard')}</span>
          </label>
        ) : null}
        <button
          type="submit"
          disabled={pending}
          className={cn(
            'inline-flex h-12 items-center justify-center gap-2 px-6 text-sm font-medium transition disabled:opacity-60 sm:justify-self-start',
            theme.primaryButton,
          )}
        >
          <Send className="size-4" aria-hidden="true" />
          {pending ? t('form.sending') : t('form.send')}
        </button>
        <div aria-live="polite" data-message-status>
          {status.kind === 'sent' ? (
            <p role="status" className={cn('flex items-start gap-2 text-sm font-medium', theme.success)}>
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('form.sent')}
              {status.cardSent === undefined
                ? null
                : ` ${status.cardSent ? t('form.cardSent') : t('form.cardNotSent')}`}
            </p>
          ) : null}
          {status.kind === 'failed' ? (
            <p role="alert" className={cn('flex items-start gap-2 text-sm font-medium', theme.error)}>
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('form.failed')}
            </p>
          ) : null}
          {status.kind === 'demo' ? (
            <p role="status" className={cn('flex items-start gap-2 text-sm', theme.muted)}>
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('form.demoSent')}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
