import { isCardOwner, mayViewCard, viewerTypeOf } from './visibility';

describe('who sees a card: the one rule the api, its card page and its analytics share', () => {
  const published = { ownerId: 'owner-1', published: true };
  const draft = { ownerId: 'owner-1', published: false };

  it.each([
    ['owner-1', 'owner'],
    ['someone-else', 'user'],
    [null, 'guest'],
  ] as const)("a viewer %p is the card's %s", (viewer, type) => {
    expect(viewerTypeOf(published, viewer)).toBe(type);
    expect(isCardOwner(published, viewer)).toBe(type === 'owner');
  });

  it('shows a published card to anyone and a draft to its owner only', () => {
    for (const viewer of ['owner-1', 'someone-else', null]) expect(mayViewCard(published, viewer)).toBe(true);
    expect(mayViewCard(draft, 'owner-1')).toBe(true);
    expect(mayViewCard(draft, 'someone-else')).toBe(false);
    expect(mayViewCard(draft, null)).toBe(false);
  });

  it('never takes an empty owner id for a guest being the owner', () => {
    expect(viewerTypeOf({ ownerId: '' }, null)).toBe('guest');
  });
});
