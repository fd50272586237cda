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

// i18next's plural keys: 'fields_one', 'fields_other'; each language has the forms its own counts take
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** the plural forms a language's whole counts (0 to 200) take, and every form its rules know */
function pluralForms(language: string) {
  const rules = new Intl.PluralRules(language);
  const required = new Set<string>(['other']);
  for (let count = 0; count <= 200; count++) required.add(rules.select(count));
  return { required, allowed: new Set<string>(rules.resolvedOptions().pluralCategories) };
}

/** a catalogue's keys: plain ones, and the plural ones by their base ('fields') and form ('one') */
function splitPlurals(keys: Iterable<string>, pluralBases: Set<string>) {
  const plain = new Set<string>();
  const plural = new Map<string, Set<string>>();
  for (const key of keys) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base !== key && pluralBases.has(base)) {
      plural.set(base, (plural.get(base) ?? new Set()).add(key.slice(base.length + 1)));
    } else plain.add(key);
  }
  return { plain, plural };
}

describe('the message catalogues', () => {
  const namespaces = readdirSync(join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));

  it('has a folder for every language the product speaks, and nothing else', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
    expect(namespaces).toContain('card.json');
  });

  describe.each(namespaces)('%s', (file) => {
    const english = read('en', file);
    const pluralBases = new Set(
      [...english.keys()]
        .filter((key) => key.endsWith('_other'))
        .map((key) => key.slice(0, -'_other'.length)),
    );
    const englishKeys = splitPlurals(english.keys(), pluralBases);

    it.each(LANGUAGES.filter((language) => language !== 'en'))(
      'in %s has every key of English, no other, each with its placeholders and some text',
      (language) => {
        const translated = read(language, file);
        const keys = splitPlurals(translated.keys(), pluralBases);
        expect([...keys.plain].filter((key) => !englishKeys.plain.has(key))).toEqual([]);
        expect([...englishKeys.plain].filter((key) => !keys.plain.has(key))).toEqual([]);
        for (const key of englishKeys.plain) {
          const text = english.get(key) ?? '';
          const other = translated.get(key) ?? '';
          expect({ key, text: other.trim() === '' ? '(empty)' : 'ok' }).toEqual({ key, text: 'ok' });
          expect({ key, placeholders: placeholders(other) }).toEqual({
            key,
            placeholders: placeholders(text),
          });
        }
        // a plural: every form the language's counts take, none it does not know; each says at most
        // what English's 'other' says, and its own 'other' says all of it
        const { required, allowed } = pluralForms(language);
        for (const base of pluralBases) {
          const forms = keys.plural.get(base) ?? new Set<string>();
          expect({ base, missing: [...required].filter((form) => !forms.has(form)) }).toEqual({
            base,
            missing: [],
          });
          expect({ base, unknown: [...forms].filter((form) => !allowed.has(form)) }).toEqual({
            base,
            unknown: [],
          });
          const all = placeholders(english.get(`${base}_other`) ?? '');
          for (const form of forms) {
            const key = `${base}_${form}`;
            const text = translated.get(key) ?? '';
            expect({ key, text: text.trim() === '' ? '(empty)' : 'ok' }).toEqual({ key, text: 'ok' });
            const said = placeholders(text);
            expect({
              key,
              placeholders: form === 'other' ? said : said.filter((p) => !all.includes(p)),
            }).toEqual({ key, placeholders: form === 'other' ? all : [] });
          }
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
