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

// a text said of a number is one key per plural form (i18next's `key_one`, `key_few`...): each language
// has the forms its own grammar uses, which are not English's (Polish has four, Japanese one)
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseOf = (key: string) => key.replace(PLURAL, '');

/** the forms a language must have: every one a count from 0 to 100 takes, and 'other' (i18next's last resort) */
function requiredForms(language: string): Set<string> {
  const rules = new Intl.PluralRules(language);
  return new Set(['other', ...Array.from({ length: 101 }, (_, count) => rules.select(count))]);
}

/**
 * the keys a language's catalogue must have, from English's, and those it may have: a plural of
 * English's is the language's required forms, or any of its forms
 */
function expectedKeys(english: Map<string, string>, language: string) {
  const required = new Map<string, string>();
  const allowed = new Set<string>();
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  for (const [key, text] of english) {
    if (!PLURAL.test(key)) {
      required.set(key, text);
      allowed.add(key);
      continue;
    }
    const base = baseOf(key);
    // the placeholders of a plural are its 'other' form's
    const other = english.get(`${base}_other`) ?? text;
    for (const form of requiredForms(language)) required.set(`${base}_${form}`, other);
    for (const form of forms) allowed.add(`${base}_${form}`);
  }
  return { required, allowed };
}

/** a plural form may say its number in words ('the other device'): {{count}} is not asked of it */
const placeholdersOf = (key: string, text: string) =>
  placeholders(text).filter((name) => !(PLURAL.test(key) && name === 'count'));

describe('the message catalogues', () => {
  const namespaces = readdirSync(join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));

  it('has a folder for every language the product speaks, and nothing else', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
    expect(namespaces).toContain('card.json');
  });

  describe.each(namespaces)('%s', (file) => {
    const english = read('en', file);

    it.each(LANGUAGES.filter((language) => language !== 'en'))(
      'in %s has every key of English (a plural in its own forms), no other, each with its placeholders and some text',
      (language) => {
        const translated = read(language, file);
        const { required, allowed } = expectedKeys(english, language);
        expect([...translated.keys()].filter((key) => !allowed.has(key))).toEqual([]);
        expect([...required.keys()].filter((key) => !translated.has(key))).toEqual([]);
        for (const [key, other] of translated) {
          const text = required.get(key) ?? english.get(`${baseOf(key)}_other`) ?? '';
          expect({ key, text: other.trim() === '' ? '(empty)' : 'ok' }).toEqual({ key, text: 'ok' });
          expect({ key, placeholders: placeholdersOf(key, other) }).toEqual({
            key,
            placeholders: placeholdersOf(key, text),
          });
        }
      },
    );
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
