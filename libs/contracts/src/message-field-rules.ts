// the message form's extra fields and their rules, with no dependency: the card page's small script
// loads this, and message-fields.ts (the editor's DTO, with class-validator) builds on it

/**
 * the extra fields a card's message form may ask a visitor for, besides the e-mail and the message:
 * each is off (not asked), optional or required, as the card's owner chooses
 */
export const MESSAGE_FIELDS = ['name', 'phone', 'company'] as const;
export type ExtraMessageField = (typeof MESSAGE_FIELDS)[number];

export const MESSAGE_FIELD_MODES = ['off', 'optional', 'required'] as const;
export type MessageFieldMode = (typeof MESSAGE_FIELD_MODES)[number];

export type MessageFieldsResponse = Record<ExtraMessageField, MessageFieldMode>;

/** the labels of the fields on the message form, the editor and the leads page */
export const MESSAGE_FIELD_LABELS: Record<ExtraMessageField, string> = {
  name: 'Name',
  phone: 'Phone',
  company: 'Company',
};

/** what a required field says when it is left empty */
export const MESSAGE_FIELD_REQUIRED: Record<ExtraMessageField, string> = {
  name: 'Enter your name',
  phone: 'Enter your phone number',
  company: 'Enter your company',
};

/** a card saved before the form had extra fields asks for none */
export function messageFieldsOrDefault(
  value: Partial<Record<string, unknown>> | null | undefined,
): MessageFieldsResponse {
  const fields: MessageFieldsResponse = { name: 'off', phone: 'off', company: 'off' };
  for (const field of MESSAGE_FIELDS) {
    const mode = value?.[field];
    if ((MESSAGE_FIELD_MODES as readonly unknown[]).includes(mode)) fields[field] = mode as MessageFieldMode;
  }
  return fields;
}

/** each required field a visitor left empty, with what the form says under it */
export function messageFieldProblems(
  settings: MessageFieldsResponse,
  values: Partial<Record<ExtraMessageField, string | null>>,
): { field: ExtraMessageField; message: string }[] {
  const problems: { field: ExtraMessageField; message: string }[] = [];
  for (const field of MESSAGE_FIELDS) {
    const value = values[field]?.trim() ?? '';
    if (settings[field] === 'required' && value === '') {
      problems.push({ field, message: MESSAGE_FIELD_REQUIRED[field] });
    }
  }
  return problems;
}
