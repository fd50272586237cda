import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BLOCK_TYPE_DEFINITIONS, GENERIC_BLOCK_HINT } from '@cardcraft/contracts/blocks';
import { LANGUAGES } from '@cardcraft/contracts/languages';
import { CONSENT_TEXT, Messages } from '@cardcraft/contracts/messages';
import { MESSAGE_FIELD_LABELS, MESSAGE_FIELD_REQUIRED } from '@cardcraft/contracts/message-field-rules';
import { CARD_EXCHANGE_TEXT, QuestionMessages } from '@cardcraft/contracts/question-rules';
import {
  CARD_NOT_SENT,
  CARD_SENT,
  MESSAGE_FAILED,
  MESSAGE_SENT,
  QUESTIONS_CHANGED,
} from '@/components/public-card/lib/lead-form';
import { CARD_CATALOGUES } from './card-catalogues';

const LOCALES = join(__dirname, 'locales');
type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value, path)) flat.set(inner, text);
  }
  return flat;
}

const read = (language: string, file: string) =>
  flatten(JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Catalogue);
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * the keys a language must have, each with the English text it answers: a plural (English's key_one
 * and key_other) has the forms the language's plural rules ask for (Polish key_few and key_many,
 * Japanese key_other alone), each answering English's key_other
 */
function expectedKeys(english: Map<string, string>, language: string): Map<string, string> {
  const expected = new Map<string, string>();
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  for (const [key, text] of english) {
    if (!PLURAL_SUFFIX.test(key)) expected.set(key, text);
    else if (key.endsWith('_other')) {
      const base = key.replace(PLURAL_SUFFIX, '');
      for (const form of forms) expected.set(`${base}_${form}`, text);
    }
  }
  return expected;
}

describe('the message catalogues', () => {
  const namespaces = readdirSync(join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));

  it('has a folder for every language the product speaks, and nothing else', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
    expect(namespaces).toContain('card.json');
  });

  describe.each(namespaces)('%s', (file) => {
    const english = read('en', file);

    it.each(LANGUAGES.filter((language) => language !== 'en'))(
      'in %s has every key of English, no other, each with its placeholders and some text',
      (language) => {
        const translated = read(language, file);
        const expected = expectedKeys(english, language);
        expect([...translated.keys()].filter((key) => !expected.has(key))).toEqual([]);
        expect([...expected.keys()].filter((key) => !translated.has(key))).toEqual([]);
        for (const [key, text] of expected) {
          const other = translated.get(key) ?? '';
          expect({ key, text: other.trim() === '' ? '(empty)' : 'ok' }).toEqual({ key, text: 'ok' });
          expect({ key, placeholders: placeholders(other) }).toEqual({
            key,
            placeholders: placeholders(text),
          });
        }
      },
    );
  });

  it('gives English each plural in its two forms, one and other', () => {
    for (const file of namespaces) {
      const keys = [...read('en', file).keys()].filter((key) => PLURAL_SUFFIX.test(key));
      const bases = new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, '')));
      expect({ file, keys: keys.sort() }).toEqual({
        file,
        keys: [...bases].flatMap((base) => [`${base}_one`, `${base}_other`]).sort(),
      });
    }
  });

  it('says in English exactly what the product has always said', () => {
    const en = CARD_CATALOGUES.en;
    expect(en.form).toMatchObject({
      consent: CONSENT_TEXT,
      sendCard: CARD_EXCHANGE_TEXT,
      sent: MESSAGE_SENT,
      failed: MESSAGE_FAILED,
      cardSent: CARD_SENT,
      cardNotSent: CARD_NOT_SENT,
      questionsChanged: QUESTIONS_CHANGED,
      name: MESSAGE_FIELD_LABELS.name,
      phone: MESSAGE_FIELD_LABELS.phone,
      company: MESSAGE_FIELD_LABELS.company,
    });
    expect(en.errors).toEqual({
      email: Messages.messageEmail,
      message: Messages.messageText,
      consent: Messages.consent,
      nameRequired: MESSAGE_FIELD_REQUIRED.name,
      phoneRequired: MESSAGE_FIELD_REQUIRED.phone,
      companyRequired: MESSAGE_FIELD_REQUIRED.company,
      answerRequired: QuestionMessages.answerRequired,
      choiceRequired: QuestionMessages.choiceRequired,
      checkboxRequired: QuestionMessages.checkboxRequired,
      notAChoice: QuestionMessages.notAChoice,
      shortTooLong: QuestionMessages.shortTooLong,
      longTooLong: QuestionMessages.longTooLong,
      answers: QuestionMessages.answers,
    });
    expect(en.blocks).toEqual({
      cta: BLOCK_TYPE_DEFINITIONS.cta.emptyHint,
      quote: BLOCK_TYPE_DEFINITIONS.quote.emptyHint,
      embed: BLOCK_TYPE_DEFINITIONS.embed.emptyHint,
      links: BLOCK_TYPE_DEFINITIONS.links.emptyHint,
      generic: GENERIC_BLOCK_HINT,
    });
  });
});
