import i18next from 'i18next';
import {
  BLOCK_TYPE_DEFINITIONS,
  ProfileInputDto,
  validateInput,
  type ProfileResponse,
} from '@cardcraft/contracts';
import { toBlockView } from '@/components/public-card/lib/blocks';
import {
  applyBlockTypeChange,
  applySuggestedSettings,
  createBlock,
  createSocialLink,
  emptyProfileValues,
  profileToFormValues,
  toPreviewProfile,
  toProfileInput,
  type BlockForm,
} from './profile-form';

const untouched = { title: false, subtitle: false, payloadJson: false };

describe('createBlock', () => {
  it.each([
    ['cta', "Let's collaborate", 'Schedule a quick intro meeting', { ctaLabel: '', ctaHref: '', body: '' }],
    ['quote', 'What partners say', '', { quote: '', author: '' }],
    ['embed', 'Product walkthrough', 'Two-minute tour of the platform', { embedUrl: '' }],
    ['links', 'Explore more', '', { links: [] }],
  ] as const)(
    'starts a %s block with its title and subtitle and an empty payload',
    (type, title, subtitle, payload) => {
      const block = createBlock(type);
      expect([block.title, block.subtitle]).toEqual([title, subtitle]);
      expect(JSON.parse(block.payloadJson)).toEqual(payload);
    },
  );

  it('makes a block the card shows with its hint, not invented content', () => {
    for (const type of ['cta', 'quote', 'embed', 'links'] as const) {
      const view = toBlockView({ ...createBlock(type), subtitle: null, order: 0 });
      expect(view.hints).toEqual([BLOCK_TYPE_DEFINITIONS[type].emptyHint]);
    }
  });
});

describe('applyBlockTypeChange', () => {
  it('fills title, subtitle and payload of the new type when the user edited nothing', () => {
    const block = createBlock('cta');
    const next = applyBlockTypeChange(block, 'embed', untouched);
    expect(next.type).toBe('embed');
    expect(next.title).toBe('Product walkthrough');
    expect(next.subtitle).toBe('Two-minute tour of the platform');
    expect(JSON.parse(next.payloadJson)).toEqual({ embedUrl: '' });
    expect(next.id).toBe(block.id);
  });

  it('keeps an edited title but fills the subtitle and payload the user did not touch', () => {
    const block: BlockForm = { ...createBlock('cta'), title: 'Work with me' };
    const next = applyBlockTypeChange(block, 'quote', { title: true, subtitle: false, payloadJson: false });
    expect(next.title).toBe('Work with me');
    expect(next.subtitle).toBe('');
    expect(JSON.parse(next.payloadJson)).toEqual({ quote: '', author: '' });
  });

  it('keeps an edited payload and subtitle, and fills only the title', () => {
    const block: BlockForm = { ...createBlock('cta'), subtitle: 'Mine', payloadJson: '{"ctaLabel":"Hi"}' };
    const next = applyBlockTypeChange(block, 'links', { title: false, subtitle: true, payloadJson: true });
    expect(next.title).toBe('Explore more');
    expect(next.subtitle).toBe('Mine');
    expect(next.payloadJson).toBe('{"ctaLabel":"Hi"}');
    expect(next.touched).toEqual({ title: false, subtitle: true, payloadJson: true });
  });

  it('keeps every field when the user edited them all', () => {
    const block: BlockForm = { ...createBlock('quote'), title: 'T', subtitle: 'S', payloadJson: '{}' };
    const all = { title: true, subtitle: true, payloadJson: true };
    const next = applyBlockTypeChange(block, 'cta', all);
    expect([next.type, next.title, next.subtitle, next.payloadJson]).toEqual(['cta', 'T', 'S', '{}']);
  });
});

describe('applySuggestedSettings', () => {
  it("overwrites title, subtitle and payload with the type's defaults, even edited ones", () => {
    const block: BlockForm = {
      ...createBlock('links'),
      title: 'Edited',
      subtitle: 'Edited too',
      payloadJson: '{"links":[{"label":"Mine","href":"https://example.org"}]}',
      touched: { title: true, subtitle: true, payloadJson: true },
    };
    const next = applySuggestedSettings(block);
    expect(next.title).toBe('Explore more');
    expect(next.subtitle).toBe('');
    expect(JSON.parse(next.payloadJson)).toEqual({ links: [] });
    expect(next.touched).toEqual(untouched);
  });
});

