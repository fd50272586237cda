// a card's own questions on its message form, and the answers to them: the rules and the words, with
// no dependency, so the card page's small script, the web app and the api check answers alike.
// questions.ts (the editor's DTOs, with class-validator) builds on it.

export const QUESTION_KINDS = ['short_text', 'long_text', 'one_choice', 'choices', 'checkbox'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** the kinds as the editor names them */
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  one_choice: 'One choice',
  choices: 'Several choices',
  checkbox: 'Checkbox',
};

export const QuestionLimits = {
  questionsMax: 5,
  labelMax: 120,
  helpMax: 200,
  choicesMin: 2,
  choicesMax: 10,
  choiceMax: 80,
  shortAnswerMax: 200,
  longAnswerMax: 1000,
  followUpMax: 1000,
  idMax: 40,
} as const;

/** a question's id: letters, digits, dashes and underscores, so it can name a form field as it is */
export const QUESTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export const QuestionMessages = {
  tooManyQuestions: 'Keep it to 5 questions or fewer',
  label: 'Write the question',
  labelTooLong: 'Keep the question under 120 characters',
  help: 'Keep the help text under 200 characters',
  kind: 'Choose a question type',
  choicesCount: 'Give 2 to 10 options',
  choice: 'Keep each option between 1 and 80 characters',
  choicesDistinct: 'Give each option a different text',
  questionId: 'Each question needs its own id',
  followUp: 'Keep the follow-up under 1000 characters',
  // what the visitor is told under a question
  answerRequired: 'Answer this question',
  choiceRequired: 'Choose an option',
  checkboxRequired: 'Tick this box to send',
  notAChoice: 'Choose one of the options',
  shortTooLong: 'Keep the answer within 200 characters',
  longTooLong: 'Keep the answer within 1000 characters',
  answers: 'Answer the questions with text, a list of options or yes/no',
} as const;

export interface CardQuestion {
  /** stable: answers name it, and a renamed question keeps it */
  id: string;
  label: string;
  kind: QuestionKind;
  required: boolean;
  /** a line under the question; null when none */
  help: string | null;
  /** the options of one_choice and choices, in their order; empty for the other kinds */
  choices: string[];
}

/** what a visitor answered: a text or the option chosen, the options ticked, or the box ticked */
export type AnswerValue = string | string[] | boolean;

/** an answer as stored with the lead: the question as it was asked, so renaming it rewrites nothing */
export interface LeadAnswer {
  questionId: string;
  label: string;
  kind: QuestionKind;
  value: AnswerValue;
}

/** "Send me your card": the checkbox's words, stored with the lead that ticked it */
export const CARD_EXCHANGE_TEXT = 'Send me your card by e-mail';

/** the card's offer, as its owner sets it */
export interface CardExchangeSettings {
  enabled: boolean;
  /** a few words the owner adds to the mail; null when none */
  followUp: string | null;
}

export const NO_CARD_EXCHANGE: CardExchangeSettings = { enabled: false, followUp: null };

/** the form field (and the api's error path) of a question's answer */
export const answerField = (questionId: string): `answers.${string}` => `answers.${questionId}`;

function isKind(value: unknown): value is QuestionKind {
  return (QUESTION_KINDS as readonly unknown[]).includes(value);
}

