import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { RequireAuth } from '@/components/layout/require-auth';
import { SIGN_OUT_PATH, SignOut } from '@/components/layout/sign-out';
import { PageSpinner } from '@/components/ui/spinner';

// every page is its own chunk: the public card never downloads the dashboard's code
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const SiteLayout = page(() => import('@/components/layout/site-layout'), 'SiteLayout');
const DashboardLayout = page(() => import('@/components/layout/dashboard-layout'), 'DashboardLayout');

const LandingPage = page(() => import('@/features/landing/routes/landing-page'), 'LandingPage');
const DemoPage = page(() => import('@/features/public-card/routes/demo-page'), 'DemoPage');

const LoginPage = page(() => import('@/features/auth/routes/login-page'), 'LoginPage');
const RegisterPage = page(() => import('@/features/auth/routes/register-page'), 'RegisterPage');
const ForgotPasswordPage = page(
  () => import('@/features/auth/routes/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('@/features/auth/routes/reset-password-page'),
  'ResetPasswordPage',
);
const ConfirmEmailPage = page(() => import('@/features/auth/routes/confirm-email-page'), 'ConfirmEmailPage');
const DashboardHomePage = page(
  () => import('@/features/profiles/routes/dashboard-home-page'),
  'DashboardHomePage',
);
const ProfileEditorPage = page(
  () => import('@/features/profile-editor/routes/profile-editor-page'),
  'ProfileEditorPage',
);
const QrCodesPage = page(() => import('@/features/qr-codes/routes/qr-codes-page'), 'QrCodesPage');
const AnalyticsPage = page(() => import('@/features/analytics/routes/analytics-page'), 'AnalyticsPage');
const AnalyticsOverviewPage = page(
  () => import('@/features/analytics/routes/analytics-overview-page'),
  'AnalyticsOverviewPage',
);
const SharedDashboardPage = page(
  () => import('@/features/analytics/routes/shared-dashboard-page'),
  'SharedDashboardPage',
);
const LeadsPage = page(() => import('@/features/leads/routes/leads-page'), 'LeadsPage');
const OnboardingPage = page(() => import('@/features/onboarding/routes/onboarding-page'), 'OnboardingPage');
const SettingsPage = page(() => import('@/features/settings/routes/settings-page'), 'SettingsPage');
const IntegrationsPage = page(
  () => import('@/features/integrations/routes/integrations-page'),
  'IntegrationsPage',
);
const TeamWebhooksPage = page(
  () => import('@/features/integrations/routes/team-webhooks-page'),
  'TeamWebhooksPage',
);
const TeamsPage = page(() => import('@/features/teams/routes/teams-page'), 'TeamsPage');
const TeamLayout = page(() => import('@/features/teams/routes/team-layout'), 'TeamLayout');
const TeamIndex = page(() => import('@/features/teams/routes/team-layout'), 'TeamIndex');
const TeamAdminOnly = lazy(() =>
  import('@/features/teams/routes/team-layout').then((m) => ({ default: m.TeamAdminOnly })),
);
const MembersPage = page(() => import('@/features/teams/routes/members-page'), 'MembersPage');
const InvitationsPage = page(() => import('@/features/teams/routes/invitations-page'), 'InvitationsPage');
const TeamApiKeysPage = page(() => import('@/features/teams/routes/api-keys-page'), 'TeamApiKeysPage');
const BrandPage = page(() => import('@/features/teams/routes/brand-page'), 'BrandPage');
const TemplatesPage = page(() => import('@/features/teams/routes/templates-page'), 'TemplatesPage');
const TemplateEditorPage = page(
  () => import('@/features/profile-editor/routes/template-editor-page'),
  'TemplateEditorPage',
);
const TeamCardsPage = page(() => import('@/features/teams/routes/team-cards-page'), 'TeamCardsPage');
const TeamLeadsPage = page(() => import('@/features/leads/routes/team-leads-page'), 'TeamLeadsPage');
const TeamAnalyticsPage = page(
  () => import('@/features/analytics/routes/team-analytics-page'),
  'TeamAnalyticsPage',
);
const InvitePage = page(() => import('@/features/teams/routes/invite-page'), 'InvitePage');
const EndSessionPage = page(() => import('@/features/auth/routes/end-session-page'), 'EndSessionPage');
const UnsubscribePage = page(() => import('@/features/settings/routes/unsubscribe-page'), 'UnsubscribePage');
const NotFoundPage = page(() => import('./routes/not-found-page'), 'NotFoundPage');

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

const guarded = (node: ReactNode) => <RequireAuth>{node}</RequireAuth>;
// a team's pages for its admins; the team's layout above has checked the session
const adminsOnly = (node: ReactNode) => <TeamAdminOnly>{node}</TeamAdminOnly>;

/** every route of the app: the pages, the dashboard and the not-found page */
export const router = createBrowserRouter([
  {
    path: '/',
    element: (
      <Lazy>
        <SiteLayout />
      </Lazy>
    ),
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'auth', element: <Navigate to="/auth/login" replace /> },
      { path: 'auth/login', element: <LoginPage /> },
      { path: 'auth/register', element: <RegisterPage /> },
      { path: 'auth/forgot-password', element: <ForgotPasswordPage /> },
      { path: 'auth/reset-password', element: <ResetPasswordPage /> },
      { path: 'auth/confirm-email', element: <ConfirmEmailPage /> },
      // a new sign-in mail's link: works signed out, changes nothing until its button
      { path: 'auth/end-session', element: <EndSessionPage /> },
      // an invitation's link works signed out: it says what to do next
      { path: 'invite', element: <InvitePage /> },
      // an analytics mail's unsubscribe link: works signed out, changes nothing until its button
      { path: 'unsubscribe', element: <UnsubscribePage /> },
    ],
  },
  {
    path: '/dashboard',
    element: (
      <Lazy>
        <DashboardLayout />
      </Lazy>
    ),
    children: [
      { index: true, element: <Navigate to="/dashboard/home" replace /> },
      { path: 'home', element: guarded(<DashboardHomePage />) },
      { path: 'profile', element: guarded(<ProfileEditorPage />) },
      { path: 'profile/create', element: guarded(<ProfileEditorPage />) },
      { path: 'profile/:id', element: guarded(<ProfileEditorPage />) },
      // opens offline too, from the device's saved copy (docs/offline.md)
      { path: 'qr-codes', element: guarded(<QrCodesPage />) },
      // analytics shows its own 'Authentication Required' state instead of redirecting
      { path: 'analytics', element: <AnalyticsPage /> },
      { path: 'analytics/overview', element: guarded(<AnalyticsOverviewPage />) },
      { path: 'leads', element: guarded(<LeadsPage />) },
      { path: 'onboarding', element: guarded(<OnboardingPage />) },
      { path: 'integrations', element: guarded(<IntegrationsPage />) },
      { path: 'settings', element: guarded(<SettingsPage />) },
      { path: 'teams', element: guarded(<TeamsPage />) },
      {
        // each tab of a team is an address of its own; leads, analytics and the template editor are
        // those features' pages, shown inside the team's
        path: 'teams/:teamId',
        element: guarded(<TeamLayout />),
        children: [
          { index: true, element: <TeamIndex /> },
          { path: 'members', element: adminsOnly(<MembersPage />) },
          { path: 'invitations', element: adminsOnly(<InvitationsPage />) },
          { path: 'brand', element: adminsOnly(<BrandPage />) },
          { path: 'templates', element: adminsOnly(<TemplatesPage />) },
          { path: 'templates/new', element: adminsOnly(<TemplateEditorPage />) },
          { path: 'templates/:templateId', element: adminsOnly(<TemplateEditorPage />) },
          { path: 'cards', element: <TeamCardsPage /> },
          { path: 'leads', element: <TeamLeadsPage /> },
          { path: 'analytics', element: <TeamAnalyticsPage /> },
          { path: 'api-keys', element: adminsOnly(<TeamApiKeysPage />) },
          { path: 'webhooks', element: adminsOnly(<TeamWebhooksPage />) },
        ],
      },
    ],
  },
  { path: SIGN_OUT_PATH, element: <SignOut /> },
  { path: '/analytics', element: <Navigate to="/dashboard/analytics" replace /> },
  {
    // a card's analytics its owner shared: public, outside the dashboard and the site's layout
    path: '/share/:token',
    element: (
      <Lazy>
        <SharedDashboardPage />
      </Lazy>
    ),
  },
  {
    path: '/demo',
    element: (
      <Lazy>
        <DemoPage />
      </Lazy>
    ),
  },
  {
    path: '*',
    element: (
      <Lazy>
        <NotFoundPage />
      </Lazy>
    ),
  },
]);