describe('profile form values', () => {
  it('starts with the spec defaults for a new profile', () => {
    const values = emptyProfileValues();
    expect(values.published).toBe(false);
    expect(values.privacy).toEqual({
      messageFields: { name: 'off', phone: 'off', company: 'off' },
      questions: [],
      cardExchange: { enabled: false, followUp: null },
      collectGeo: false,
      collectIp: false,
      showIdentifiedViewers: true,
      allowMessages: true,
    });
    expect(values.theme).toBe('aurora');
    expect(values.layout).toBe('neon');
  });

  it('adds a social link as LinkedIn, not highlighted, without label', () => {
    expect(createSocialLink()).toMatchObject({ provider: 'LinkedIn', label: '', highlight: false });
  });

  it('sends empty optional strings as null, a trimmed lower-case handle, and links and blocks with order', () => {
    const values = emptyProfileValues();
    values.handle = '  Ada-L ';
    values.displayName = ' Ada ';
    values.socialLinks = [
      { ...createSocialLink(), url: 'https://linkedin.com/in/ada' },
      { ...createSocialLink(), provider: 'GitHub', label: 'Code', url: 'https://github.com/ada' },
    ];
    values.blocks = [{ ...createBlock('quote'), id: '' }, createBlock('cta')];
    const input = toProfileInput(values);
    expect(input.handle).toBe('ada-l');
    expect(input.displayName).toBe('Ada');
    expect(input.tagline).toBeNull();
    expect(input.bio).toBeNull();
    expect(input.contact).toEqual({
      email: null,
      phoneNumber: null,
      company: null,
      location: null,
      website: null,
    });
    expect(input.media).toEqual({ avatarUrl: null, bannerUrl: null, ogImageUrl: null });
    expect(input.socialLinks.map((l) => [l.order, l.label])).toEqual([
      [0, null],
      [1, 'Code'],
    ]);
    expect(input.socialLinks[0]).not.toHaveProperty('id');
    expect(input.blocks.map((b) => b.order)).toEqual([0, 1]);
    expect(input.blocks[0].id).toMatch(/.+/);
    expect(input.blocks[1].subtitle).toBe('Schedule a quick intro meeting');
    expect(validateInput(ProfileInputDto, input).errors).toEqual([]);
  });

  it('reports the spec messages for an invalid form', () => {
    const values = emptyProfileValues();
    values.handle = 'AB';
    values.socialLinks = [{ ...createSocialLink(), provider: 'x', url: 'nope' }];
    values.blocks = [{ ...createBlock('cta'), title: 'x' }];
    const fields = Object.fromEntries(
      validateInput(ProfileInputDto, toProfileInput(values)).errors.map((e) => [e.field, e.message]),
    );
    expect(fields.handle).toBe('Handle too short');
    expect(fields.displayName).toBe('Display name required');
    expect(fields['socialLinks.0.provider']).toBe('Enter a provider name');
    expect(fields['socialLinks.0.url']).toBe('Enter a valid URL');
    expect(fields['blocks.0.title']).toBe('Block title required');
  });

  it.each([
    ['', 'Handle too short'],
    ['   ', 'Handle too short'],
    ['a!', 'Handle too short'],
    ['ab!', 'Only lowercase letters, numbers or dashes'],
    ['x'.repeat(33), 'Keep it under 32 characters'],
  ])('says the first broken rule of the handle %j: %s', (handle, message) => {
    const values = { ...emptyProfileValues(), handle, displayName: 'Ada' };
    expect(validateInput(ProfileInputDto, toProfileInput(values)).errors).toEqual([
      { field: 'handle', message },
    ]);
  });

  it('loads a profile: missing privacy flags default to true, stored defaults count as untouched', () => {
    const profile = {
      id: 'p1',
      handle: 'ada',
      displayName: 'Ada',
      tagline: null,
      bio: null,
      published: true,
      theme: 'noir',
      layout: 'unknown',
      contact: { email: null, phoneNumber: null, company: 'ACME', location: null, website: null },
      media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
      privacy: { collectGeo: false },
      socialLinks: [
        { provider: 'GitHub', label: null, url: 'https://github.com/ada', highlight: false, order: 1 },
        { provider: 'LinkedIn', label: null, url: 'https://linkedin.com/in/ada', highlight: true, order: 0 },
      ],
      blocks: [
        {
          id: 'b1',
          type: 'cta',
          title: "Let's collaborate",
          subtitle: 'Mine',
          payloadJson: null,
          visible: true,
          order: 0,
        },
      ],
    } as unknown as ProfileResponse;
    const values = profileToFormValues(profile);
    expect(values.privacy).toEqual({
      messageFields: { name: 'off', phone: 'off', company: 'off' },
      questions: [],
      cardExchange: { enabled: false, followUp: null },
      collectGeo: false,
      collectIp: true,
      showIdentifiedViewers: true,
      allowMessages: true,
    });
    expect(values.layout).toBe('neon');
    expect(values.contact.company).toBe('ACME');
    expect(values.socialLinks.map((l) => l.provider)).toEqual(['LinkedIn', 'GitHub']);
    expect(values.blocks[0].touched).toEqual({ title: false, subtitle: true, payloadJson: true });
  });
});

