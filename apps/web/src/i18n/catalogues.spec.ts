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
/** the elements a text wraps words in (`<link>Settings</link>`), which react-i18next's Trans fills */
const tags = (text: string) => [...text.matchAll(/<(\/?\w+)>/g)].map((m) => m[1]).sort();

const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;

/** the plural forms a language's whole numbers take (Polish: one, few, many; Japanese: other) */
function integerForms(language: string): Set<string> {
  const rules = new Intl.PluralRules(language);
  return new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
}

/**
 * what a language's catalogue must hold, by English's: each key as it is, and for each plural key
 * (English's `_other`) the forms the language's whole numbers take; it may also hold its other forms
 * (a fraction's). a plural form keeps English's placeholders but may spell out its number
 */
function expectedKeys(english: Map<string, string>, language: string) {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const families = new Set(
    [...english.keys()].flatMap((key) => {
      const match = PLURAL_FORM.exec(key);
      return match?.[2] === 'other' ? [match[1]] : [];
    }),
  );
  const required = new Set(
    [...english.keys()].filter((key) => !families.has(PLURAL_FORM.exec(key)?.[1] ?? '')),
  );
  const allowed = new Set(required);
  for (const family of families) {
    for (const form of integerForms(language)) required.add(`${family}_${form}`);
    for (const form of categories) allowed.add(`${family}_${form}`);
  }
  return { required, allowed, families };
}

describe('the message catalogues', () => {
  const namespaces = readdirSync(join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));

  it('has a folder for every language the product speaks, and nothing else', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
    expect(namespaces).toContain('card.json');
  });

  it("names no tag after an HTML element that holds no text (Trans would put a <link>'s words outside it)", () => {
    const voidElements = /^\/?(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)$/;
    const found = LANGUAGES.flatMap((language) =>
      namespaces.flatMap((file) =>
        [...read(language, file)].flatMap(([key, text]) =>
          tags(text)
            .filter((tag) => voidElements.test(tag))
            .map((tag) => `${language}/${file} ${key}: <${tag}>`),
        ),
      ),
    );
    expect(found).toEqual([]);
  });

  describe.each(namespaces)('%s', (file) => {
    const english = read('en', file);

    it.each(LANGUAGES.filter((language) => language !== 'en'))(
      "in %s has every key of English (a plural's in the language's forms), no other, each with its placeholders, its tags and some text",
      (language) => {
        const translated = read(language, file);
        const { required, allowed, families } = expectedKeys(english, language);
        expect([...translated.keys()].filter((key) => !allowed.has(key))).toEqual([]);
        expect([...required].filter((key) => !translated.has(key))).toEqual([]);
        for (const [key, other] of translated) {
          const family = PLURAL_FORM.exec(key)?.[1] ?? '';
          const plural = families.has(family);
          const text = (plural ? english.get(`${family}_other`) : english.get(key)) ?? '';
          const named = (found: string) => placeholders(found).filter((name) => !plural || name !== 'count');
          expect({ key, text: other.trim() === '' ? '(empty)' : 'ok' }).toEqual({ key, text: 'ok' });
          expect({ key, placeholders: named(other) }).toEqual({ key, placeholders: named(text) });
          expect({ key, tags: tags(other) }).toEqual({ key, tags: tags(text) });
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
