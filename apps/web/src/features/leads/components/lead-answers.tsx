import { answerText } from '@cardcraft/contracts/question-rules';
import type { LeadResponse } from '@cardcraft/contracts';

/**
 * what a lead answered to the card's questions (each under the question as it was asked), and
 * whether the visitor asked for the card by e-mail and was sent it
 */
export function LeadAnswers({ lead }: { lead: Pick<LeadResponse, 'answers' | 'cardExchange'> }) {
  const answers = lead.answers ?? [];
  if (answers.length === 0 && !lead.cardExchange) return null;
  return (
    <div className="mt-2 space-y-1.5 text-xs">
      {answers.length > 0 ? (
        <dl className="space-y-1">
          {answers.map((answer) => (
            <div key={answer.questionId}>
              <dt className="text-muted-foreground">{answer.label}</dt>
              <dd className="break-words whitespace-pre-line text-slate-700">{answerText(answer.value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {lead.cardExchange ? (
        <p className="text-muted-foreground">
          {lead.cardExchange.cardSent
            ? 'Asked for your card: e-mailed to them.'
            : 'Asked for your card: not e-mailed (the address had its cards for the day).'}
        </p>
      ) : null}
    </div>
  );
}
