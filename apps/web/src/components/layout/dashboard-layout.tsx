import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { BarChart3, LayoutGrid, Mail, Plug, QrCode, Settings, Users, type LucideIcon } from 'lucide-react';
import { PageSpinner } from '@/components/ui/spinner';
import { usePickedCardLink } from '@/lib/profiles';
import { useServiceWorker } from '@/lib/service-worker';
import { cn } from '@/lib/utils';
import { Header } from './header';

/** each section's address, its name's key in the common catalogue (nav.*) and its icon */
const NAV: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/dashboard/home', label: 'profiles', icon: LayoutGrid },
  { to: '/dashboard/qr-codes', label: 'qrCodes', icon: QrCode },
  { to: '/dashboard/analytics', label: 'analytics', icon: BarChart3 },
  { to: '/dashboard/leads', label: 'leads', icon: Mail },
  { to: '/dashboard/teams', label: 'teams', icon: Users },
  { to: '/dashboard/integrations', label: 'integrations', icon: Plug },
  { to: '/dashboard/settings', label: 'settings', icon: Settings },
];

const linkClass = (active: boolean) =>
  cn(
    'flex items-center gap-2 rounded-lg px-2.5 py-2 text-sm sm:gap-2.5 sm:px-3 font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4',
    active ? 'bg-primary-soft text-primary-hover' : 'text-slate-600 hover:bg-muted hover:text-foreground',
  );

/** the signed-in work area: header, navigation at the side (wide) or on top (narrow), the page */
export function DashboardLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  // the installable app's worker: the dashboard opens offline, the public pages never see it
  useServiceWorker();
  // the card picked on Analytics or Leads goes along to the other
  const withCard = usePickedCardLink();
  // the editor belongs to the profiles section
  const inCards = pathname.startsWith('/dashboard/profile');
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        {t('layout.skipToContent')}
      </a>
      <Header />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col lg:flex-row lg:gap-8 lg:px-8">
        <nav
          aria-label={t('layout.dashboardNav')}
          className="sticky top-16 z-30 border-b border-border bg-background/95 backdrop-blur lg:top-24 lg:h-fit lg:w-52 lg:shrink-0 lg:border-0 lg:bg-transparent lg:pt-8"
        >
          <ul className="flex gap-0.5 overflow-x-auto px-3 py-2 sm:gap-1 sm:px-6 lg:flex-col lg:p-0">
            {NAV.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={withCard(to)}
                  className={({ isActive }) => linkClass(isActive || (inCards && to === '/dashboard/home'))}
                >
                  <Icon aria-hidden="true" className="max-[400px]:hidden" />
                  {t(`nav.${label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main
          id="main"
          tabIndex={-1}
          className="min-w-0 outline-none flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-0"
        >
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
