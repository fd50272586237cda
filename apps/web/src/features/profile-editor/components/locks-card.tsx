import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { LOCKABLE_FIELDS, type LockableField } from '@cardcraft/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** a lockable field's key in the catalogue: 'contact.email' is locks.fields.contactEmail */
export function lockedFieldKey(path: LockableField): string {
  return `locks.fields.${path.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase())}`;
}

/** the fields a template locks: members see them as the template has them and cannot change them */
export function LocksCard({
  locked,
  onToggle,
  cardCount,
  error,
}: {
  locked: readonly LockableField[];
  onToggle: (path: LockableField, on: boolean) => void;
  /** the cards made from the template; null for a new one */
  cardCount: number | null;
  error?: string;
}) {
  const { t } = useTranslation('editor');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lock className="size-4" aria-hidden="true" />
          {t('locks.title')}
        </CardTitle>
        <CardDescription>
          {cardCount === null ? t('locks.description') : t('locks.descriptionCards', { count: cardCount })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset>
          <legend className="sr-only">{t('locks.legend')}</legend>
          <ul className="grid grid-cols-2 gap-x-3 gap-y-1">
            {LOCKABLE_FIELDS.map(({ path }) => (
              <li key={path}>
                <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-1 text-sm hover:bg-muted">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 cursor-pointer accent-primary"
                    checked={locked.includes(path)}
                    onChange={(event) => onToggle(path, event.target.checked)}
                  />
                  {t(lockedFieldKey(path))}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {error ? (
          <p className="mt-2 text-xs font-medium text-destructive" role="alert">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