/** a question's answer among the posted ones: only their own keys (never "constructor" and the like) */
function answerOf(answers: Readonly<Record<string, unknown>> | null | undefined, id: string): unknown {
  return answers && Object.prototype.hasOwnProperty.call(answers, id) ? answers[id] : undefined;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** a card saved before questions asks none; anything unreadable in a stored question is left out */
export function questionsOrDefault(value: unknown): CardQuestion[] {
  if (!Array.isArray(value)) return [];
  return (value as Partial<Record<keyof CardQuestion, unknown>>[])
    .filter((q) => q && typeof q.id === 'string' && typeof q.label === 'string' && isKind(q.kind))
    .map((q) => ({
      id: q.id as string,
      label: q.label as string,
      kind: q.kind as QuestionKind,
      required: q.required === true,
      help: typeof q.help === 'string' && q.help !== '' ? q.help : null,
      choices: Array.isArray(q.choices) ? q.choices.filter((c): c is string => typeof c === 'string') : [],
    }));
}

export function cardExchangeOrDefault(value: unknown): CardExchangeSettings {
  const settings = (value ?? {}) as Partial<Record<keyof CardExchangeSettings, unknown>>;
  return {
    enabled: settings.enabled === true,
    followUp: typeof settings.followUp === 'string' && settings.followUp !== '' ? settings.followUp : null,
  };
}

export const hasChoices = (kind: QuestionKind): boolean => kind === 'one_choice' || kind === 'choices';

const answerMax = (kind: QuestionKind): number =>
  kind === 'long_text' ? QuestionLimits.longAnswerMax : QuestionLimits.shortAnswerMax;

/**
 * an answer as the rules read it: trimmed text, the list of options (one option alone counts as a
 * list), a box ticked or not; anything else (a number, an object) is null, which is no answer
 */
export function normalizeAnswer(kind: QuestionKind, value: unknown): AnswerValue | null {
  if (value === undefined || value === null) return null;
  if (kind === 'checkbox') {
    if (typeof value === 'boolean') return value;
    // the page's form sends an empty hidden value before the box, and the box's value when ticked
    const list: unknown[] = Array.isArray(value) ? value : [value];
    if (!list.every((item) => typeof item === 'string')) return null;
    return list.some((item) => item !== '' && item !== 'false');
  }
  if (kind === 'choices') {
    const list = Array.isArray(value) ? value : [value];
    if (!list.every((item) => typeof item === 'string')) return null;
    return [...new Set((list as string[]).map((item) => item.trim()).filter((item) => item !== ''))];
  }
  if (kind === 'one_choice' && Array.isArray(value) && value.length === 1) return text(value[0]).trim();
  return typeof value === 'string' ? (kind === 'long_text' ? value : value.trim()) : null;
}

const isEmpty = (value: AnswerValue | null): boolean =>
  value === null ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** what is wrong with one answer, in the words shown under its question; null when it may be sent */
export function answerProblem(question: CardQuestion, raw: unknown): string | null {
  const value = normalizeAnswer(question.kind, raw);
  if (raw !== undefined && raw !== null && value === null) return QuestionMessages.answers;
  if (isEmpty(value)) {
    if (!question.required) return null;
    if (question.kind === 'checkbox') return QuestionMessages.checkboxRequired;
    return hasChoices(question.kind) ? QuestionMessages.choiceRequired : QuestionMessages.answerRequired;
  }
  if (hasChoices(question.kind)) {
    const picked = Array.isArray(value) ? value : [value as string];
    return picked.every((choice) => question.choices.includes(choice)) ? null : QuestionMessages.notAChoice;
  }
  if (typeof value === 'string' && value.length > answerMax(question.kind)) {
    return question.kind === 'long_text' ? QuestionMessages.longTooLong : QuestionMessages.shortTooLong;
  }
  return null;
}

/**
 * each answer that cannot be sent, by its field (answers.{id}), in the questions' order. answers to
 * questions the card does not ask (any more) are not looked at: they are dropped when stored
 */
export function answerProblems(
  questions: readonly CardQuestion[],
  answers: Readonly<Record<string, unknown>> | null | undefined,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  for (const question of questions) {
    const message = answerProblem(question, answerOf(answers, question.id));
    if (message) problems.push({ field: answerField(question.id), message });
  }
  return problems;
}

/**
 * the answers to keep with a lead, once answerProblems found none: one a question the card asks,
 * with the question's label and kind as they are now; unanswered optional questions are left out,
 * but a checkbox the visitor saw is kept ticked or not, since "no" is an answer
 */
export function answersToStore(
  questions: readonly CardQuestion[],
  answers: Readonly<Record<string, unknown>> | null | undefined,
): LeadAnswer[] {
  const stored: LeadAnswer[] = [];
  for (const question of questions) {
    const value = normalizeAnswer(question.kind, answerOf(answers, question.id));
    if (value === null || (value !== false && isEmpty(value))) continue;
    stored.push({ questionId: question.id, label: question.label, kind: question.kind, value });
  }
  return stored;
}

/** an answer as one line of text: the CSV, the mail, the vCard's note */
export function answerText(value: AnswerValue): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return Array.isArray(value) ? value.join('; ') : value;
}
