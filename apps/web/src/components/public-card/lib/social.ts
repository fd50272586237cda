export type SocialPlatform =
  | 'linkedin'
  | 'x'
  | 'github'
  | 'instagram'
  | 'youtube'
  | 'tiktok'
  | 'facebook'
  | 'dribbble'
  | 'gitlab'
  | 'twitch'
  | 'email'
  | 'website';

interface PlatformRule {
  platform: Exclude<SocialPlatform, 'website'>;
  name: string;
  /** normalised provider names that pick this platform (substring match) */
  names: string[];
  /** normalised provider names that must match whole (too short for a substring match) */
  exact?: string[];
  hosts: string[];
}

const RULES: PlatformRule[] = [
  { platform: 'linkedin', name: 'LinkedIn', names: ['linkedin'], hosts: ['linkedin.com', 'lnkd.in'] },
  {
    platform: 'x',
    name: 'X (Twitter)',
    names: ['twitter'],
    exact: ['x', 'xcom', 'xtwitter'],
    hosts: ['twitter.com', 'x.com'],
  },
  { platform: 'github', name: 'GitHub', names: ['github'], hosts: ['github.com'] },
  {
    platform: 'instagram',
    name: 'Instagram',
    names: ['instagram'],
    exact: ['insta', 'ig'],
    hosts: ['instagram.com'],
  },
  {
    platform: 'youtube',
    name: 'YouTube',
    names: ['youtube'],
    exact: ['yt'],
    hosts: ['youtube.com', 'youtu.be'],
  },
  { platform: 'tiktok', name: 'TikTok', names: ['tiktok'], hosts: ['tiktok.com'] },
  {
    platform: 'facebook',
    name: 'Facebook',
    names: ['facebook'],
    exact: ['fb', 'meta'],
    hosts: ['facebook.com', 'fb.com'],
  },
  { platform: 'dribbble', name: 'Dribbble', names: ['dribbble', 'dribble'], hosts: ['dribbble.com'] },
  { platform: 'gitlab', name: 'GitLab', names: ['gitlab'], hosts: ['gitlab.com'] },
  { platform: 'twitch', name: 'Twitch', names: ['twitch'], hosts: ['twitch.tv'] },
  { platform: 'email', name: 'Email', names: ['email'], exact: ['mail', 'mailto'], hosts: [] },
];

function normalise(provider: string): string {
  return provider.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** the platform whose icon a social link gets: by provider name, then by the link's host, else a globe */
export function matchSocialPlatform(provider: string, url?: string | null): SocialPlatform {
  const name = normalise(provider);
  for (const rule of RULES) {
    if (rule.exact?.includes(name) || rule.names.some((n) => name.includes(n))) return rule.platform;
  }
  if (url) {
    if (/^mailto:/i.test(url.trim())) return 'email';
    const host = hostOf(url);
    if (host) {
      for (const rule of RULES) {
        if (rule.hosts.some((h) => host === h || host.endsWith(`.${h}`))) return rule.platform;
      }
    }
  }
  return 'website';
}

/** the name a visitor reads for a link: its own label, else the platform's name, else the provider */
export function socialLinkLabel(link: {
  provider: string;
  label?: string | null;
  url?: string | null;
}): string {
  const label = link.label?.trim();
  if (label) return label;
  const platform = matchSocialPlatform(link.provider, link.url);
  const rule = RULES.find((r) => r.platform === platform);
  return rule?.name ?? (link.provider.trim() || 'Website');
}
