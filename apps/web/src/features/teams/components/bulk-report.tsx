import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { BulkInviteResponse } from '@cardcraft/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * what a bulk invitation did, row by row: invited, or why not. the failed rows come first, as they
 * are what needs doing; each keeps its line in the file, so it can be found and fixed there.
 */
export function BulkReport({ report }: { report: BulkInviteResponse }) {
  const { t } = useTranslation('teams');
  const rows = [...report.rows].sort(
    (a, b) => Number(b.status === 'failed') - Number(a.status === 'failed') || a.line - b.line,
  );
  const summary = t('report.summary', { invited: report.invited, failed: report.failed });
  return (
    <section aria-labelledby="bulk-report-title" className="space-y-3" data-testid="bulk-report">
      <div
        role="status"
        className={cn(
          'flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm',
          report.failed > 0
            ? 'border-amber-200 bg-warning-soft text-amber-900'
            : 'border-emerald-200 bg-emerald-50 text-emerald-900',
        )}
      >
        {report.failed > 0 ? (
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        ) : (
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
        )}
        <p>
          <strong id="bulk-report-title" className="font-semibold">
            {summary}.
          </strong>{' '}
          {report.failed > 0 ? t('report.fix') : t('report.done')}
        </p>
      </div>
      {rows.length > 0 ? (
        <div className="max-h-80 overflow-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('report.caption', { summary })}</caption>
            <thead className="sticky top-0 bg-muted text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('report.line')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('report.email')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('report.result')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => (
                <tr key={row.line} data-status={row.status}>
                  <td className="px-3 py-2 align-top text-muted-foreground tabular-nums">{row.line}</td>
                  <td className="px-3 py-2">
                    <span className="block break-all">{row.email || t('report.empty')}</span>
                    {row.status === 'failed' && row.error ? (
                      <span className="mt-0.5 block text-xs text-red-800">{row.error}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 align-top">
                    {row.status === 'invited' ? (
                      <Badge variant="success">{t('report.invited')}</Badge>
                    ) : (
                      <Badge variant="destructive">{t('report.failed')}</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
