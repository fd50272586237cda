import { EMBED_FRAME_ORIGINS, isEmbedFrameAllowed } from '@cardcraft/contracts/blocks';
import { parseHttpUrl } from '@cardcraft/contracts/urls';

export { parseHttpUrl };

/** what an embed block shows: a frame from a known provider, a plain link, or nothing usable */
export type EmbedTarget =
  | { kind: 'frame'; provider: EmbedProvider; src: string }
  | { kind: 'link'; href: string }
  | { kind: 'invalid' };

export type EmbedProvider =
  'YouTube' | 'Vimeo' | 'Loom' | 'Spotify' | 'SoundCloud' | 'Figma' | 'CodePen' | 'Google Maps';

type Resolver = (url: URL) => string | null;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function host(url: URL): string {
  return url.hostname.toLowerCase().replace(/^www\./, '');
}

function segments(url: URL): string[] {
  return url.pathname.split('/').filter(Boolean);
}

/** a youtube start time: "90", "90s" or "1m30s" in seconds */
function youtubeStart(url: URL): number | null {
  const raw = url.searchParams.get('t') ?? url.searchParams.get('start');
  if (!raw) return null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(raw);
  if (!match) return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 ? seconds : null;
}

const youtube: Resolver = (url) => {
  const h = host(url);
  const parts = segments(url);
  let id: string | null = null;
  if (h === 'youtu.be') {
    id = parts[0] ?? null;
  } else if (['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com'].includes(h)) {
    if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1] ?? null;
    else if (parts[0] === 'playlist' || (parts[0] === 'embed' && parts[1] === 'videoseries')) {
      const list = url.searchParams.get('list');
      return list && /^[A-Za-z0-9_-]+$/.test(list)
        ? `${EMBED_FRAME_ORIGINS.youtube}/embed/videoseries?list=${list}`
        : null;
    }
  } else {
    return null;
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = youtubeStart(url);
  return `${EMBED_FRAME_ORIGINS.youtube}/embed/${id}${start ? `?start=${start}` : ''}`;
};

const vimeo: Resolver = (url) => {
  const h = host(url);
  const parts = segments(url);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  if (h === 'player.vimeo.com' && parts[0] === 'video') {
    id = parts[1];
  } else if (h === 'vimeo.com') {
    const index = parts.findIndex((p) => /^\d+$/.test(p));
    if (index >= 0) {
      id = parts[index];
      const next = parts[index + 1];
      if (next && /^[a-f0-9]+$/i.test(next)) hash = next;
    }
  } else {
    return null;
  }
  if (!id || !/^\d+$/.test(id)) return null;
  const query = new URLSearchParams({ dnt: '1' });
  if (hash && /^[a-f0-9]+$/i.test(hash)) query.set('h', hash);
  return `${EMBED_FRAME_ORIGINS.vimeo}/video/${id}?${query.toString()}`;
};

const loom: Resolver = (url) => {
  if (host(url) !== 'loom.com') return null;
  const [kind, id] = segments(url);
  if ((kind !== 'share' && kind !== 'embed') || !id || !/^[A-Za-z0-9]+$/.test(id)) return null;
  return `${EMBED_FRAME_ORIGINS.loom}/embed/${id}`;
};

const SPOTIFY_KINDS = ['track', 'album', 'playlist', 'episode', 'show', 'artist'];

const spotify: Resolver = (url) => {
  if (host(url) !== 'open.spotify.com') return null;
  let parts = segments(url);
  if (parts[0] === 'embed') parts = parts.slice(1);
  if (parts[0]?.startsWith('intl-')) parts = parts.slice(1);
  const [kind, id] = parts;
  if (!kind || !SPOTIFY_KINDS.includes(kind) || !id || !/^[A-Za-z0-9]+$/.test(id)) return null;
  return `${EMBED_FRAME_ORIGINS.spotify}/embed/${kind}/${id}`;
};

const soundcloud: Resolver = (url) => {
  const h = host(url);
  if (h === 'w.soundcloud.com') {
    const inner = url.searchParams.get('url');
    return segments(url)[0] === 'player' && inner
      ? `${EMBED_FRAME_ORIGINS.soundcloud}/player/?url=${encodeURIComponent(inner)}`
      : null;
  }
  if (h !== 'soundcloud.com' && h !== 'm.soundcloud.com') return null;
  const parts = segments(url);
  if (parts.length < 2) return null;
  const track = `https://soundcloud.com/${parts.join('/')}`;
  return `${EMBED_FRAME_ORIGINS.soundcloud}/player/?url=${encodeURIComponent(track)}`;
};

const figma: Resolver = (url) => {
  if (host(url) !== 'figma.com') return null;
  const parts = segments(url);
  if (parts[0] === 'embed') {
    const inner = url.searchParams.get('url');
    return inner ? figmaEmbed(inner) : null;
  }
  if (!['file', 'design', 'proto', 'board', 'slides'].includes(parts[0] ?? '') || !parts[1]) return null;
  return figmaEmbed(url.toString());
};

function figmaEmbed(fileUrl: string): string {
  return `${EMBED_FRAME_ORIGINS.figma}/embed?embed_host=cardcraft&url=${encodeURIComponent(fileUrl)}`;
}

const codepen: Resolver = (url) => {
  if (host(url) !== 'codepen.io') return null;
  const [user, kind, id] = segments(url);
  if (!user || (kind !== 'pen' && kind !== 'embed') || !id) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(user) || !/^[A-Za-z0-9]+$/.test(id)) return null;
  return `${EMBED_FRAME_ORIGINS.codepen}/${user}/embed/${id}?default-tab=result`;
};

const googleMaps: Resolver = (url) => {
  const h = host(url);
  const path = url.pathname;
  // only the embed forms of maps may be framed; a share link shows as a plain link
  if (h === 'google.com' && path.startsWith('/maps/embed'))
    return `${EMBED_FRAME_ORIGINS.googleMaps}${path}${url.search}`;
  if (h === 'maps.google.com' && url.searchParams.get('output') === 'embed') {
    return `${EMBED_FRAME_ORIGINS.googleMapsClassic}${path}${url.search}`;
  }
  return null;
};

const RESOLVERS: [EmbedProvider, Resolver][] = [
  ['YouTube', youtube],
  ['Vimeo', vimeo],
  ['Loom', loom],
  ['Spotify', spotify],
  ['SoundCloud', soundcloud],
  ['Figma', figma],
  ['CodePen', codepen],
  ['Google Maps', googleMaps],
];

export const EMBED_PROVIDERS: readonly EmbedProvider[] = RESOLVERS.map(([name]) => name);

/** frames only come from the allowlist, always over https; anything else is a plain link */
export function resolveEmbed(value: string | null | undefined): EmbedTarget {
  const url = parseHttpUrl(value);
  if (!url) return { kind: 'invalid' };
  for (const [provider, resolve] of RESOLVERS) {
    const src = resolve(url);
    // the page's content security policy lets only these origins be framed
    if (src && isEmbedFrameAllowed(src)) return { kind: 'frame', provider, src };
  }
  return { kind: 'link', href: url.toString() };
}
