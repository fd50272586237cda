import { Globe, Mail } from 'lucide-react';
import type { ReactNode, SVGProps } from 'react';
import type { SocialPlatform } from '../lib/social';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

// lucide no longer ships brand marks: these are simplified line glyphs drawn in its style.
function Glyph({ size = 20, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

const GLYPHS: Record<Exclude<SocialPlatform, 'website' | 'email'>, ReactNode> = {
  linkedin: (
    <>
      <rect x="2" y="9" width="4" height="12" />
      <circle cx="4" cy="4" r="2" />
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
    </>
  ),
  x: (
    <>
      <path d="M4 4l11.7 16H20L8.3 4z" />
      <path d="M4 20l6.8-6.8M13.2 10.8L20 4" />
    </>
  ),
  github: (
    <>
      <path d="M9 19c-4.3 1.4-4.3-2.5-6-3" />
      <path d="M15 22v-3.9a3.4 3.4 0 0 0-.9-2.6c3.1-.4 6.4-1.5 6.4-7a5.4 5.4 0 0 0-1.5-3.8 5 5 0 0 0-.1-3.7s-1.2-.4-3.9 1.4a13.4 13.4 0 0 0-7 0C5.3.6 4.1 1 4.1 1a5 5 0 0 0-.1 3.7A5.4 5.4 0 0 0 2.5 8.5c0 5.4 3.3 6.6 6.4 7a3.4 3.4 0 0 0-.9 2.6V22" />
    </>
  ),
  instagram: (
    <>
      <rect x="2.5" y="2.5" width="19" height="19" rx="5.5" />
      <circle cx="12" cy="12" r="4.2" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  youtube: (
    <>
      <path d="M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="M10 15l5-3-5-3z" />
    </>
  ),
  tiktok: <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 3 2.5 5 5.5 5.3" />,
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  dribbble: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M19.1 5.1C15.2 9.1 10 10.4 2.3 10.9" />
      <path d="M21.8 12.8c-6.6-1.4-12.1 1-16.4 6.4" />
      <path d="M8.6 2.8c4.4 6 6 9.4 8 17.7" />
    </>
  ),
  gitlab: <path d="M12 21l9.3-7.2-2.9-10.3-2.6 7.9H8.2L5.6 3.5 2.7 13.8z" />,
  twitch: (
    <>
      <path d="M21 2H3v16h5v4l4-4h5l4-4V2z" />
      <path d="M11 11V7M16 11V7" />
    </>
  ),
};

export function SocialIcon({ platform, size = 20, ...props }: IconProps & { platform: SocialPlatform }) {
  if (platform === 'website') return <Globe size={size} aria-hidden="true" focusable="false" {...props} />;
  if (platform === 'email') return <Mail size={size} aria-hidden="true" focusable="false" {...props} />;
  return (
    <Glyph size={size} {...props}>
      {GLYPHS[platform]}
    </Glyph>
  );
}
