import {
  BLOCK_TYPE_DEFINITIONS,
  CreateLeadDto,
  normalizeBlockType,
  normalizeLayout,
  normalizeTheme,
  parseBlockPayload,
  ProfileInputDto,
  RegisterFormDto,
  validateInput,
  fieldErrorMap,
} from './index';

describe('contracts shared by the API and the web forms', () => {
  it('checks the register form, including the confirmation', () => {
    const { errors } = validateInput(RegisterFormDto, {
      displayName: 'Al',
      email: 'al@example.com',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    expect(errors).toEqual([{ field: 'confirmPassword', message: "Passwords don't match" }]);
    expect(
      validateInput(RegisterFormDto, {
        displayName: 'Al',
        email: 'al@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
      }).errors,
    ).toEqual([]);
  });

  it('trims and lower-cases the handle and stores empty optional strings as null', () => {
    const { value, errors } = validateInput(ProfileInputDto, {
      handle: '  My-Card ',
      displayName: ' Ada ',
      tagline: '   ',
      contact: { email: '', website: '' },
      media: { avatarUrl: '' },
    });
    expect(errors).toEqual([]);
    expect(value.handle).toBe('my-card');
    expect(value.displayName).toBe('Ada');
    expect(value.tagline).toBeNull();
    expect(value.contact.email).toBeNull();
    expect(value.contact.website).toBeNull();
    expect(value.media.avatarUrl).toBeNull();
    expect(value.privacy).toEqual({
      collectGeo: false,
      collectIp: false,
      showIdentifiedViewers: true,
      allowMessages: true,
      messageFields: { name: 'off', phone: 'off', company: 'off' },
      questions: [],
      cardExchange: { enabled: false, followUp: null },
    });
  });

  it.each(['', '  ', 'a!'])('says a handle %j is too short, the first of its rules', (handle) => {
    const { errors } = validateInput(ProfileInputDto, { handle, displayName: 'Ada' });
    expect(errors).toEqual([{ field: 'handle', message: 'Handle too short' }]);
  });

  it('keys nested messages by their path', () => {
    const { errors } = validateInput(ProfileInputDto, {
      handle: 'ok-handle',
      displayName: 'Ada',
      socialLinks: [
        { provider: 'LinkedIn', url: 'https://x.example.com', highlight: true },
        { provider: 'L', url: 'no', highlight: true },
      ],
    });
    expect(fieldErrorMap(errors)).toEqual({
      'socialLinks.1.provider': 'Enter a provider name',
      'socialLinks.1.url': 'Enter a valid URL',
    });
  });

  it('requires consent on a message', () => {
    expect(validateInput(CreateLeadDto, { email: 'a@b.co', consent: false }).errors).toEqual([
      { field: 'consent', message: 'Consent is required' },
    ]);
  });

  it('falls back to the defaults for unknown theme, layout and block type', () => {
    expect(normalizeTheme('sparkles')).toBe('aurora');
    expect(normalizeTheme('solar')).toBe('solar');
    expect(normalizeLayout(undefined)).toBe('neon');
    expect(normalizeLayout('split')).toBe('split');
    expect(normalizeBlockType('hologram')).toBe('cta');
    expect(normalizeBlockType(undefined)).toBe('cta');
    expect(normalizeBlockType('links')).toBe('links');
  });

  it('carries the spec table of block types', () => {
    expect(
      Object.values(BLOCK_TYPE_DEFINITIONS).map((d) => [d.type, d.label, d.defaultTitle, d.defaultSubtitle]),
    ).toEqual([
      ['cta', 'Call to action', "Let's collaborate", 'Schedule a quick intro meeting'],
      ['quote', 'Quote', 'What partners say', null],
      ['embed', 'Embed', 'Product walkthrough', 'Two-minute tour of the platform'],
      ['links', 'Links', 'Explore more', null],
    ]);
  });

  it('treats an invalid payload as empty', () => {
    expect(parseBlockPayload('{not json')).toEqual({});
    expect(parseBlockPayload('[1,2]')).toEqual({});
    expect(parseBlockPayload('{"quote":"Hi"}')).toEqual({ quote: 'Hi' });
  });
});
