import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  Copy,
  ExternalLink,
  Mail,
  MoreHorizontal,
  Pencil,
  QrCode,
  Trash2,
  Users,
  Wallet,
} from 'lucide-react';
import { normalizeTheme, type ProfileResponse } from '@cardcraft/contracts';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn, publicProfilePath } from '@/lib/utils';
import { THEME_COVER } from '@/components/brand/theme-cover';
import { GoogleWalletMenuItem } from './google-wallet-menu-item';

export interface ProfileCardProps {
  profile: ProfileResponse;
  generating: boolean;
  onEdit: () => void;
  /** each gets the menu's trigger, for the dialog to give focus back to */
  onQrCode: (opener: HTMLElement | null) => Promise<void>;
  onDelete: (opener: HTMLElement | null) => void;
  /** makes a copy and opens its editor */
  onDuplicate: () => Promise<void>;
  duplicating: boolean;
  onSignature: (opener: HTMLElement | null) => void;
  /** absent when the server makes no Wallet passes: the item does not show */
  onWalletPass?: () => Promise<void>;
  walletPending?: boolean;
  /** whether the server makes Google Wallet links: the item shows only then */
  googleWallet?: boolean;
}

export function ProfileCard({
  profile,
  generating,
  onEdit,
  onQrCode,
  onDelete,
  onDuplicate,
  duplicating,
  onSignature,
  onWalletPass,
  walletPending = false,
  googleWallet = false,
}: ProfileCardProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const theme = normalizeTheme(profile.theme);
  // a team card is the team's: a member holds it, only the team's admins copy or delete it
  const teamOwned = profile.team?.role === 'member';
  const { t } = useTranslation('profiles');

  return (
    <article className="group flex flex-col overflow-hidden rounded-(--radius-card) border border-border bg-surface shadow-xs transition-shadow hover:shadow-md">
      <div className={cn('relative h-20', THEME_COVER[theme])}>
        {profile.media.bannerUrl ? (
          <img src={profile.media.bannerUrl} alt="" className="size-full object-cover" loading="lazy" />
        ) : null}
        <div className="absolute right-3 top-3">
          {profile.published ? (
            <Badge variant="success" className="bg-white/95 shadow-xs">
              <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
              {t('card.published')}
            </Badge>
          ) : (
            <Badge variant="secondary" className="bg-white/95 shadow-xs">
              <span className="size-1.5 rounded-full bg-slate-400" aria-hidden="true" />
              {t('card.draft')}
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col px-5 pb-4">
        <Avatar
          name={profile.displayName}
          src={profile.media.avatarUrl}
          className="-mt-8 size-16 border-4 border-surface text-lg shadow-sm"
        />
        <div className="mt-3 flex min-w-0 items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold">{profile.displayName}</h2>
            <p className="truncate text-sm text-muted-foreground">@{profile.handle}</p>
          </div>
          {profile.published ? (
            <Button asChild variant="ghost" size="icon-sm" className="text-muted-foreground">
              <a
                href={publicProfilePath(profile.handle)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('card.openPublic', { name: profile.displayName })}
                title={t('card.viewPublic')}
              >
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          ) : null}
        </div>
        {profile.team ? (
          <p className="mt-2">
            <Badge variant="default">
              <Users className="size-3" aria-hidden="true" />
              <span className="truncate">{t('card.team', { team: profile.team.teamName })}</span>
            </Badge>
          </p>
        ) : null}
        <p className="mt-2 line-clamp-2 min-h-10 text-sm text-slate-600">
          {profile.tagline || <span className="text-muted-foreground italic">{t('card.noTagline')}</span>}
        </p>
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-border px-3 py-2">
        <Button asChild variant="ghost" size="sm">
          <Link to={`/dashboard/profile/${profile.id}`}>
            <Pencil aria-hidden="true" />
            {t('card.edit')}
          </Link>
        </Button>
        <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
          <DropdownMenuTrigger asChild>
            <Button
              ref={trigger}
              variant="ghost"
              size="icon-sm"
              aria-label={t('card.actions', { name: profile.displayName })}
            >
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil aria-hidden="true" />
              {t('card.edit')}
            </DropdownMenuItem>
            {profile.published ? (
              <DropdownMenuItem
                disabled={generating}
                onSelect={(event) => {
                  // keep the menu open while the code is generated
                  event.preventDefault();
                  void onQrCode(trigger.current).finally(() => setMenuOpen(false));
                }}
              >
                <QrCode aria-hidden="true" />
                {generating ? t('card.generating') : t('card.qrCode')}
              </DropdownMenuItem>
            ) : null}
            {profile.published ? (
              <DropdownMenuItem onSelect={() => onSignature(trigger.current)}>
                <Mail aria-hidden="true" />
                {t('card.signature')}
              </DropdownMenuItem>
            ) : null}
            {profile.published && onWalletPass ? (
              <DropdownMenuItem
                disabled={walletPending}
                onSelect={(event) => {
                  event.preventDefault();
                  void onWalletPass().finally(() => setMenuOpen(false));
                }}
              >
                <Wallet aria-hidden="true" />
                {walletPending ? t('card.preparingPass') : t('card.appleWallet')}
              </DropdownMenuItem>
            ) : null}
            {/* mounted while the menu is open: its link is asked for then */}
            {profile.published && googleWallet ? <GoogleWalletMenuItem profile={profile} /> : null}
            {teamOwned ? null : (
              <DropdownMenuItem
                disabled={duplicating}
                onSelect={(event) => {
                  // keep the menu open while the copy is made
                  event.preventDefault();
                  void onDuplicate().finally(() => setMenuOpen(false));
                }}
              >
                <Copy aria-hidden="true" />
                {duplicating ? t('card.duplicating') : t('card.duplicate')}
              </DropdownMenuItem>
            )}
            {teamOwned ? null : <DropdownMenuSeparator />}
            {teamOwned ? null : (
              <DropdownMenuItem destructive onSelect={() => onDelete(trigger.current)}>
                <Trash2 aria-hidden="true" />
                {t('card.delete')}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </article>
  );
}
