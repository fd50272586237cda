import { cardPreviewPath, cardPreviewVersion, mediaKeyOf, type CardPreviewSource } from './media';

const card: CardPreviewSource = {
  handle: 'ada',
  displayName: 'Ada Lovelace',
  tagline: 'Analyst',
  theme: 'aurora',
  contact: { company: 'Engines' },
  media: { avatarUrl: null },
};

describe('media addresses', () => {
  it('knows its own /media/ addresses, absolute or not, and nothing else', () => {
    const key = '0123456789abcdef0123456789abcdef.webp';
    expect(mediaKeyOf(`https://cards.example/media/${key}`)).toBe(key);
    expect(mediaKeyOf(`/media/${key}`)).toBe(key);
    expect(mediaKeyOf('https://cdn.example/me.png')).toBeNull();
    expect(mediaKeyOf('https://cards.example/media/../cardcraft.db')).toBeNull();
    expect(mediaKeyOf('https://cards.example/media/x.exe')).toBeNull();
    expect(mediaKeyOf('not a url at all')).toBeNull();
    expect(mediaKeyOf(null)).toBeNull();
  });
});

describe('the drawn preview’s version', () => {
  it('changes with each thing it draws, and only with those', () => {
    const base = cardPreviewVersion(card);
    expect(cardPreviewVersion({ ...card })).toBe(base);
    for (const changed of [
      { ...card, displayName: 'Ada King' },
      { ...card, tagline: null },
      { ...card, theme: 'noir' },
      { ...card, contact: { company: 'Other' } },
      { ...card, media: { avatarUrl: 'https://x.test/media/0123456789abcdef.webp' } },
    ]) {
      expect(cardPreviewVersion(changed)).not.toBe(base);
    }
    expect(cardPreviewPath(card)).toBe(`/u/ada/preview.png?v=${base}`);
  });
});
