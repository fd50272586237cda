import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router-dom';
import { cn } from '@/lib/utils';
import { rangeSearch, readView } from '../utils/analytics-view';

/** one card's analytics or all the account's cards: two addresses, the range and comparison kept across */
export function AnalyticsTabs() {
  const { t } = useTranslation('analytics');
  const [params] = useSearchParams();
  const view = readView(params);
  const card = params.get('card');
  const search = rangeSearch(view, card ? { card } : {});
  const tabs = [
    { to: `/dashboard/analytics?${search}`, key: 'card', label: t('tabs.card'), end: true },
    {
      to: `/dashboard/analytics/overview?${rangeSearch(view)}`,
      key: 'all',
      label: t('tabs.all'),
      end: false,
    },
  ];
  return (
    <nav
      aria-label={t('tabs.label')}
      className="mb-4 inline-flex rounded-lg border border-border bg-muted p-1"
    >
      {tabs.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            cn(
              'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
              isActive && 'bg-surface text-foreground shadow-xs',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
