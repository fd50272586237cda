import { useTranslation } from 'react-i18next';
import type { CSSProperties, ReactNode } from 'react';
import { normalizeLayout, normalizeTheme } from '@cardcraft/contracts/themes';
import type { PublicProfileResponse, ViewerType } from '@cardcraft/contracts/responses';
import { cn } from '@/lib/utils';
import { useCardActions, type CardActions, type TrackFn } from '../hooks/use-card-actions';
import { ActionBar } from './action-bar';
import { CardFooter } from './card-footer';
import { brandStyle, brandTheme, CompanyLine, showsBrandLine } from './card-brand';
import { CardAvatar, CardBanner } from './card-media';
import { CARD_THEMES, type CardTheme } from './card-theme';
import { ContactList } from './contact-list';
import { ContentBlocks } from './content-blocks';
import { IdentifiedVisitorNotice } from './identified-visitor-notice';
import { SocialLinks } from './social-links';
import { ViewerBadge } from './viewer-badge';

export interface ProfileCardProps {
  profile: PublicProfileResponse;
  viewer: ViewerType;
  /** the card's public address: shared and written into the contact file */
  profileUrl: string;
  /** the server's contact file for Save Contact; without it the file is built on the device */
  contactFileUrl?: string;
  track: TrackFn;
  /** the message form, when this viewer may leave one */
  message?: (theme: CardTheme, className: string) => ReactNode;
  /** a line above the card: the owner's notice, the demo's theme picker */
  notice?: (theme: CardTheme) => ReactNode;
}

interface PartsProps {
  profile: PublicProfileResponse;
  theme: CardTheme;
  actions: CardActions;
}

/** the owner's avatar, or their initials */
function Avatar({ profile, theme, className }: Omit<PartsProps, 'actions'> & { className: string }) {
  return (
    <CardAvatar
      src={profile.media.avatarUrl}
      name={profile.displayName}
      theme={theme}
      className={className}
    />
  );
}

