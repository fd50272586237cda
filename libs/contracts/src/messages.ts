// every user-facing validation message of the product, written once: the API and the forms use them as they are.
export const Messages = {
  loginEmail: 'Enter a valid email address',
  loginPassword: 'Password is required',
  registerDisplayName: 'Tell us how to call you',
  registerEmail: 'Enter a valid email address',
  registerPassword: 'Password must be at least 6 characters',
  registerConfirmPassword: "Passwords don't match",
  handleTooShort: 'Handle too short',
  handleTooLong: 'Keep it under 32 characters',
  handlePattern: 'Only lowercase letters, numbers or dashes',
  displayName: 'Display name required',
  tagline: 'Stay under 140 characters',
  bio: 'Keep it under 800 characters',
  contactEmail: 'Enter a valid email',
  url: 'Enter a valid URL',
  provider: 'Enter a provider name',
  blockTitle: 'Block title required',
  messageEmail: 'Enter a valid email',
  messageText: 'Keep the message within 500 characters',
  consent: 'Consent is required',
} as const;

// bounds the specification leaves open; each has a message of ours in the same voice.
export const ExtraMessages = {
  passwordTooLong: 'Keep the password under 200 characters',
  fieldTooLong: 'This value is too long',
  tooManySocialLinks: 'Keep it to 50 social links or fewer',
  tooManyBlocks: 'Keep it to 50 content blocks or fewer',
  blockType: 'Choose a block type',
  theme: 'Choose a theme',
  layout: 'Choose a layout',
  payloadTooLong: 'Keep the configuration under 10000 characters',
  currentPassword: 'Current password is required',
  deletePassword: 'Enter your password to confirm',
  eventType: 'Unknown event type',
} as const;

export const Limits = {
  handleMin: 3,
  handleMax: 32,
  taglineMax: 140,
  bioMax: 800,
  displayNameMin: 2,
  registerDisplayNameMin: 2,
  passwordMin: 6,
  passwordMax: 200,
  blockTitleMin: 2,
  providerMin: 2,
  messageMax: 500,
  shortTextMax: 200,
  urlMax: 2048,
  payloadMax: 10_000,
  socialLinksMax: 50,
  blocksMax: 50,
} as const;

/** the consent checkbox's words, stored with every message a visitor leaves */
export const CONSENT_TEXT = 'I agree to receive a follow-up';
