import { useTranslation } from 'react-i18next';
import { answerText } from '@cardcraft/contracts/question-rules';
import type { LeadResponse } from '@cardcraft/contracts';

/** what a lead answered to the card's questions, each under the question as it was asked */
export function LeadAnswers({ lead }: { lead: Pick<LeadResponse, 'answers'> }) {
  const { t } = useTranslation('leads');
  return (
    <dl className="space-y-2 text-sm">
      {lead.answers.map((answer) => (
        <div key={answer.questionId}>
          <dt className="text-muted-foreground">{answer.label}</dt>
          <dd className="break-words whitespace-pre-line">
            {/* a ticked box in words; a text or a choice as the visitor gave it */}
            {typeof answer.value === 'boolean'
              ? t(answer.value ? 'answers.yes' : 'answers.no')
              : answerText(answer.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** whether the visitor asked for the card by e-mail, and whether it was sent */
export function LeadCardExchange({ lead }: { lead: Pick<LeadResponse, 'cardExchange'> }) {
  const { t } = useTranslation('leads');
  if (!lead.cardExchange) return null;
  return (
    <p className="text-sm">{lead.cardExchange.cardSent ? t('answers.cardSent') : t('answers.cardNotSent')}</p>
  );
}
