import { type LockableField } from './card-team';
import type { ProfileContent } from './responses';

export {
  isLockableField,
  LOCKABLE_FIELD_PATHS,
  LOCKABLE_FIELDS,
  LOCKED_FIELD_MESSAGE,
  type LockableField,
} from './card-team';

/** what a template holds of a card: everything but the member's own handle, name and publication */
export type TemplateContent = Omit<ProfileContent, 'handle' | 'displayName' | 'published'>;

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
  const next = {
    ...card,
    contact: { ...card.contact },
    media: { ...card.media },
    privacy: { ...card.privacy },
  };
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
