/** one CSV field: quoted when it must be, and never read as a formula by a spreadsheet */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // a visitor's link or referrer could start with = + - @ and run as a formula in a spreadsheet
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** rows joined with CRLF, as RFC 4180 has it, with a header row first */
export function toCsv(
  header: string[],
  rows: Array<Array<string | number | boolean | null | undefined>>,
): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
