import { useState, type CSSProperties } from 'react';
import { UserRound } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { CardTheme } from './card-theme';

/** the round avatar, or a placeholder icon when there is none or it fails to load */
export function CardAvatar({
  src,
  name,
  theme,
  className,
}: {
  src: string | null;
  name: string;
  theme: CardTheme;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const show = Boolean(src) && !failed;
  return (
    <span
      data-card-avatar=""
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
        theme.avatarRing,
        show ? 'bg-black/10' : theme.avatarFallback,
        className,
      )}
    >
      {show ? (
        <img
          src={src ?? undefined}
          alt={name}
          className={cn('size-full object-cover', theme.media)}
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        <>
          <UserRound className="size-1/2" strokeWidth={1.5} aria-hidden="true" />
          <span className="sr-only">{name}</span>
        </>
      )}
    </span>
  );
}

/** the banner image, or the theme's own artwork when there is none or it fails to load */
export function CardBanner({
  src,
  theme,
  className,
  style,
}: {
  src: string | null;
  theme: CardTheme;
  className?: string;
  style?: CSSProperties;
}) {
  const [failed, setFailed] = useState(false);
  const show = Boolean(src) && !failed;
  return (
    <div className={cn('relative overflow-hidden', className)} style={{ ...theme.banner, ...style }}>
      {show ? (
        <img
          src={src ?? undefined}
          alt=""
          className={cn('absolute inset-0 size-full object-cover', theme.media)}
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : null}
    </div>
  );
}
