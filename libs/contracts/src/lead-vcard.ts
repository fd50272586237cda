import { answerText, type LeadAnswer } from './question-rules';
import { escapeVCardText, foldLine, splitName } from './vcard';

/** what a contact file of a visitor's message is made of */
export interface LeadVCardSource {
  email: string;
  name: string | null;
  phone: string | null;
  company: string | null;
  message: string | null;
  /** the answers to the card's questions, as asked */
  answers?: readonly LeadAnswer[];
  createdAtUtc: string;
  /** the card the message was left on, for the note */
  profileDisplayName: string;
}

/**
 * a vCard 3.0 of someone who left a message: their name (or their e-mail when they gave none), e-mail,
 * phone and company, and a note with when and where they wrote and what
 */
export function buildLeadVCard(lead: LeadVCardSource): string {
  const fullName = lead.name?.trim() || lead.email;
  const name = lead.name?.trim() ? splitName(fullName) : { family: '', given: fullName, additional: '' };
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${[name.family, name.given, name.additional, '', ''].map(escapeVCardText).join(';')}`,
    `FN:${escapeVCardText(fullName)}`,
  ];
  if (lead.company?.trim()) lines.push(`ORG:${escapeVCardText(lead.company.trim())}`);
  lines.push(`EMAIL;TYPE=INTERNET:${escapeVCardText(lead.email)}`);
  if (lead.phone?.trim()) lines.push(`TEL;TYPE=CELL:${escapeVCardText(lead.phone.trim())}`);
  const day = lead.createdAtUtc.slice(0, 10);
  const answers = (lead.answers ?? []).map((answer) => `${answer.label}: ${answerText(answer.value)}`);
  const note =
    `Left a message on ${lead.profileDisplayName} on ${day}` +
    (lead.message ? `:\n${lead.message}` : '.') +
    (answers.length > 0 ? `\n\n${answers.join('\n')}` : '');
  lines.push(`NOTE:${escapeVCardText(note)}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** contact-ada-lovelace.vcf; the e-mail's local part when no name was given */
export function leadVCardFileName(lead: Pick<LeadVCardSource, 'name' | 'email'>): string {
  const base = (lead.name?.trim() || lead.email.split('@')[0])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `contact-${base || 'lead'}.vcf`;
}
