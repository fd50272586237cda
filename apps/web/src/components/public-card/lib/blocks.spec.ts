import type { BlockResponse } from '@cardcraft/contracts/responses';
import { blockHint, safeHref, toBlockView, visibleBlocks } from './blocks';

function block(overrides: Partial<BlockResponse> = {}): BlockResponse {
  return {
    id: 'b1',
    type: 'cta',
    title: 'Block',
    subtitle: null,
    payloadJson: '{}',
    visible: true,
    order: 0,
    ...overrides,
  };
}

describe('visibleBlocks', () => {
  it('keeps the visible blocks, sorted by order', () => {
    const blocks = [
      block({ id: 'c', order: 3 }),
      block({ id: 'hidden', order: 0, visible: false }),
      block({ id: 'a', order: 1 }),
      block({ id: 'b', order: 2 }),
    ];
    expect(visibleBlocks(blocks).map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the given order for blocks of equal order', () => {
    const blocks = [block({ id: 'x', order: 1 }), block({ id: 'y', order: 1 }), block({ id: 'w', order: 0 })];
    expect(visibleBlocks(blocks).map((b) => b.id)).toEqual(['w', 'x', 'y']);
  });
});

describe('blockHint', () => {
  it('gives the hint of each type, and the cta hint for an unknown type', () => {
    expect(blockHint('cta')).toBe('Add a CTA label and link.');
    expect(blockHint('quote')).toBe('Add a quote to make this block shine.');
    expect(blockHint('embed')).toBe('Paste an embeddable URL (YouTube, Loom, etc.).');
    expect(blockHint('links')).toBe('Add one or more links to display them here.');
    expect(blockHint('poll')).toBe('Add a CTA label and link.');
  });
});

describe('toBlockView', () => {
  it('shows a call to action with its body and button', () => {
    const view = toBlockView(
      block({
        payloadJson: JSON.stringify({
          ctaLabel: 'Book',
          ctaHref: 'https://cal.com/ada',
          body: 'Let us talk',
        }),
      }),
    );
    expect(view).toMatchObject({
      type: 'cta',
      body: 'Let us talk',
      action: { label: 'Book', href: 'https://cal.com/ada' },
      hints: [],
    });
  });

  it('hints at a call to action without a label or a safe link', () => {
    const noLabel = toBlockView(block({ payloadJson: JSON.stringify({ ctaHref: 'https://cal.com' }) }));
    expect(noLabel.hints).toEqual(['Add a CTA label and link.']);
    const unsafe = toBlockView(
      block({ payloadJson: JSON.stringify({ ctaLabel: 'x', ctaHref: 'javascript:alert(1)' }) }),
    );
    expect(unsafe).toMatchObject({ action: null, hints: ['Add a CTA label and link.'] });
  });

  it('treats invalid JSON as empty and says so', () => {
    const view = toBlockView(block({ type: 'quote', payloadJson: '{not json' }));
    expect(view).toMatchObject({ type: 'quote', quote: null });
    expect(view.hints).toEqual([
      'Configure this block to see content.',
      'Add a quote to make this block shine.',
    ]);
    expect(toBlockView(block({ payloadJson: null })).hints[0]).toBe('Configure this block to see content.');
    expect(toBlockView(block({ payloadJson: '[1,2]' })).hints[0]).toBe(
      'Configure this block to see content.',
    );
  });

  it('shows a quote and its author', () => {
    const view = toBlockView(
      block({ type: 'quote', payloadJson: JSON.stringify({ quote: 'Hi', author: 'Ada' }) }),
    );
    expect(view).toMatchObject({ type: 'quote', quote: 'Hi', author: 'Ada', hints: [] });
  });

  it('frames an allowlisted embed and links any other address', () => {
    const framed = toBlockView(
      block({ type: 'embed', payloadJson: JSON.stringify({ embedUrl: 'https://youtu.be/dQw4w9WgXcQ' }) }),
    );
    expect(framed).toMatchObject({ type: 'embed', embed: { kind: 'frame', provider: 'YouTube' }, hints: [] });
    const linked = toBlockView(
      block({ type: 'embed', payloadJson: JSON.stringify({ embedUrl: 'https://example.com/talk' }) }),
    );
    expect(linked).toMatchObject({ embed: { kind: 'link', href: 'https://example.com/talk' }, hints: [] });
    const empty = toBlockView(block({ type: 'embed', payloadJson: '{}' }));
    expect(empty.hints).toEqual(['Paste an embeddable URL (YouTube, Loom, etc.).']);
  });

  it('lists the usable links and hints when there are none', () => {
    const view = toBlockView(
      block({
        type: 'links',
        payloadJson: JSON.stringify({
          links: [
            { label: 'Portfolio', href: 'https://ada.example/work' },
            { label: 'Bad', href: 'javascript:void 0' },
            { href: 'https://www.example.com/blog/' },
            'nonsense',
          ],
        }),
      }),
    );
    expect(view).toMatchObject({
      type: 'links',
      links: [
        { label: 'Portfolio', href: 'https://ada.example/work' },
        { label: 'example.com/blog', href: 'https://www.example.com/blog/' },
      ],
      hints: [],
    });
    expect(toBlockView(block({ type: 'links', payloadJson: '{"links":[]}' })).hints).toEqual([
      'Add one or more links to display them here.',
    ]);
  });

  it('treats an unknown type as a call to action', () => {
    expect(toBlockView(block({ type: 'mystery' as BlockResponse['type'] })).type).toBe('cta');
  });

  it('drops an empty subtitle', () => {
    expect(toBlockView(block({ subtitle: '  ' })).subtitle).toBeNull();
  });
});

describe('safeHref', () => {
  it('allows http, https, mailto and tel only', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example/');
    expect(safeHref('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(safeHref('tel:+1 555 0100')).toBe('tel:+1 555 0100');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
    expect(safeHref(42)).toBeNull();
  });
});
