import { useTranslation } from 'react-i18next';
import { MessageCircleQuestion, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import {
  hasChoices,
  QUESTION_KINDS,
  QuestionLimits,
  type CardQuestion,
  type QuestionKind,
} from '@cardcraft/contracts/question-rules';
import { newId } from '../utils/profile-form';
import type { ProfileFields } from '../utils/profile-fields';
import { EditorSection, EmptyList, SwitchRow } from './editor-section';
import { LockedSection } from './locked-field';
import { OptionSelect } from './option-select';
import { dropClass, ItemControls, ListAnnouncement, useSortableList } from './sortable-list';

/** a new question: short text, optional; its id is made here so the preview and the form can name it */
function newQuestion(): CardQuestion {
  return {
    id: `q${newId().replace(/-/g, '').slice(0, 12)}`,
    label: '',
    kind: 'short_text',
    required: false,
    help: null,
    choices: [],
  };
}

/**
 * the card owner's questions (added, edited, reordered, removed; shown read-only when the team's
 * template sets them) and "Send me your card" with its follow-up text
 */
export function QuestionsCard({ fields }: { fields: ProfileFields }) {
  const { values, errors, setPrivacy, isLocked } = fields;
  const { t } = useTranslation('editor');
  const title = t('questions.title');
  const description = t('questions.description', { max: QuestionLimits.questionsMax });
  const kindLabel = (kind: QuestionKind) => t(`questions.kinds.${kind}`);
  const kindOptions = QUESTION_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }));
  const questions = values.privacy.questions;
  const onChange = (next: CardQuestion[]) => setPrivacy('questions', next);
  const { listRef, addRef, list } = useSortableList(questions, onChange, 'question');
  const update = (index: number, patch: Partial<CardQuestion>) =>
    onChange(questions.map((question, i) => (i === index ? { ...question, ...patch } : question)));
  const error = (index: number, key: keyof CardQuestion) => errors[`privacy.questions.${index}.${key}`];

  if (!values.privacy.allowMessages) return null;

  if (isLocked('privacy.questions') || isLocked('privacy')) {
    return (
      <LockedSection
        title={title}
        description={description}
        error={errors['privacy.questions']}
        empty={t('questions.lockedEmpty')}
      >
        {questions.map((question) => (
          <li key={question.id} className="flex justify-between gap-3 px-3 py-2">
            <span className="min-w-0 font-medium">{question.label}</span>
            <span className="shrink-0 text-muted-foreground">
              {kindLabel(question.kind)}
              {question.required ? `, ${t('questions.required')}` : ''}
            </span>
          </li>
        ))}
      </LockedSection>
    );
  }

  return (
    <EditorSection
      title={title}
      description={description}
      error={errors['privacy.questions']}
      action={
        <Button
          ref={addRef}
          variant="outline"
          size="sm"
          disabled={questions.length >= QuestionLimits.questionsMax}
          onClick={() => onChange([...questions, newQuestion()])}
        >
          <Plus aria-hidden="true" />
          {t('questions.add')}
        </Button>
      }
    >
      <ListAnnouncement list={list} />
      {questions.length === 0 ? (
        <EmptyList icon={MessageCircleQuestion}>{t('questions.empty')}</EmptyList>
      ) : (
        <ol ref={listRef} className="space-y-4">
          {questions.map((question, index) => (
            <li
              key={question.id}
              className={cn(
                // a container: the card sits in the editor's narrow side column on a wide screen
                '@container rounded-lg border border-border bg-background/60 p-3 sm:p-4',
                dropClass(list, index),
              )}
              {...list.itemProps(index)}
            >
              <fieldset>
                <legend className="float-left mt-2.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {t('questions.item', { number: index + 1 })}
                </legend>
                <div className="mb-3 text-right">
                  <ItemControls list={list} index={index} count={questions.length} />
                </div>
                <div className="clear-both grid gap-4 @md:grid-cols-2">
                  <FormField
                    label={t('questions.question')}
                    error={error(index, 'label')}
                    className="@md:col-span-2"
                  >
                    <Input
                      data-control="field"
                      maxLength={QuestionLimits.labelMax}
                      placeholder={t('questions.placeholder')}
                      value={question.label}
                      onChange={(e) => update(index, { label: e.target.value })}
                    />
                  </FormField>
                  <FormField label={t('questions.answerType')} error={error(index, 'kind')}>
                    <OptionSelect<QuestionKind>
                      value={question.kind}
                      options={kindOptions}
                      onValueChange={(kind) =>
                        update(index, {
                          kind,
                          // a choice question starts with two options to fill in
                          choices:
                            hasChoices(kind) && question.choices.length === 0 ? ['', ''] : question.choices,
                        })
                      }
                    />
                  </FormField>
                  <FormField label={t('questions.help')} error={error(index, 'help')}>
                    <Input
                      placeholder={t('optional')}
                      maxLength={QuestionLimits.helpMax}
                      value={question.help ?? ''}
                      onChange={(e) => update(index, { help: e.target.value })}
                    />
                  </FormField>
                  {hasChoices(question.kind) ? (
                    <FormField
                      label={t('questions.options')}
                      hint={t('questions.optionsHint', {
                        min: QuestionLimits.choicesMin,
                        max: QuestionLimits.choicesMax,
                      })}
                      error={error(index, 'choices')}
                      className="@md:col-span-2"
                    >
                      <Textarea
                        rows={Math.max(3, question.choices.length)}
                        value={question.choices.join('\n')}
                        onChange={(e) => update(index, { choices: e.target.value.split('\n') })}
                      />
                    </FormField>
                  ) : null}
                </div>
                <div className="mt-4 flex items-center gap-3">
                  <Switch
                    id={`question-required-${question.id}`}
                    checked={question.required}
                    onCheckedChange={(required) => update(index, { required })}
                  />
                  <label htmlFor={`question-required-${question.id}`} className="cursor-pointer text-sm">
                    {t('questions.requiredSwitch')}
                  </label>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
    </EditorSection>
  );
}

/**
 * "Send me your card" on the message form, and the follow-up text its mail carries: in the privacy
 * card, whose fieldset turns it off when the team's template locks the privacy settings
 */
export function CardExchangeSettings({ fields }: { fields: ProfileFields }) {
  const { values, errors, setPrivacy } = fields;
  const { t } = useTranslation(['editor', 'card']);
  const exchange = values.privacy.cardExchange;
  return (
    <div className="space-y-4 border-t border-border pt-4">
      <SwitchRow
        id="card-exchange"
        // the offer's words are the card's own, as visitors read them on its form
        label={t('questions.offer', { text: t('form.sendCard', { ns: 'card' }) })}
        description={t('questions.offerText')}
      >
        <Switch
          id="card-exchange"
          aria-describedby="card-exchange-description"
          checked={exchange.enabled}
          onCheckedChange={(enabled) => setPrivacy('cardExchange', { ...exchange, enabled })}
        />
      </SwitchRow>
      {exchange.enabled ? (
        <FormField
          label={t('questions.followUp')}
          error={errors['privacy.cardExchange.followUp']}
          hint={t('questions.followUpHint', { max: QuestionLimits.followUpMax })}
        >
          <Textarea
            rows={3}
            maxLength={QuestionLimits.followUpMax}
            value={exchange.followUp ?? ''}
            onChange={(e) => setPrivacy('cardExchange', { ...exchange, followUp: e.target.value })}
          />
        </FormField>
      ) : null}
    </div>
  );
}
