import { TeamLimits, TeamMessages } from '@cardcraft/contracts';

/** one person to invite, as a row of the file says it; `line` counts the header as line 1 */
export interface InviteRow {
  line: number;
  email: string;
  name: string | null;
  title: string | null;
  phone: string | null;
}

export type ParsedInvites = { rows: InviteRow[] } | { error: string };

const COLUMNS = ['email', 'name', 'title', 'phone'] as const;

/**
 * the rows of an RFC 4180 file: quoted fields may hold the separator, quotes (doubled) and line
 * breaks. each row comes with the line it starts on.
 */
export function csvRecords(text: string, separator: string): Array<{ line: number; fields: string[] }> {
  const records: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.some((value) => value.trim() !== '')) records.push({ line: startLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === separator) {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      startLine = line;
    } else {
      field += char;
    }
  }
  endRecord();
  return records;
}

/**
 * the people a bulk invitation names: a header row naming the columns (email first or anywhere,
 * name, title and phone optional; commas, or semicolons as spreadsheets in many countries write
 * them), then a row a person. a file the rule does not fit is refused as a whole; a row's own
 * problems (a bad address) are the caller's to report row by row.
 */
export function parseInviteCsv(text: string): ParsedInvites {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  const [header, ...records] = csvRecords(body, separator);
  if (!header) return { error: TeamMessages.csvEmpty };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const index = Object.fromEntries(COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  if (index.email < 0) return { error: TeamMessages.csvHeader };
  if (records.length === 0) return { error: TeamMessages.csvEmpty };
  if (records.length > TeamLimits.bulkRowsMax) return { error: TeamMessages.csvTooLong };
  const value = (fields: string[], column: (typeof COLUMNS)[number]): string | null => {
    const at = index[column];
    const found = at >= 0 ? (fields[at] ?? '').trim() : '';
    return found === '' ? null : found;
  };
  return {
    rows: records.map(({ line, fields }) => ({
      line,
      email: (value(fields, 'email') ?? '').toLowerCase(),
      name: value(fields, 'name'),
      title: value(fields, 'title'),
      phone: value(fields, 'phone'),
    })),
  };
}
