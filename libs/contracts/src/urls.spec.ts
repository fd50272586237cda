import { fieldErrorMap, validateInput } from './validation';
import { ProfileInputDto } from './profile.dto';
import { parseHttpUrl, safeHref } from './urls';

const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
];

describe('the address rule', () => {
  it('accepts http(s), mailto and tel links and refuses everything else', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example/');
    expect(safeHref(' http://a.example/x ')).toBe('http://a.example/x');
    expect(safeHref('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(safeHref('tel:+1 555 0100')).toBe('tel:+1 555 0100');
    for (const value of [...HOSTILE, '/relative', 'example.com', 'tel:call-me', '', 42, null])
      expect(safeHref(value)).toBeNull();
  });

  it('parses only absolute http(s) addresses', () => {
    expect(parseHttpUrl('https://a.example/x')?.hostname).toBe('a.example');
    for (const value of [...HOSTILE, 'mailto:a@b.example', 'tel:+15550100', '//a.example', ''])
      expect(parseHttpUrl(value)).toBeNull();
  });
});

/** the errors of a profile that is valid apart from what the overrides change */
function profileErrors(overrides: Record<string, unknown>): Record<string, string> {
  const { errors } = validateInput(ProfileInputDto, {
    handle: 'ada',
    displayName: 'Ada Lovelace',
    ...overrides,
  });
  return fieldErrorMap(errors);
}

const block = (type: string, payload: unknown) => ({
  type,
  title: 'A block',
  payloadJson: typeof payload === 'string' ? payload : JSON.stringify(payload),
});

describe('addresses in a profile', () => {
  it.each(HOSTILE)('refuses %s as a social link, website or image', (address) => {
    expect(
      profileErrors({
        socialLinks: [{ provider: 'GitHub', url: address }],
        contact: { website: address },
        media: { avatarUrl: address, bannerUrl: address, ogImageUrl: address },
      }),
    ).toEqual({
      'socialLinks.0.url': 'Enter a valid URL',
      'contact.website': 'Enter a valid URL',
      'media.avatarUrl': 'Enter a valid URL',
      'media.bannerUrl': 'Enter a valid URL',
      'media.ogImageUrl': 'Enter a valid URL',
    });
  });

  it.each(HOSTILE)("refuses %s as a block's link or embed, by block type", (address) => {
    expect(
      profileErrors({
        blocks: [
          block('cta', { ctaLabel: 'Go', ctaHref: address }),
          block('links', {
            links: [
              { label: 'Fine', href: 'https://a.example' },
              { label: 'x', href: address },
            ],
          }),
          block('links', { links: [{ label: 'By url', url: address }] }),
          block('embed', { embedUrl: address }),
        ],
      }),
    ).toEqual({
      'blocks.0.payloadJson': 'Enter a valid URL',
      'blocks.1.payloadJson': 'Enter a valid URL',
      'blocks.2.payloadJson': 'Enter a valid URL',
      'blocks.3.payloadJson': 'Enter a valid URL',
    });
  });

  it('accepts what the card can show: web, mail and phone links, web embeds, empty and invalid payloads', () => {
    expect(
      profileErrors({
        blocks: [
          block('cta', { ctaLabel: 'Mail me', ctaHref: 'mailto:ada@example.com' }),
          block('cta', { ctaLabel: 'Call me', ctaHref: 'tel:+44 20 7946 0958' }),
          block('cta', { ctaLabel: 'Not yet', ctaHref: '  ' }),
          block('links', {
            links: [
              { label: 'Site', href: 'https://ada.example' },
              { label: 'Old', url: 'http://ada.example/old' },
              'not a link',
              null,
            ],
          }),
          block('links', { links: 'not a list' }),
          block('embed', { embedUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
          block('embed', { embedUrl: 'https://example.com/any-page' }),
          block('quote', { quote: 'javascript:alert(1) is only words here' }),
          block('cta', '{ not json'),
          block('embed', '["a list", "javascript:alert(1)"]'),
          { type: 'cta', title: 'No payload', payloadJson: null },
        ],
      }),
    ).toEqual({});
  });

  it('refuses a mail or phone link as an embed and a non-text address', () => {
    expect(
      profileErrors({
        blocks: [
          block('embed', { embedUrl: 'mailto:ada@example.com' }),
          block('cta', { ctaLabel: 'Go', ctaHref: 42 }),
          block('links', { links: [{ label: 'Go', href: { nested: 'https://a.example' } }] }),
        ],
      }),
    ).toEqual({
      'blocks.0.payloadJson': 'Enter a valid URL',
      'blocks.1.payloadJson': 'Enter a valid URL',
      'blocks.2.payloadJson': 'Enter a valid URL',
    });
  });

  it('reads an unknown block type as a call to action', () => {
    expect(profileErrors({ blocks: [block('mystery', { ctaHref: 'javascript:alert(1)' })] })).toEqual({
      'blocks.0.payloadJson': 'Enter a valid URL',
    });
  });
});
