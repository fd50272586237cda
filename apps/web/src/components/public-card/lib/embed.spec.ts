import { parseHttpUrl, resolveEmbed } from './embed';

function frame(url: string): string | null {
  const target = resolveEmbed(url);
  return target.kind === 'frame' ? target.src : null;
}

describe('resolveEmbed', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    ],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F',
      'https://www.youtube-nocookie.com/embed/videoseries?list=PL590L5WQmH8fJ54F',
    ],
  ])('turns the YouTube address %s into a privacy-enhanced embed', (url, src) => {
    expect(frame(url)).toBe(src);
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://vimeo.com/76979871/abc123', 'https://player.vimeo.com/video/76979871?dnt=1&h=abc123'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
  ])('turns the Vimeo address %s into a player', (url, src) => {
    expect(frame(url)).toBe(src);
  });

  it('turns a Loom share link into its embed', () => {
    expect(frame('https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184?sid=1')).toBe(
      'https://www.loom.com/embed/0281766fa2d04bb788eaf19e65135184',
    );
    expect(frame('https://www.loom.com/embed/0281766fa2d04bb788eaf19e65135184')).toBe(
      'https://www.loom.com/embed/0281766fa2d04bb788eaf19e65135184',
    );
  });

  it.each([
    [
      'https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT?si=x',
      'https://open.spotify.com/embed/track/4cOdK2wGLETKBW3PvgPWqT',
    ],
    [
      'https://open.spotify.com/intl-de/album/1DFixLWuPkv3KT3TnV35m3',
      'https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3',
    ],
    [
      'https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M',
      'https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M',
    ],
    [
      'https://open.spotify.com/episode/7makk4oTQel546B0PZlDM5',
      'https://open.spotify.com/embed/episode/7makk4oTQel546B0PZlDM5',
    ],
  ])('turns the Spotify address %s into its embed', (url, src) => {
    expect(frame(url)).toBe(src);
  });

  it('wraps a SoundCloud track in the widget player', () => {
    expect(frame('https://soundcloud.com/artist/track-name')).toBe(
      `https://w.soundcloud.com/player/?url=${encodeURIComponent('https://soundcloud.com/artist/track-name')}`,
    );
    expect(resolveEmbed('https://soundcloud.com/artist').kind).toBe('link');
  });

  it('wraps a Figma file in the Figma embed', () => {
    const file = 'https://www.figma.com/design/abc123/My-Design';
    expect(frame(file)).toBe(
      `https://www.figma.com/embed?embed_host=cardcraft&url=${encodeURIComponent(file)}`,
    );
  });

  it('turns a CodePen pen into its embed', () => {
    expect(frame('https://codepen.io/team/pen/abcXYZ')).toBe(
      'https://codepen.io/team/embed/abcXYZ?default-tab=result',
    );
  });

  it('frames only the embed form of Google Maps', () => {
    expect(frame('https://www.google.com/maps/embed?pb=!1m18')).toBe(
      'https://www.google.com/maps/embed?pb=!1m18',
    );
    expect(frame('http://www.google.com/maps/embed?pb=!1m18')).toBe(
      'https://www.google.com/maps/embed?pb=!1m18',
    );
    expect(resolveEmbed('https://www.google.com/maps/place/Berlin').kind).toBe('link');
  });

  it('shows any other address as a plain link', () => {
    expect(resolveEmbed('https://example.com/video')).toEqual({
      kind: 'link',
      href: 'https://example.com/video',
    });
    expect(resolveEmbed('https://evil.example/?u=youtube.com/watch?v=dQw4w9WgXcQ').kind).toBe('link');
    expect(resolveEmbed('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ').kind).toBe('link');
  });

  it('shows a provider address it cannot read as a plain link', () => {
    expect(resolveEmbed('https://www.youtube.com/watch?v=short').kind).toBe('link');
    expect(resolveEmbed('https://www.youtube.com/@channel').kind).toBe('link');
    expect(resolveEmbed('https://vimeo.com/about').kind).toBe('link');
  });

  it('refuses what is not an http address', () => {
    expect(resolveEmbed('javascript:alert(1)')).toEqual({ kind: 'invalid' });
    expect(resolveEmbed('data:text/html,hi')).toEqual({ kind: 'invalid' });
    expect(resolveEmbed('not a url')).toEqual({ kind: 'invalid' });
    expect(resolveEmbed('')).toEqual({ kind: 'invalid' });
    expect(resolveEmbed(undefined)).toEqual({ kind: 'invalid' });
  });

  it('names the provider of a frame', () => {
    expect(resolveEmbed('https://youtu.be/dQw4w9WgXcQ')).toMatchObject({
      kind: 'frame',
      provider: 'YouTube',
    });
  });
});

describe('parseHttpUrl', () => {
  it('accepts http and https only', () => {
    expect(parseHttpUrl('https://a.example/x')?.hostname).toBe('a.example');
    expect(parseHttpUrl(' http://a.example ')?.protocol).toBe('http:');
    expect(parseHttpUrl('mailto:a@b.c')).toBeNull();
  });
});
