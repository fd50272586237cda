import { Lock } from 'lucide-react';
import { LOCKABLE_FIELDS, type LockableField } from '@cardcraft/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

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
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lock className="size-4" aria-hidden="true" />
          Locked fields
        </CardTitle>
        <CardDescription>
          {cardCount === null
            ? 'Members cannot change a locked field on their card.'
            : `Members cannot change a locked field on their card. Saving updates the locked fields of the ${
                cardCount === 1 ? 'card' : `${cardCount} cards`
              } made from this template.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset>
          <legend className="sr-only">Lock these fields</legend>
          <ul className="grid grid-cols-2 gap-x-3 gap-y-1">
            {LOCKABLE_FIELDS.map(({ path, label }) => (
              <li key={path}>
                <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-1 text-sm hover:bg-muted">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 cursor-pointer accent-primary"
                    checked={locked.includes(path)}
                    onChange={(event) => onToggle(path, event.target.checked)}
                  />
                  {label}
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
