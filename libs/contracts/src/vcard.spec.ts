import { buildVCard, escapeVCardText, foldLine, splitName, vCardFileName, type VCardSource } from './vcard';

function source(overrides: Partial<VCardSource> = {}): VCardSource {
  return {
    handle: 'ada',
    displayName: 'Ada Lovelace',
    tagline: null,
    bio: null,
    contact: { email: null, phoneNumber: null, company: null, location: null, website: null },
    media: { avatarUrl: null },
    socialLinks: [],
    ...overrides,
  };
}

/** unfolds continuation lines and returns the content lines */
function contentLines(vcard: string): string[] {
  return vcard.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
}

function line(vcard: string, prefix: string): string | undefined {
  return contentLines(vcard).find((l) => l.startsWith(prefix));
}

describe('buildVCard', () => {
  it('writes a vCard 3.0 document with CRLF line endings only', () => {
    const vcard = buildVCard(source());
    expect(vcard.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(vcard.endsWith('END:VCARD\r\n')).toBe(true);
    expect(vcard.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes the full name and the structured name', () => {
    const vcard = buildVCard(source({ displayName: 'Ada Lovelace' }));
    expect(line(vcard, 'FN:')).toBe('FN:Ada Lovelace');
    expect(line(vcard, 'N:')).toBe('N:Lovelace;Ada;;;');
  });

  it('maps every field of the profile', () => {
    const vcard = buildVCard(
      source({
        tagline: 'Analyst',
        bio: 'First programmer',
        contact: {
          email: 'ada@example.com',
          phoneNumber: '+44 20 7946 0000',
          company: 'Analytical Engines',
          location: 'London',
          website: 'https://ada.example.com',
        },
        media: { avatarUrl: 'https://cdn.example.com/ada.png' },
      }),
    );
    expect(line(vcard, 'ORG:')).toBe('ORG:Analytical Engines');
    expect(line(vcard, 'TITLE:')).toBe('TITLE:Analyst');
    expect(line(vcard, 'EMAIL')).toBe('EMAIL;TYPE=INTERNET:ada@example.com');
    expect(line(vcard, 'TEL')).toBe('TEL;TYPE=CELL:+44 20 7946 0000');
    expect(line(vcard, 'URL:')).toBe('URL:https://ada.example.com');
    expect(line(vcard, 'ADR')).toBe('ADR;TYPE=WORK:;;;London;;;');
    expect(line(vcard, 'NOTE:')).toBe('NOTE:First programmer');
    expect(line(vcard, 'PHOTO')).toBe('PHOTO;VALUE=URI:https://cdn.example.com/ada.png');
  });

  it('leaves out the fields that have no value', () => {
    const vcard = buildVCard(source({ tagline: '  ', contact: { ...source().contact, email: '' } }));
    for (const prefix of ['ORG', 'TITLE', 'EMAIL', 'TEL', 'URL', 'ADR', 'NOTE', 'PHOTO', 'X-SOCIALPROFILE']) {
      expect(line(vcard, prefix)).toBeUndefined();
    }
  });

  it('adds social links as social profile lines, typed by provider', () => {
    const vcard = buildVCard(
      source({
        socialLinks: [
          { provider: 'LinkedIn', url: 'https://www.linkedin.com/in/ada' },
          { provider: 'Twitter / X', url: 'https://x.com/ada' },
        ],
      }),
    );
    const social = contentLines(vcard).filter((l) => l.startsWith('X-SOCIALPROFILE'));
    expect(social).toEqual([
      'X-SOCIALPROFILE;TYPE=linkedin:https://www.linkedin.com/in/ada',
      'X-SOCIALPROFILE;TYPE=twitterx:https://x.com/ada',
    ]);
  });

  it('adds the public card address when given', () => {
    const vcard = buildVCard(source(), { profileUrl: 'https://cards.example.com/u/ada' });
    expect(line(vcard, 'URL;TYPE=Cardcraft')).toBe('URL;TYPE=Cardcraft:https://cards.example.com/u/ada');
  });

  it('escapes backslashes, line breaks, commas and semicolons in text values', () => {
    const vcard = buildVCard(
      source({
        displayName: 'Ada, Countess',
        bio: 'Line one\nLine two\r\nC:\\path; a, b',
        contact: { ...source().contact, company: 'A;B', location: 'London, UK' },
      }),
    );
    expect(line(vcard, 'NOTE:')).toBe('NOTE:Line one\\nLine two\\nC:\\\\path\\; a\\, b');
    expect(line(vcard, 'ORG:')).toBe('ORG:A\\;B');
    expect(line(vcard, 'ADR')).toBe('ADR;TYPE=WORK:;;;London\\, UK;;;');
    expect(line(vcard, 'FN:')).toBe('FN:Ada\\, Countess');
    expect(line(vcard, 'N:')).toBe('N:Countess;Ada\\,;;;');
  });

  it('keeps a line break in a link from starting a new line', () => {
    const vcard = buildVCard(
      source({ contact: { ...source().contact, website: 'https://a.example\r\nNOTE:x' } }),
    );
    expect(line(vcard, 'URL:')).toBe('URL:https://a.exampleNOTE:x');
    expect(line(vcard, 'NOTE')).toBeUndefined();
  });

  it('folds long lines at 75 octets without splitting characters', () => {
    const bio = 'é'.repeat(120);
    const vcard = buildVCard(source({ bio }));
    for (const raw of vcard.split('\r\n')) {
      expect(Buffer.byteLength(raw, 'utf8')).toBeLessThanOrEqual(75);
    }
    expect(line(vcard, 'NOTE:')).toBe(`NOTE:${bio}`);
  });

  it('writes the photo only for a web address', () => {
    const vcard = buildVCard(source({ media: { avatarUrl: 'data:image/svg+xml,<svg/>' } }));
    expect(line(vcard, 'PHOTO')).toBeUndefined();
  });

  it('writes the structured name from the name words only, the full name as written', () => {
    const lines = contentLines(buildVCard(source({ displayName: 'Max Wolfeschlegelsteinhausen 🦄' })));
    expect(lines).toContain('N:Wolfeschlegelsteinhausen;Max;;;');
    expect(lines).toContain('FN:Max Wolfeschlegelsteinhausen 🦄');
  });
  it('falls back to the handle when there is no display name', () => {
    const vcard = buildVCard(source({ displayName: ' ' }));
    expect(line(vcard, 'FN:')).toBe('FN:ada');
  });
});

describe('splitName', () => {
  it('takes one word as the given name only', () => {
    expect(splitName('Cher')).toEqual({ given: 'Cher', family: '', additional: '' });
  });
  it('takes the first word as given and the last as family name', () => {
    expect(splitName('Grace Hopper')).toEqual({ given: 'Grace', family: 'Hopper', additional: '' });
  });
  it('keeps the middle words as additional names', () => {
    expect(splitName('  John  Ronald Reuel   Tolkien ')).toEqual({
      given: 'John',
      family: 'Tolkien',
      additional: 'Ronald Reuel',
    });
  });
  it('skips emoji: the family name is the last word that is a name', () => {
    expect(splitName('Hubert Blaine Wolfeschlegelsteinhausen 🦄')).toEqual({
      given: 'Hubert',
      additional: 'Blaine',
      family: 'Wolfeschlegelsteinhausen',
    });
    expect(splitName('🚀 Zoë Ångström👩🏽‍💻')).toEqual({ given: 'Zoë', family: 'Ångström', additional: '' });
    expect(splitName('Ada 🇬🇧 Lovelace')).toEqual({ given: 'Ada', family: 'Lovelace', additional: '' });
  });
  it('skips bracketed parts, closed or not', () => {
    expect(splitName('Maxi (side project)')).toEqual({ given: 'Maxi', family: '', additional: '' });
    expect(splitName('Sam Lee [she/her] (Acme (EU))')).toEqual({
      given: 'Sam',
      family: 'Lee',
      additional: '',
    });
    expect(splitName('Jo Bloggs (work')).toEqual({ given: 'Jo', family: 'Bloggs', additional: '' });
  });
  it('keeps names with hyphens, apostrophes and non-latin letters', () => {
    expect(splitName("Jean-Luc O'Brien")).toEqual({ given: 'Jean-Luc', family: "O'Brien", additional: '' });
    expect(splitName('李 小龍')).toEqual({ given: '李', family: '小龍', additional: '' });
  });
  it('keeps a name of emoji only whole, as the given name', () => {
    expect(splitName(' 🦄 ')).toEqual({ given: '🦄', family: '', additional: '' });
  });
  it('gives empty parts for an empty name', () => {
    expect(splitName('')).toEqual({ given: '', family: '', additional: '' });
  });
});

describe('escapeVCardText', () => {
  it('escapes the backslash before the other characters', () => {
    expect(escapeVCardText('a\\,b')).toBe('a\\\\\\,b');
  });
  it('turns every kind of line break into \\n', () => {
    expect(escapeVCardText('a\rb\nc\r\nd')).toBe('a\\nb\\nc\\nd');
  });
});

describe('foldLine', () => {
  it('leaves short lines alone', () => {
    expect(foldLine('FN:Ada')).toBe('FN:Ada');
  });
  it('continues a long line with a leading space', () => {
    const folded = foldLine(`NOTE:${'x'.repeat(100)}`);
    expect(folded.split('\r\n ')).toHaveLength(2);
    expect(folded.replace(/\r\n /g, '')).toBe(`NOTE:${'x'.repeat(100)}`);
  });
});

describe('vCardFileName', () => {
  it('names the file after the handle', () => {
    expect(vCardFileName('ada-l')).toBe('ada-l.vcf');
  });
});

describe('the contact photo', () => {
  // a JPEG's first bytes and some more, as base64: long enough to be folded over several lines
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]);

  it('embeds a given JPEG as vCard 3.0 inline binary instead of the avatar address', () => {
    const vcard = buildVCard(source({ media: { avatarUrl: 'https://x.test/media/a.webp' } }), {
      photoJpegBase64: jpeg.toString('base64'),
    });
    const photo = line(vcard, 'PHOTO');
    expect(photo?.startsWith('PHOTO;ENCODING=b;TYPE=JPEG:')).toBe(true);
    expect(Buffer.from(photo!.slice('PHOTO;ENCODING=b;TYPE=JPEG:'.length), 'base64').equals(jpeg)).toBe(true);
    expect(vcard).not.toContain('VALUE=URI');
    for (const physical of vcard.split('\r\n')) expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(75);
  });

  it('keeps the address when no photo is given', () => {
    const vcard = buildVCard(source({ media: { avatarUrl: 'https://x.test/me.png' } }));
    expect(line(vcard, 'PHOTO')).toBe('PHOTO;VALUE=URI:https://x.test/me.png');
  });
});
