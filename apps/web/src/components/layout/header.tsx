import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { BarChart3, LayoutGrid, LogOut, Mail, Settings, Users } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { usePickedCardLink } from '@/lib/profiles';
import { useSession } from '@/lib/session';
import { cn, initialsOf } from '@/lib/utils';
import { Logo } from './logo';
import { SIGN_OUT_PATH } from './sign-out';

/** the app header: logo, and Login / Sign Up or the avatar menu */
export function Header({ className }: { className?: string }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const withCard = usePickedCardLink();
  const { t } = useTranslation('common');

  return (
    <header
      className={cn(
        'sticky top-0 z-40 border-b border-border/80 bg-surface/85 backdrop-blur supports-[backdrop-filter]:bg-surface/70',
        className,
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={session ? '/dashboard/home' : '/'}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
          aria-label={t('header.home')}
        >
          <Logo />
        </Link>
        {session ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <button
                type="button"
                className="flex items-center gap-2 rounded-full p-0.5 transition-shadow hover:ring-4 hover:ring-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                // the name starts with the initials on the button, so voice control finds it by what it shows
                aria-label={t('header.accountMenu', {
                  initials: initialsOf(session.displayName),
                  name: session.displayName,
                })}
              >
                <Avatar name={session.displayName} />
              </button>
            </DropdownMenuTrigger>
            <DropdownMenuContent className="w-60">
              <DropdownMenuLabel>
                <span className="block truncate font-medium">{session.displayName}</span>
                <span className="block truncate text-xs font-normal text-muted-foreground">
                  {session.email}
                </span>
              </DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => navigate('/dashboard/home')}>
                <LayoutGrid aria-hidden="true" />
                {t('nav.dashboard')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => navigate(withCard('/dashboard/analytics'))}>
                <BarChart3 aria-hidden="true" />
                {t('nav.analytics')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => navigate(withCard('/dashboard/leads'))}>
                <Mail aria-hidden="true" />
                {t('nav.leads')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => navigate('/dashboard/teams')}>
                <Users aria-hidden="true" />
                {t('nav.teams')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => navigate('/dashboard/settings')}>
                <Settings aria-hidden="true" />
                {t('nav.settings')}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => navigate(SIGN_OUT_PATH)}>
                <LogOut aria-hidden="true" />
                {t('header.logout')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : (
          <nav aria-label={t('header.account')} className="flex items-center gap-2">
            <Button asChild variant="ghost" size="sm">
              <Link to="/auth/login">{t('header.login')}</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/auth/register">{t('header.signUp')}</Link>
            </Button>
          </nav>
        )}
      </div>
    </header>
  );
}
