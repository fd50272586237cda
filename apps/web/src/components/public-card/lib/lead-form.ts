import { Limits, Messages } from '@cardcraft/contracts/messages';
import {
  MESSAGE_FIELD_REQUIRED,
  MESSAGE_FIELDS,
  type ExtraMessageField,
  type MessageFieldsResponse,
} from '@cardcraft/contracts/message-field-rules';
import {
  answerField,
  answerProblems,
  normalizeAnswer,
  type AnswerValue,
  type CardQuestion,
} from '@cardcraft/contracts/question-rules';

export {
  MESSAGE_FIELD_LABELS,
  MESSAGE_FIELDS,
  type ExtraMessageField,
} from '@cardcraft/contracts/message-field-rules';

export const MESSAGE_MAX = Limits.messageMax;

// what the form says once sent, or when sending failed: the same words with or without script
export const MESSAGE_SENT = 'Thanks! The owner has received your message.';
export const MESSAGE_FAILED = "We couldn't send your message. Please try again in a moment.";
// when "Send me your card" was ticked: the truth about the mail, and nothing about other cards
export const CARD_SENT = 'We e-mailed you the card.';
export const CARD_NOT_SENT =
  'The card was not e-mailed: an address gets only a few cards a day. Use Save Contact to keep it.';
/** the card's questions changed since the page was loaded */
export const QUESTIONS_CHANGED = 'The questions on this card have changed. Reload the page to answer them.';

export interface LeadFormValues {
  email: string;
  message: string;
  consent: boolean;
  /** the extra fields, when the card's form asks for them */
  name?: string;
  phone?: string;
  company?: string;
  /** the answers to the card's questions as the form holds them, by question id */
  answers?: Record<string, AnswerValue>;
  /** "Send me your card" ticked */
  sendCard?: boolean;
}

/** a form that asks for nothing besides the e-mail and the message */
export const NO_EXTRA_FIELDS: MessageFieldsResponse = { name: 'off', phone: 'off', company: 'off' };

/** the fields of the form a visitor may be told about, in the order they show (then the answers) */
export const LEAD_FORM_FIELDS = ['email', ...MESSAGE_FIELDS, 'message', 'consent', 'sendCard'] as const;

export { answerField };

/** a field the form can show an error under: its own, or a question's (answers.{id}) */
export type LeadFormField = Exclude<keyof LeadFormValues, 'answers'> | `answers.${string}`;

/** whether an error's field is one of the form's */
export function isLeadFormField(field: string): field is LeadFormField {
  return (LEAD_FORM_FIELDS as readonly string[]).includes(field) || field.startsWith('answers.');
}

/** the body the api takes: the extra fields the form asks for, empty ones as null, the answers */
export function leadBody(
  values: LeadFormValues,
  fields: MessageFieldsResponse,
  questions: readonly CardQuestion[] = [],
) {
  const extra: Partial<Record<ExtraMessageField, string | null>> = {};
  for (const field of MESSAGE_FIELDS) {
    if (fields[field] !== 'off') extra[field] = values[field]?.trim() || null;
  }
  const answers: Record<string, AnswerValue> = {};
  for (const question of questions) {
    const value = normalizeAnswer(question.kind, values.answers?.[question.id]);
    if (value !== null) answers[question.id] = value;
  }
  return {
    email: values.email.trim(),
    ...extra,
    message: values.message.trim() ? values.message : null,
    consent: values.consent,
    ...(questions.length > 0 ? { answers } : {}),
    ...(values.sendCard ? { sendCard: true } : {}),
  };
}

export type LeadFormErrors = Partial<Record<LeadFormField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** the client-side rules of the message form, in the words the API answers with */
export function validateLeadForm(
  values: LeadFormValues,
  fields: MessageFieldsResponse = NO_EXTRA_FIELDS,
  questions: readonly CardQuestion[] = [],
): LeadFormErrors {
  const errors: LeadFormErrors = {};
  if (!EMAIL.test(values.email.trim())) errors.email = Messages.messageEmail;
  for (const field of MESSAGE_FIELDS) {
    if (fields[field] === 'required' && !values[field]?.trim()) errors[field] = MESSAGE_FIELD_REQUIRED[field];
  }
  for (const { field, message } of answerProblems(questions, values.answers)) {
    errors[field as `answers.${string}`] = message;
  }
  if (values.message.length > MESSAGE_MAX) errors.message = Messages.messageText;
  if (!values.consent) errors.consent = Messages.consent;
  return errors;
}
