import { EMBED_FRAME_ORIGINS, isEmbedFrameAllowed } from './blocks';

describe('the embed frame allowlist', () => {
  it('holds https origins only', () => {
    for (const origin of Object.values(EMBED_FRAME_ORIGINS)) {
      expect(new URL(origin).origin).toBe(origin);
      expect(origin.startsWith('https://')).toBe(true);
    }
  });

  it('accepts frames from those origins and nothing else', () => {
    expect(isEmbedFrameAllowed('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(true);
    expect(isEmbedFrameAllowed('https://player.vimeo.com/video/1?dnt=1')).toBe(true);
    for (const src of [
      'http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://evil.example/embed',
      'https://www.youtube-nocookie.com.evil.example/embed',
      'javascript:alert(1)',
    ])
      expect(isEmbedFrameAllowed(src)).toBe(false);
  });
});
