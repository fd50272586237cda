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
];

/**
 * RFC 4180 quoting, plus a leading apostrophe on cells that start like a formula, so a spreadsheet
 * does not run what a visitor typed.
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `leading`: columns before the lead's own (the owner's data export names each lead's card first) */
export function leadsCsvHeader(leading: string[] = []): string {
  return [...leading, ...HEADER].map(cell).join(',') + '\r\n';
}

export function leadCsvRow(lead: LeadRecord, leading: string[] = []): string {
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
    ]
      .map(cell)
      .join(',') + '\r\n'
  );
}
