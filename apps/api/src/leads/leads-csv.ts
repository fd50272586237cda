import { answerText } from '@cardcraft/contracts';
import type { LeadRecord } from '@cardcraft/storage';

const HEADER = [
  'Received (UTC)',
  'Email',
  'Name',
  'Phone',
  'Company',
  'Message',
  'Consent',
  'Consent text',
  'Status',
  'Tags',
  'Note',
  'Card by e-mail',
];

/**
 * RFC 4180 quoting, plus a leading apostrophe on cells that start like a formula, so a spreadsheet
 * does not run what a visitor typed.
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * the columns of the questions answered in the exported leads: one a question's label as it was
 * asked, in the order first met reading the leads as exported (newest first), so the same leads give
 * the same columns. answers to a question since renamed go under the name they were given under
 */
export class AnswerColumns {
  private readonly seen = new Set<string>();

  add(lead: Pick<LeadRecord, 'answers'>): void {
    for (const answer of lead.answers) this.seen.add(answer.label);
  }

  get labels(): string[] {
    return [...this.seen];
  }
}

function cardByMail(lead: LeadRecord): string {
  if (!lead.cardExchange) return '';
  return lead.cardExchange.cardSent ? 'Sent' : 'Not sent (daily limit)';
}

/**
 * `leading`: columns before the lead's own (the owner's data export names each lead's card first);
 * `questions`: the answer columns' labels (AnswerColumns), after the lead's own
 */
export function leadsCsvHeader(leading: string[] = [], questions: readonly string[] = []): string {
  return [...leading, ...HEADER, ...questions].map(cell).join(',') + '\r\n';
}

export function leadCsvRow(
  lead: LeadRecord,
  leading: string[] = [],
  questions: readonly string[] = [],
): string {
  const answers = questions.map((label) =>
    lead.answers
      .filter((answer) => answer.label === label)
      .map((answer) => answerText(answer.value))
      .join('; '),
  );
  return (
    [
      ...leading,
      lead.createdAt.toISOString(),
      lead.email,
      lead.name ?? '',
      lead.phone ?? '',
      lead.company ?? '',
      lead.message ?? '',
      lead.consent ? 'yes' : 'no',
      lead.consentText,
      lead.status,
      lead.tags.join('; '),
      lead.note ?? '',
      cardByMail(lead),
      ...answers,
    ]
      .map(cell)
      .join(',') + '\r\n'
  );
}

/**
 * a whole CSV of leads: `cells` names each row's lead and the cells before it (under `leadingHeader`).
 * the answers' columns are known once every lead is read, so the rows are made after
 */
export async function leadsCsv<T>(
  leadingHeader: string[],
  rows: AsyncIterable<T>,
  cells: (row: T) => { lead: LeadRecord; leading: string[] },
): Promise<string> {
  const read: Array<{ lead: LeadRecord; leading: string[] }> = [];
  const columns = new AnswerColumns();
  for await (const row of rows) {
    const parts = cells(row);
    read.push(parts);
    columns.add(parts.lead);
  }
  const lines = [leadsCsvHeader(leadingHeader, columns.labels)];
  for (const { lead, leading } of read) lines.push(leadCsvRow(lead, leading, columns.labels));
  return lines.join('');
}
