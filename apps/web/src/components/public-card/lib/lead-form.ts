import { Limits, Messages } from '@cardcraft/contracts/messages';
import {
  MESSAGE_FIELD_REQUIRED,
  MESSAGE_FIELDS,
  type ExtraMessageField,
  type MessageFieldsResponse,
} from '@cardcraft/contracts/message-field-rules';

export {
  MESSAGE_FIELD_LABELS,
  MESSAGE_FIELDS,
  type ExtraMessageField,
} from '@cardcraft/contracts/message-field-rules';

export const MESSAGE_MAX = Limits.messageMax;

// what the form says once sent, or when sending failed: the same words with or without script
export const MESSAGE_SENT = 'Thanks! The owner has received your message.';
export const MESSAGE_FAILED = "We couldn't send your message. Please try again in a moment.";

export interface LeadFormValues {
  email: string;
  message: string;
  consent: boolean;
  /** the extra fields, when the card's form asks for them */
  name?: string;
  phone?: string;
  company?: string;
}

/** a form that asks for nothing besides the e-mail and the message */
export const NO_EXTRA_FIELDS: MessageFieldsResponse = { name: 'off', phone: 'off', company: 'off' };

/** the fields of the form a visitor may be told about, in the order they show */
export const LEAD_FORM_FIELDS = ['email', ...MESSAGE_FIELDS, 'message', 'consent'] as const;

/** whether an error's field is one of the form's */
export function isLeadFormField(field: string): field is keyof LeadFormValues {
  return (LEAD_FORM_FIELDS as readonly string[]).includes(field);
}

/** the body the api takes: the extra fields the form asks for, empty ones as null */
export function leadBody(values: LeadFormValues, fields: MessageFieldsResponse) {
  const extra: Partial<Record<ExtraMessageField, string | null>> = {};
  for (const field of MESSAGE_FIELDS) {
    if (fields[field] !== 'off') extra[field] = values[field]?.trim() || null;
  }
  return {
    email: values.email.trim(),
    ...extra,
    message: values.message.trim() ? values.message : null,
    consent: values.consent,
  };
}

export type LeadFormErrors = Partial<Record<keyof LeadFormValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** the client-side rules of the message form, with the specification's messages (§5) */
export function validateLeadForm(
  values: LeadFormValues,
  fields: MessageFieldsResponse = NO_EXTRA_FIELDS,
): LeadFormErrors {
  const errors: LeadFormErrors = {};
  if (!EMAIL.test(values.email.trim())) errors.email = Messages.messageEmail;
  for (const field of MESSAGE_FIELDS) {
    if (fields[field] === 'required' && !values[field]?.trim()) errors[field] = MESSAGE_FIELD_REQUIRED[field];
  }
  if (values.message.length > MESSAGE_MAX) errors.message = Messages.messageText;
  if (!values.consent) errors.consent = Messages.consent;
  return errors;
}
