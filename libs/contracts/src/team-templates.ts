import type { ProfileContent } from './responses';

/**
 * the parts of a card a team's template can lock, by their path in the card's body (the path the API
 * names when it refuses a change), with the words the editor shows beside a locked field
 */
export const LOCKABLE_FIELDS = [
  { path: 'tagline', label: 'Title' },
  { path: 'bio', label: 'Bio' },
  { path: 'theme', label: 'Theme' },
  { path: 'layout', label: 'Layout' },
  { path: 'contact.email', label: 'E-mail' },
  { path: 'contact.phoneNumber', label: 'Phone' },
  { path: 'contact.company', label: 'Company' },
  { path: 'contact.location', label: 'Location' },
  { path: 'contact.website', label: 'Website' },
  { path: 'media.avatarUrl', label: 'Photo' },
  { path: 'media.bannerUrl', label: 'Banner' },
  { path: 'privacy', label: 'Privacy and messages' },
  { path: 'socialLinks', label: 'Social links' },
  { path: 'blocks', label: 'Blocks' },
] as const;
export type LockableField = (typeof LOCKABLE_FIELDS)[number]['path'];
export const LOCKABLE_FIELD_PATHS: readonly LockableField[] = LOCKABLE_FIELDS.map((field) => field.path);

export function isLockableField(value: unknown): value is LockableField {
  return typeof value === 'string' && (LOCKABLE_FIELD_PATHS as readonly string[]).includes(value);
}

/** what a template holds of a card: everything but the member's own handle, name and publication */
export type TemplateContent = Omit<ProfileContent, 'handle' | 'displayName' | 'published'>;

/** the sentence the API answers (with the field's path) and the editor shows beside a locked field */
export const LOCKED_FIELD_MESSAGE = "This field is set by your team's template and cannot be changed";

/** a card's (or a template's) value at a lockable path */
export function valueAtPath(content: TemplateContent, path: LockableField): unknown {
  const [head, tail] = path.split('.') as [keyof TemplateContent, string | undefined];
  const value = content[head] as unknown;
  return tail === undefined ? value : (value as Record<string, unknown>)[tail];
}

/** the card with the template's value at each locked path; the rest of the card as it is */
export function withLockedValues<T extends TemplateContent>(
  card: T,
  template: TemplateContent,
  locked: readonly LockableField[],
): T {
  const next = { ...card, contact: { ...card.contact }, media: { ...card.media } };
  for (const path of locked) {
    const value = structuredClone(valueAtPath(template, path));
    const [head, tail] = path.split('.') as [keyof TemplateContent, string | undefined];
    if (tail === undefined) (next as Record<string, unknown>)[head] = value;
    else (next[head] as unknown as Record<string, unknown>)[tail] = value;
  }
  return next;
}

/**
 * the locked paths where the card differs from the template. lists are compared without the order
 * number the server fills in, so a card saved as the editor sends it matches its template
 */
export function changedLockedFields(
  card: TemplateContent,
  template: TemplateContent,
  locked: readonly LockableField[],
): LockableField[] {
  return locked.filter(
    (path) => comparable(valueAtPath(card, path)) !== comparable(valueAtPath(template, path)),
  );
}

function comparable(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      // keys sorted, so two objects of the same fields compare equal whatever their order
      return Object.fromEntries(
        Object.entries(inner as Record<string, unknown>)
          .filter(([key]) => key !== 'order')
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    }
    return inner === undefined ? null : inner;
  });
}
