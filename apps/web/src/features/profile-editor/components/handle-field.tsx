import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, Loader2 } from 'lucide-react';
import {
  Limits,
  normalizeHandle,
  suggestHandle,
  type HandleAvailability,
  type HandleAvailabilityResponse,
} from '@cardcraft/contracts';
import { TextField } from '@/components/ui/form-field';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';
import { cn } from '@/lib/utils';

const HANDLE = /^[a-z0-9-]+$/;
const HANDLE_STATUSES: readonly HandleAvailability[] = ['available', 'taken', 'reserved'];
/** how long typing pauses before the handle is looked up */
const LOOKUP_DELAY_MS = 350;

function isHandle(value: string): boolean {
  return value.length >= Limits.handleMin && value.length <= Limits.handleMax && HANDLE.test(value);
}

export function getHandleAvailability(
  handle: string,
  profileId: string | undefined,
  signal?: AbortSignal,
): Promise<HandleAvailabilityResponse> {
  const query = new URLSearchParams({ handle });
  if (profileId) query.set('profileId', profileId);
  return api.get<HandleAvailabilityResponse>(`/api/profiles/handle-availability?${query}`, { signal });
}

/** the value, once it has not changed for `delay` ms */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * the handle, with help while it is typed: a handle made from what was typed when that is not one
 * ("Max Feather" → max-feather), and whether it is available, taken or reserved
 */
export function HandleField({
  value,
  onChange,
  error,
  profileId,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** the edited card: its own handle counts as available */
  profileId?: string;
}) {
  const { t } = useTranslation('editor');
  const handle = normalizeHandle(value);
  const settled = useSettled(handle, LOOKUP_DELAY_MS);
  const lookup = useQuery({
    queryKey: ['handle-availability', settled, profileId ?? null],
    queryFn: ({ signal }) => getHandleAvailability(settled, profileId, signal),
    enabled: isHandle(settled) && settled === handle,
    staleTime: 10_000,
    retry: false,
  });
  const suggestion = handle && !isHandle(handle) ? suggestHandle(value) : '';
  const answer = lookup.data && lookup.data.handle === handle ? lookup.data : null;

  let status: { tone: 'muted' | 'good' | 'bad'; text: string } | null = null;
  if (isHandle(handle)) {
    // the answer's status is said in the editor's language (its message says the same in English); a
    // status this dashboard does not know yet is said as the server says it
    if (answer) {
      status = {
        tone: answer.status === 'available' ? 'good' : 'bad',
        text: HANDLE_STATUSES.includes(answer.status)
          ? t(`handle.${answer.status}`, { handle: answer.handle })
          : answer.message,
      };
    } else if (settled !== handle || lookup.isFetching) {
      status = { tone: 'muted', text: t('handle.checking') };
    }
  }
  const Icon = status?.tone === 'good' ? CheckCircle2 : status?.tone === 'bad' ? CircleAlert : Loader2;

  return (
    <TextField
      label={t('handle.label')}
      required
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      placeholder={t('handle.placeholder')}
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
      error={error}
      hint={
        <span className="block space-y-1">
          <span className="block">
            {t('handle.livesAt')}{' '}
            <span className="font-medium text-foreground">
              {env.appOrigin.replace(/^https?:\/\//, '')}/u/{handle || t('handle.yourHandle')}
            </span>
          </span>
          {suggestion && isHandle(suggestion) ? (
            <span className="block">
              {t('handle.notAHandle')}{' '}
              <button
                type="button"
                className="rounded-sm font-medium text-primary underline underline-offset-2 hover:text-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                onClick={() => onChange(suggestion)}
              >
                {t('handle.use', { handle: suggestion })}
              </button>
            </span>
          ) : null}
          {/* read out as it changes, without moving focus */}
          <span role="status" className="block">
            {status ? (
              <span
                className={cn(
                  'inline-flex items-center gap-1 font-medium',
                  status.tone === 'good' && 'text-success',
                  status.tone === 'bad' && 'text-destructive',
                )}
              >
                <Icon
                  className={cn('size-3.5 shrink-0', status.tone === 'muted' && 'animate-spin')}
                  aria-hidden="true"
                />
                {status.text}
              </span>
            ) : null}
          </span>
        </span>
      }
    />
  );
}
