import { Limits, Messages } from '@cardcraft/contracts/messages';

export const MESSAGE_MAX = Limits.messageMax;

// what the form says once sent, or when sending failed: the same words with or without script
export const MESSAGE_SENT = 'Thanks! The owner has received your message.';
export const MESSAGE_FAILED = "We couldn't send your message. Please try again in a moment.";

export interface LeadFormValues {
  email: string;
  message: string;
  consent: boolean;
}

export type LeadFormErrors = Partial<Record<keyof LeadFormValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** the client-side rules of the message form, with the specification's messages (§5) */
export function validateLeadForm(values: LeadFormValues): LeadFormErrors {
  const errors: LeadFormErrors = {};
  if (!EMAIL.test(values.email.trim())) errors.email = Messages.messageEmail;
  if (values.message.length > MESSAGE_MAX) errors.message = Messages.messageText;
  if (!values.consent) errors.consent = Messages.consent;
  return errors;
}
