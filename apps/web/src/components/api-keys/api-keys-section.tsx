import { useMemo, useState } from 'react';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyResponse } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ListTableHead } from '@/components/ui/list-table-head';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n/use-language';
import { normalizeError } from '@/lib/api-client';
import { useApiKeys, useRevokeApiKey, type ApiKeysOwner } from '@/lib/api-keys';
import { CreateApiKeyDialog } from './create-api-key-dialog';

// a table of seven columns in Settings' narrow column: cells packed closer than the lists' usual
const CELL = 'px-3 py-3 first:pl-5';

/** a day, the screen's language's way; or what stands for no day ("Never") */
function Dated({ iso, empty }: { iso: string | null; empty: string }) {
  const language = useLanguage();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }), [language]);
  return iso ? <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time> : <span>{empty}</span>;
}

function expired(key: ApiKeyResponse): boolean {
  return key.expiresAtUtc !== null && Date.parse(key.expiresAtUtc) <= Date.now();
}

/** one key: on a phone a card of its own, from md on a table row */
function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyResponse; onRevoke: () => void }) {
  const { t } = useTranslation('integrations');
  const label = (text: string) => <span className="text-muted-foreground md:hidden">{text} </span>;
  // CELL from md on, where the row is a table row (written out whole, for tailwind to find)
  const cell = 'md:px-3 md:py-3 md:first:pl-5';
  const dateCell = `col-span-2 text-xs whitespace-nowrap text-muted-foreground md:table-cell md:text-sm ${cell}`;
  return (
    <tr className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5 p-4 md:table-row md:p-0" data-testid="api-key">
      <td className={`min-w-0 ${cell}`}>
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{apiKey.name}</span>
          {expired(apiKey) ? <Badge variant="warning">{t('apiKeys.expired')}</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {apiKey.createdBy.displayName
            ? t('apiKeys.by', { name: apiKey.createdBy.displayName })
            : t('apiKeys.byFormerMember')}
        </p>
      </td>
      <td className={`col-start-1 font-mono text-xs whitespace-nowrap ${cell}`}>
        {label(t('apiKeys.columns.key'))}
        <code>{apiKey.prefix}…</code>
      </td>
      <td className={`col-span-2 ${cell}`}>
        <ul className="flex flex-wrap gap-1" aria-label={t('apiKeys.columns.scopes')}>
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="secondary" className="font-mono">
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
      </td>
      <td className={dateCell}>
        {label(t('apiKeys.columns.created'))}
        <Dated iso={apiKey.createdAtUtc} empty="" />
      </td>
      <td className={dateCell}>
        {label(t('apiKeys.columns.lastUsed'))}
        <Dated iso={apiKey.lastUsedAtUtc} empty={t('apiKeys.neverUsed')} />
      </td>
      <td className={dateCell}>
        {label(t('apiKeys.columns.expires'))}
        <Dated iso={apiKey.expiresAtUtc} empty={t('apiKeys.neverExpires')} />
      </td>
      <td className="col-start-2 row-start-1 text-right md:py-3 md:pr-4">
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-slate-600 hover:bg-destructive-soft hover:text-destructive"
          aria-label={t('apiKeys.revokeNamed', { name: apiKey.name })}
          title={t('apiKeys.revoke')}
          onClick={onRevoke}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </td>
    </tr>
  );
}

/**
 * "API keys": the keys tools use instead of a password, for the account (Settings) or for a team (its
 * admins' tab). each shows once when made; the list shows its first characters only.
 */
export function ApiKeysSection({ owner, description }: { owner: ApiKeysOwner; description: string }) {
  const { t } = useTranslation('integrations');
  const keys = useApiKeys(owner);
  const revoke = useRevokeApiKey(owner);
  const [creating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<ApiKeyResponse | null>(null);
  const list = keys.data ?? [];

  const onRevoke = async () => {
    if (!toRevoke) return;
    try {
      await revoke.mutateAsync(toRevoke.id);
      toast({
        title: t('apiKeys.revoked'),
        description: t('apiKeys.revokedText', { name: toRevoke.name }),
      });
      setToRevoke(null);
    } catch (error) {
      toast({
        title: t('apiKeys.notRevoked'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <Card
      id="api-keys"
      role="region"
      aria-labelledby="api-keys-title"
      className="scroll-mt-6 overflow-hidden"
    >
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <CardTitle id="api-keys-title">{t('apiKeys.title')}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button onClick={() => setCreating(true)} className="self-start sm:shrink-0">
          <Plus aria-hidden="true" />
          {t('apiKeys.create')}
        </Button>
      </CardHeader>
      {keys.isPending ? (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          <Skeleton className="h-24 w-full" aria-label={t('apiKeys.loading')} />
        </div>
      ) : keys.isError ? (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          <ErrorAlert>{normalizeError(keys.error).message}</ErrorAlert>
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title={t('apiKeys.emptyTitle')}
          description={t('apiKeys.emptyText')}
          className="rounded-none border-x-0 border-b-0 border-solid border-border py-8"
        />
      ) : (
        <div className="border-t border-border">
          <table className="w-full text-left text-sm">
            <ListTableHead
              caption={t('apiKeys.title')}
              columns={[
                t('apiKeys.columns.name'),
                t('apiKeys.columns.key'),
                t('apiKeys.columns.scopes'),
                t('apiKeys.columns.created'),
                t('apiKeys.columns.lastUsed'),
                t('apiKeys.columns.expires'),
              ]}
              cellClassName={`whitespace-nowrap ${CELL}`}
            />
            <tbody className="divide-y divide-border">
              {list.map((apiKey) => (
                <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={() => setToRevoke(apiKey)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateApiKeyDialog owner={owner} open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => {
          if (!open) setToRevoke(null);
        }}
        title={t('apiKeys.revokeTitle')}
        description={t('apiKeys.revokeText', { name: toRevoke?.name ?? '' })}
        pending={revoke.isPending}
        onConfirm={() => void onRevoke()}
        confirmLabel={t('apiKeys.revoke')}
        pendingLabel={t('apiKeys.revoking')}
      />
    </Card>
  );
}
