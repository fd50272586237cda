import type { ErrorResponse } from '@cardcraft/contracts';
import { BadRequestException } from '@nestjs/common';
import { STORAGE_KINDS } from '../testing/adapters';
import { fullProfileInput, registerUser } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';
import { createValidationPipe, findMalformedText } from './validation.pipe';

const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

describe('findMalformedText', () => {
  it('finds a lone surrogate anywhere, by the path validation errors use', () => {
    expect(findMalformedText({ email: `a${LONE_HIGH}@example.com` }, '')).toBe('email');
    expect(findMalformedText({ blocks: [{ title: 'ok' }, { title: `x${LONE_LOW}` }] }, '')).toBe(
      'blocks.1.title',
    );
    expect(findMalformedText({ contact: { website: LONE_HIGH } }, '')).toBe('contact.website');
    expect(findMalformedText(`${LONE_LOW}${LONE_HIGH}`, 'id')).toBe('id');
  });

  it('finds a lone surrogate in a key and shows the key repaired', () => {
    expect(findMalformedText({ nested: { [`k${LONE_HIGH}`]: 'v' } }, '')).toBe('nested.k\uFFFD');
  });

  it('accepts well-formed text, emoji (a proper pair) included, and values that are not text', () => {
    expect(
      findMalformedText({ bio: 'Hi 🎉 ünïcødé', n: 1, ok: true, none: null, list: ['a'] }, ''),
    ).toBeNull();
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = `end${LONE_HIGH}`;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findMalformedText(deep, '')).toMatch(/^(0\.){99999}0$/);
  });
});

describe('the validation pipe', () => {
  const pipe = createValidationPipe();

  it.each([
    ['param', 'id'],
    ['query', undefined],
  ] as const)('refuses a lone surrogate in a %s before any validator runs', async (type, data) => {
    const value = data ? `card${LONE_HIGH}` : { range: `7d${LONE_HIGH}` };
    const refusal = await pipe.transform(value, { type, data, metatype: String }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(BadRequestException);
    expect((refusal as BadRequestException).getResponse()).toEqual({
      error: 'Validation failed',
      errors: [{ field: data ?? 'range', message: 'Text must be valid Unicode' }],
    });
  });

  it('leaves the server-side parameters (the signed-in user) alone', async () => {
    await expect(pipe.transform(LONE_HIGH, { type: 'custom', data: undefined })).resolves.toBe(LONE_HIGH);
  });
});

describe.each(STORAGE_KINDS)('text that is not valid unicode over HTTP (%s)', (kind) => {
  const { http } = apiUnderTest(kind);
  const malformed = (field: string) => ({
    error: 'Validation failed',
    errors: [{ field, message: 'Text must be valid Unicode' }],
  });

  it('answers 400, not 500, to a sign-up and a sign-in with a lone surrogate in the e-mail', async () => {
    const email = `a${LONE_HIGH}@example.com`;
    const register = await http.post<ErrorResponse>('/api/auth/register', {
      body: { email, password: 'secret1', displayName: 'Lone' },
    });
    expect(register.status).toBe(400);
    expect(register.body).toEqual(malformed('email'));

    const login = await http.post<ErrorResponse>('/api/auth/login', { body: { email, password: 'secret1' } });
    expect(login.status).toBe(400);
    expect(login.body).toEqual(malformed('email'));
  });

  it('refuses a profile with a lone surrogate in the bio or deep in a block, and keeps emoji', async () => {
    const owner = await registerUser(http);
    const bio = await http.post<ErrorResponse>('/api/profiles', {
      token: owner.accessToken,
      body: fullProfileInput({ bio: `Hello ${LONE_LOW}world` }),
    });
    expect(bio.status).toBe(400);
    expect(bio.body).toEqual(malformed('bio'));

    const input = fullProfileInput();
    input.blocks[0].payloadJson = `{"ctaLabel":"Go ${LONE_HIGH}"}`;
    const block = await http.post<ErrorResponse>('/api/profiles', { token: owner.accessToken, body: input });
    expect(block.status).toBe(400);
    expect(block.body).toEqual(malformed('blocks.0.payloadJson'));

    const emoji = await http.post('/api/profiles', {
      token: owner.accessToken,
      body: fullProfileInput({ bio: 'Party 🎉 time' }),
    });
    expect(emoji.status).toBe(201);
  });
});