describe('toPreviewProfile', () => {
  const now = new Date('2026-01-02T03:04:05.000Z');
  const t = i18next.getFixedT('en');

  it("gives the card the form's trimmed values, visible blocks only, seen by the owner", () => {
    const shown = { ...createBlock('quote'), title: ' Shown ' };
    const hidden = { ...createBlock('cta'), title: 'Hidden', visible: false };
    const profile = toPreviewProfile(
      {
        ...emptyProfileValues(),
        handle: ' Ada-Lovelace ',
        displayName: ' Ada ',
        tagline: '  ',
        theme: 'solar',
        layout: 'split',
        published: true,
        privacy: {
          collectGeo: false,
          collectIp: false,
          showIdentifiedViewers: false,
          allowMessages: true,
          messageFields: { name: 'off', phone: 'off', company: 'off' },
          questions: [],
          cardExchange: { enabled: false, followUp: null },
        },
        blocks: [hidden, shown],
      },
      t,
      now,
    );
    expect(profile).toMatchObject({
      handle: 'ada-lovelace',
      displayName: 'Ada',
      tagline: null,
      theme: 'solar',
      layout: 'split',
      publishedAtUtc: now.toISOString(),
      allowMessages: true,
      ownerSeesVisitorNames: false,
      viewerType: 'owner',
      isOwner: true,
    });
    expect(profile.blocks.map((b) => [b.title, b.order])).toEqual([['Shown', 1]]);
    expect('privacy' in profile).toBe(false);
  });

  it('fills an empty name and handle, keeps a draft unpublished and drops half-typed image addresses', () => {
    const profile = toPreviewProfile(
      {
        ...emptyProfileValues(),
        media: { avatarUrl: 'https://', bannerUrl: 'https://img.example/b.png', ogImageUrl: '' },
      },
      t,
    );
    expect(profile.displayName).toBe('Your name');
    expect(profile.handle).toBe('your-handle');
    expect(profile.publishedAtUtc).toBeNull();
    expect(profile.media.avatarUrl).toBeNull();
    expect(profile.media.bannerUrl).toBe('https://img.example/b.png');
  });
});

describe('the saved body', () => {
  it('sends the website, the images and the social links with their scheme', () => {
    const input = toProfileInput({
      ...emptyProfileValues(),
      contact: { ...emptyProfileValues().contact, website: 'example.com' },
      media: { avatarUrl: 'example.com/me.png', bannerUrl: '', ogImageUrl: '' },
      socialLinks: [
        { id: 'l1', provider: 'LinkedIn', label: '', url: 'linkedin.com/in/x', highlight: false },
      ],
    });
    expect(input.contact.website).toBe('https://example.com');
    expect(input.media.avatarUrl).toBe('https://example.com/me.png');
    expect(input.media.bannerUrl).toBeNull();
    expect(input.socialLinks[0].url).toBe('https://linkedin.com/in/x');
  });
});
