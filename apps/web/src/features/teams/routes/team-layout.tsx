import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import {
  ArrowLeft,
  BarChart3,
  IdCard,
  KeyRound,
  LayoutTemplate,
  LogOut,
  Mail,
  MailPlus,
  Palette,
  ShieldCheck,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { SecondFactorMessages } from '@cardcraft/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { normalizeError } from '@/lib/api-client';
import { useCurrentTeam } from '@/lib/teams';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LeaveTeamDialog } from '../components/leave-team-dialog';
import { TeamMark } from '../components/team-mark';

/** each tab's address, and its label's key in the teams catalogue (tabs.*) */
const TABS: { to: string; label: string; icon: LucideIcon; adminOnly?: boolean }[] = [
  { to: 'members', label: 'members', icon: Users, adminOnly: true },
  { to: 'invitations', label: 'invitations', icon: MailPlus, adminOnly: true },
  { to: 'brand', label: 'brand', icon: Palette, adminOnly: true },
  { to: 'templates', label: 'templates', icon: LayoutTemplate, adminOnly: true },
  { to: 'cards', label: 'cards', icon: IdCard },
  { to: 'leads', label: 'leads', icon: Mail },
  { to: 'analytics', label: 'analytics', icon: BarChart3 },
  { to: 'api-keys', label: 'apiKeys', icon: KeyRound, adminOnly: true },
  { to: 'webhooks', label: 'webhooks', icon: Webhook, adminOnly: true },
];

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring [&_svg]:size-4',
    isActive
      ? 'border-primary text-primary-hover'
      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-foreground',
  );

/**
 * a team's pages: its name and the caller's role above tabs, each tab a page of its own address. a
 * member sees the tabs of what is theirs (cards, leads, analytics); admins see the team's people,
 * invitations, brand and templates too.
 */
export function TeamLayout() {
  const { t } = useTranslation('teams');
  const { team, isAdmin } = useCurrentTeam();
  const [leaving, setLeaving] = useState(false);
  const tabsRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useDocumentTitle(team.data?.name ?? t('layout.documentTitle'));

  // on a phone the tabs scroll sideways: the current one is brought into view, opened from a link too
  const loaded = team.data !== undefined;
  useEffect(() => {
    const list = tabsRef.current;
    const current = list?.querySelector('[aria-current="page"]');
    if (!list || !current) return;
    const box = current.getBoundingClientRect();
    const frame = list.getBoundingClientRect();
    if (box.left < frame.left || box.right > frame.right) {
      list.scrollLeft += box.left - frame.left - (frame.width - box.width) / 2;
    }
  }, [pathname, loaded]);

  if (team.isPending) return <PageSpinner label={t('layout.loading')} />;
  // the API's refusal, recognised: said in the screen's language (its English is the API's words)
  if (team.isError && normalizeError(team.error).message === SecondFactorMessages.teamRequires) {
    return (
      <EmptyState
        icon={ShieldCheck}
        title={t('layout.secondFactorTitle')}
        description={t('layout.secondFactorText')}
        action={
          <Button asChild>
            <Link to="/dashboard/settings#security">{t('layout.turnOn')}</Link>
          </Button>
        }
      />
    );
  }
  if (team.isError || !team.data) {
    return (
      <EmptyState
        icon={Users}
        title={t('layout.notFoundTitle')}
        description={t('layout.notFoundText')}
        action={
          <Button asChild variant="outline">
            <Link to="/dashboard/teams">{t('layout.allTeams')}</Link>
          </Button>
        }
      />
    );
  }

  const current = team.data;
  return (
    <>
      <Link
        to="/dashboard/teams"
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('layout.allTeams')}
      </Link>
      <div className="mt-3 mb-5 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <TeamMark team={current} className="size-12" />
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold tracking-tight sm:text-3xl">{current.name}</h1>
            <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Badge variant={isAdmin ? 'default' : 'secondary'}>{t(`roles.${current.role}`)}</Badge>
              {current.brand.companyName ? (
                <span className="truncate">{current.brand.companyName}</span>
              ) : null}
            </p>
          </div>
        </div>
        <Button variant="outline" onClick={() => setLeaving(true)} className="self-start sm:self-auto">
          <LogOut aria-hidden="true" />
          {t('layout.leave')}
        </Button>
      </div>
      <nav aria-label={t('layout.sections')} className="mb-6">
        <ul ref={tabsRef} className="flex overflow-x-auto border-b border-border">
          {TABS.filter((tab) => isAdmin || !tab.adminOnly).map(({ to, label, icon: Icon }) => (
            <li key={to} className="-mb-px">
              <NavLink to={to} className={tabClass}>
                <Icon aria-hidden="true" />
                {t(`tabs.${label}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <LeaveTeamDialog team={current} open={leaving} onOpenChange={setLeaving} />
    </>
  );
}

/** the team's first tab: its people for an admin, the cards for a member */
export function TeamIndex() {
  const { team, isAdmin } = useCurrentTeam();
  if (team.isPending) return null;
  return <Navigate to={isAdmin ? 'members' : 'cards'} replace />;
}

/** an admin's page: a member who follows a link to one lands on the cards instead */
export function TeamAdminOnly({ children }: { children: ReactNode }) {
  const { team, isAdmin } = useCurrentTeam();
  if (team.isPending) return <PageSpinner />;
  if (!isAdmin) return <Navigate to={`/dashboard/teams/${team.data?.id ?? ''}/cards`} replace />;
  return <>{children}</>;
}
