import { sharedCardUrl } from './share';

describe('sharedCardUrl', () => {
  it('names the shared-link channel on the card address', () => {
    expect(sharedCardUrl('https://cards.example/u/ada')).toBe('https://cards.example/u/ada?src=share');
  });

  it('replaces the channel the address came with and keeps its other parameters', () => {
    expect(sharedCardUrl('https://cards.example/u/ada?src=qr&utm_source=flyer')).toBe(
      'https://cards.example/u/ada?src=share&utm_source=flyer',
    );
  });

  it('leaves a value that is not an address as it is', () => {
    expect(sharedCardUrl('not a url')).toBe('not a url');
  });
});
