import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { EditorSection } from './editor-section';

/** the sentence beside a field the team's template sets; an id lets the field point at it */
export function LockedNote({ id, className }: { id?: string; className?: string }) {
  const { t } = useTranslation('editor');
  return (
    <span id={id} className={className ?? 'inline-flex items-start gap-1.5 text-xs text-muted-foreground'}>
      <Lock className="mt-px size-3 shrink-0" aria-hidden="true" />
      {t('errors.locked')}
    </span>
  );
}

/**
 * the props that make a text field read-only when its template locks it: the field keeps its value
 * and its place, focusable and read, and its hint (which it names in aria-describedby) says why
 */
export function lockedInput(locked: boolean) {
  return locked
    ? {
        readOnly: true,
        hint: <LockedNote />,
        inputClassName: 'bg-muted text-slate-700 focus-visible:outline-ring',
      }
    : {};
}

/**
 * a whole section the template locks (social links, blocks): what the card shows, as text, and why it
 * cannot be changed. the group is described by the sentence, so a screen reader hears it on entering.
 */
export function LockedSection({
  title,
  description,
  error,
  empty,
  children,
}: {
  title: string;
  description: string;
  error?: string;
  /** what to say when the template leaves the section empty */
  empty: string;
  children: ReactNode[];
}) {
  const noteId = useId();
  const titleId = useId();
  return (
    <EditorSection title={title} description={description} error={error}>
      <div role="group" aria-labelledby={titleId} aria-describedby={noteId} className="space-y-3">
        <span id={titleId} className="sr-only">
          {title}
        </span>
        <p className="rounded-lg bg-muted px-3 py-2">
          <LockedNote id={noteId} />
        </p>
        {children.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border text-sm">{children}</ul>
        )}
      </div>
    </EditorSection>
  );
}