/** a titled section of the card, labelled by its heading */
function TitledSection({
  id,
  title,
  theme,
  children,
}: {
  id: string;
  title: string;
  theme: CardTheme;
  children: ReactNode;
}) {
  return (
    <section className={cn('p-5 sm:p-7', theme.surface)} aria-labelledby={id}>
      <h2 id={id} className={cn('mb-3', theme.sectionLabel)}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** the content blocks, a divider between each */
function Blocks({ profile, theme, actions, className }: PartsProps & { className: string }) {
  return (
    <ContentBlocks
      blocks={profile.blocks}
      theme={theme}
      actions={actions}
      className={className}
      itemClassName={cn('border-t pt-5 first:border-t-0 first:pt-0', theme.divider)}
    />
  );
}

function Identity({ profile, theme, align }: PartsProps & { align: 'center' | 'start' }) {
  return (
    <>
      {profile.tagline ? (
        <p
          className={cn(
            'mt-2 text-base leading-snug sm:text-lg',
            theme.muted,
            align === 'center' && 'text-balance',
          )}
        >
          {profile.tagline}
        </p>
      ) : null}
      <CompanyLine
        profile={profile}
        theme={theme}
        className={cn('mt-2', align === 'center' && 'justify-center')}
      />
    </>
  );
}

function Bio({ bio, theme, className }: { bio: string | null; theme: CardTheme; className?: string }) {
  if (!bio?.trim()) return null;
  return (
    <p className={cn('text-[15px] leading-relaxed whitespace-pre-line', theme.muted, className)}>{bio}</p>
  );
}

function TopBar({
  profile,
  theme,
  viewer,
  wide,
}: {
  profile: PublicProfileResponse;
  theme: CardTheme;
  viewer: ViewerType;
  wide?: boolean;
}) {
  return (
    <div
      className={cn(
        'mx-auto flex w-full items-center justify-between gap-3 px-4 pt-4 pb-3',
        wide ? 'max-w-6xl' : 'max-w-xl',
      )}
    >
      <span className={cn('truncate text-sm font-medium', theme.subtle)}>@{profile.handle}</span>
      <ViewerBadge viewer={viewer} theme={theme} />
    </div>
  );
}

/** neon: the hero first, a big banner and a centred name */
function NeonLayout({ profile, theme, actions, message }: PartsProps & { message: ReactNode }) {
  const { t } = useTranslation('card');
  const hasContact = Boolean(
    profile.bio?.trim() ||
    profile.contact.email ||
    profile.contact.phoneNumber ||
    profile.contact.location ||
    profile.contact.website,
  );
  return (
    <main className="mx-auto grid w-full max-w-xl grid-cols-1 gap-4 px-4">
      <section className={cn('overflow-hidden', theme.surface)} aria-label={t('sections.profile')}>
        <CardBanner src={profile.media.bannerUrl} theme={theme} className="h-40 sm:h-52" />
        <div className="flex flex-col items-center px-5 pb-6 text-center sm:px-8">
          <Avatar
            profile={profile}
            theme={theme}
            className="-mt-16 size-32 text-4xl sm:-mt-[4.5rem] sm:size-36"
          />
          <h1 className={cn('mt-5 text-[2rem] leading-tight sm:text-4xl', theme.displayName)}>
            {profile.displayName}
          </h1>
          <Identity profile={profile} theme={theme} actions={actions} align="center" />
          <SocialLinks
            links={profile.socialLinks}
            actions={actions}
            theme={theme}
            className="mt-5 justify-center"
          />
          <div className="w-full sm:mt-6">
            <ActionBar
              handle={profile.handle}
              contact={profile.contact}
              actions={actions}
              theme={theme}
              variant="stacked"
            />
          </div>
        </div>
      </section>
      {hasContact ? (
        <TitledSection id="about-title" title={t('sections.about')} theme={theme}>
          <Bio bio={profile.bio} theme={theme} className="mb-4" />
          <ContactList contact={profile.contact} actions={actions} theme={theme} />
        </TitledSection>
      ) : null}
      <Blocks profile={profile} theme={theme} actions={actions} className={cn('p-5 sm:p-7', theme.surface)} />
      {message}
    </main>
  );
}

/** minimal: a compact bio, left aligned, text first */
function MinimalLayout({ profile, theme, actions, message }: PartsProps & { message: ReactNode }) {
  const { t } = useTranslation('card');
  return (
    <main className="mx-auto grid w-full max-w-xl grid-cols-1 gap-8 px-5 pt-2 sm:pt-6">
      <section aria-label={t('sections.profile')}>
        {profile.media.bannerUrl ? (
          <CardBanner
            src={profile.media.bannerUrl}
            theme={theme}
            className={cn('mb-6 h-24', theme.name === 'noir' ? 'rounded-none' : 'rounded-2xl')}
          />
        ) : null}
        <div className="flex items-center gap-4">
          <Avatar profile={profile} theme={theme} className="size-[4.5rem] text-xl" />
          <div className="min-w-0">
            <h1 className={cn('text-2xl leading-tight sm:text-[1.75rem]', theme.displayName)}>
              {profile.displayName}
            </h1>
            {profile.tagline ? (
              <p className={cn('mt-1 text-[15px] leading-snug', theme.muted)}>{profile.tagline}</p>
            ) : null}
            {showsBrandLine(profile) ? (
              <CompanyLine profile={profile} theme={theme} className="mt-1.5" />
            ) : null}
          </div>
        </div>
        <Bio bio={profile.bio} theme={theme} className="mt-5" />
        <div className={cn('mt-5 grid grid-cols-1 gap-4 border-t pt-5', theme.divider)}>
          <ContactList
            contact={profile.contact}
            actions={actions}
            theme={theme}
            compact
            includeCompany={!showsBrandLine(profile)}
          />
          <SocialLinks links={profile.socialLinks} actions={actions} theme={theme} size="sm" />
        </div>
        <div className="sm:mt-6">
          <ActionBar
            handle={profile.handle}
            contact={profile.contact}
            actions={actions}
            theme={theme}
            variant="row"
          />
        </div>
      </section>
      <Blocks profile={profile} theme={theme} actions={actions} className={cn('pt-6', theme.plain)} />
      {message}
    </main>
  );
}

/** split: the media beside the details on wide screens; stacked on a phone */
function SplitLayout({ profile, theme, actions, message }: PartsProps & { message: ReactNode }) {
  const { t } = useTranslation('card');
  const overlay: CSSProperties = {
    backgroundImage: 'linear-gradient(to top, rgba(0,0,0,0.82) 0%, rgba(0,0,0,0.45) 40%, rgba(0,0,0,0) 70%)',
  };
  return (
    <main className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-5 px-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-8">
      <aside
        className="grid grid-cols-1 content-start gap-4 lg:sticky lg:top-6 lg:self-start"
        aria-label={t('sections.profile')}
      >
        {/* the banner's shape sets the least height; a long name or tagline makes the header taller
            instead of pushing the avatar out of it */}
        <div className={cn('relative grid grid-cols-1 overflow-hidden', theme.surface)}>
          <CardBanner src={profile.media.bannerUrl} theme={theme} className="absolute inset-0" />
          <div className="absolute inset-0" style={overlay} aria-hidden="true" />
          <div className="col-start-1 row-start-1 aspect-[4/3] lg:aspect-[4/5]" aria-hidden="true" />
          <div className="relative col-start-1 row-start-1 min-w-0 self-end p-5 pt-10 text-white sm:p-7 sm:pt-12">
            <Avatar profile={profile} theme={theme} className="size-20 text-2xl sm:size-24" />
            <h1
              className={cn(
                'mt-4 text-3xl leading-tight text-white sm:text-4xl',
                theme.name === 'noir'
                  ? 'font-black uppercase tracking-[-0.03em]'
                  : 'font-bold tracking-tight',
                theme.name === 'solar' && 'font-serif font-semibold',
              )}
            >
              {profile.displayName}
            </h1>
            {profile.tagline ? (
              <p className="mt-1.5 text-base leading-snug text-white/90">{profile.tagline}</p>
            ) : null}
            {showsBrandLine(profile) ? (
              <CompanyLine profile={profile} theme={theme} className="mt-2.5" onImage />
            ) : null}
          </div>
        </div>
        <ActionBar
          handle={profile.handle}
          contact={profile.contact}
          actions={actions}
          theme={theme}
          variant="stacked"
        />
      </aside>
      <div className="grid grid-cols-1 content-start gap-5">
        <TitledSection id="details-title" title={t('sections.details')} theme={theme}>
          {showsBrandLine(profile) ? null : <CompanyLine profile={profile} theme={theme} className="mb-3" />}
          <Bio bio={profile.bio} theme={theme} className="mb-5" />
          <ContactList contact={profile.contact} actions={actions} theme={theme} columns />
          <SocialLinks
            links={profile.socialLinks}
            actions={actions}
            theme={theme}
            className={cn('mt-5 border-t pt-5', theme.divider)}
          />
        </TitledSection>
        <Blocks
          profile={profile}
          theme={theme}
          actions={actions}
          className={cn('p-5 sm:p-7', theme.surface)}
        />
        {message}
      </div>
    </main>
  );
}

/** the public card: one component for /u/:handle and /demo, in each theme and layout */
export function ProfileCard({
  profile,
  viewer,
  profileUrl,
  contactFileUrl,
  track,
  message,
  notice,
}: ProfileCardProps) {
  const theme = brandTheme(CARD_THEMES[normalizeTheme(profile.theme)], profile.brand);
  const layout = normalizeLayout(profile.layout);
  const actions = useCardActions(profile, profileUrl, track, contactFileUrl ?? null);
  const messageNode = message?.(
    theme,
    cn('p-5 sm:p-7', layout === 'minimal' ? cn('px-0 pt-6 sm:px-0', theme.plain) : theme.surface),
  );
  const Layout = layout === 'minimal' ? MinimalLayout : layout === 'split' ? SplitLayout : NeonLayout;
  return (
    <div
      // no word may widen the page: a long one breaks where it must (an address, a 190-letter word)
      className={cn('relative isolate min-h-dvh pb-28 wrap-anywhere sm:pb-0', theme.page)}
      style={{ '--color-ring': theme.ring, ...brandStyle(profile.brand) } as CSSProperties}
      data-theme={theme.name}
      data-layout={layout}
    >
      {theme.backdrop ? (
        <div
          className="pointer-events-none absolute inset-0 -z-10 overflow-hidden"
          style={theme.backdrop}
          aria-hidden="true"
        />
      ) : null}
      {/* the banner landmark: the notice, the handle, the viewer badge and whether the owner sees you */}
      <header>
        {notice?.(theme)}
        <TopBar profile={profile} theme={theme} viewer={viewer} wide={layout === 'split'} />
        {viewer === 'user' && profile.ownerSeesVisitorNames ? (
          <IdentifiedVisitorNotice ownerName={profile.displayName} theme={theme} wide={layout === 'split'} />
        ) : null}
      </header>
      <Layout profile={profile} theme={theme} actions={actions} message={messageNode} />
      <CardFooter theme={theme} />
    </div>
  );
}
