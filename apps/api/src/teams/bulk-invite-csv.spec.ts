import { TeamMessages } from '@cardcraft/contracts';
import { csvRecords, parseInviteCsv } from './bulk-invite-csv';

describe('a bulk invitation file', () => {
  it('reads a row a person by the header, in any column order, with the line of each', () => {
    const parsed = parseInviteCsv(
      'Name,EMAIL,phone,title\r\nAda Lovelace,ADA@example.com,+44 1,Analyst\r\n\r\nGrace,grace@example.com,,\n',
    );
    expect(parsed).toEqual({
      rows: [
        { line: 2, email: 'ada@example.com', name: 'Ada Lovelace', title: 'Analyst', phone: '+44 1' },
        { line: 4, email: 'grace@example.com', name: 'Grace', title: null, phone: null },
      ],
    });
  });

  it('reads quoted fields with separators, doubled quotes and line breaks, and a leading BOM', () => {
    const parsed = parseInviteCsv(
      '\uFEFFemail,name,title\n"a@example.com","Hopper, Grace","Rear ""Amazing"" Admiral\nNavy"\nb@example.com,B,\n',
    );
    expect(parsed).toEqual({
      rows: [
        {
          line: 2,
          email: 'a@example.com',
          name: 'Hopper, Grace',
          title: 'Rear "Amazing" Admiral\nNavy',
          phone: null,
        },
        { line: 4, email: 'b@example.com', name: 'B', title: null, phone: null },
      ],
    });
  });

  it('takes semicolons where the header is written with them', () => {
    expect(parseInviteCsv('email;name\nx@example.com;X, Jr.\n')).toEqual({
      rows: [{ line: 2, email: 'x@example.com', name: 'X, Jr.', title: null, phone: null }],
    });
  });

  it('keeps a row whose address is missing or bad, for the row-by-row report', () => {
    const parsed = parseInviteCsv('email,name\n,Nobody\nnot-an-address,Someone\n');
    expect(parsed).toEqual({
      rows: [
        { line: 2, email: '', name: 'Nobody', title: null, phone: null },
        { line: 3, email: 'not-an-address', name: 'Someone', title: null, phone: null },
      ],
    });
  });

  it('refuses a file without an email column, without rows, or with too many', () => {
    expect(parseInviteCsv('name,title\nAda,CEO\n')).toEqual({ error: TeamMessages.csvHeader });
    expect(parseInviteCsv('email\n\n')).toEqual({ error: TeamMessages.csvEmpty });
    expect(parseInviteCsv('')).toEqual({ error: TeamMessages.csvEmpty });
    const many = ['email', ...Array.from({ length: 501 }, (_, i) => `p${i}@example.com`)].join('\n');
    expect(parseInviteCsv(many)).toEqual({ error: TeamMessages.csvTooLong });
  });

  it('splits records on CRLF, LF and CR alike', () => {
    expect(csvRecords('a,b\r\nc,d\re,f\ng,h', ',').map((record) => record.fields)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });
});
