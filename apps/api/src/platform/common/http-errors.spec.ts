import type { ErrorResponse, HealthResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../testing/adapters';
import { fullProfileInput, registerUser } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';

describe.each(STORAGE_KINDS)('HTTP behaviour (%s)', (kind) => {
  const { http } = apiUnderTest(kind, { BODY_LIMIT_BYTES: '65536', RATE_LIMIT_SIGN_IN: '5/1m' });

  it('answers malformed JSON with 400 in the one error shape', async () => {
    const response = await http.post<ErrorResponse>('/api/auth/login', { rawBody: '{"email": "a@b.co",' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Malformed JSON in the request body' });
  });

  it('answers an oversized body with 413', async () => {
    const user = await registerUser(http);
    const response = await http.post<ErrorResponse>('/api/profiles', {
      token: user.accessToken,
      body: fullProfileInput({ bio: 'x'.repeat(70_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'Request body is too large' });
  });

  it('rejects unknown fields, nested ones too', async () => {
    const user = await registerUser(http);
    const top = await http.post<ErrorResponse>('/api/profiles', {
      token: user.accessToken,
      body: { ...fullProfileInput(), isAdmin: true },
    });
    expect(top.status).toBe(400);
    expect(top.body.errors).toContainEqual({
      field: 'isAdmin',
      message: 'property isAdmin should not exist',
    });
    const nested = await http.post<ErrorResponse>('/api/profiles', {
      token: user.accessToken,
      body: fullProfileInput({ contact: { email: 'a@b.co', fax: '123' } }),
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toContainEqual({
      field: 'contact.fax',
      message: 'property fax should not exist',
    });
  });

  it('answers a JSON 404 for an unknown API route and carries a request id', async () => {
    const response = await http.get<ErrorResponse>('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found' });
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });

  it('limits sign-in attempts from one address with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await http.post('/api/auth/login', { body: { email: 'flood@example.com', password: 'x' } })).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('reports alive and ready with the store it checked', async () => {
    const alive = await http.get<HealthResponse>('/api/health');
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: 'ok' });
    const ready = await http.get<HealthResponse>('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ok');
    expect(ready.body.checks?.[kind === 'mongo' ? 'mongodb' : 'sqlite']).toBe('up');
  });

  it('publishes the OpenAPI document', async () => {
    const response = await http.get<{ openapi: string; paths: Record<string, unknown> }>('/api/docs-json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/profiles/{id}', '/api/public/profiles/{handle}']),
    );
    expect((await http.get('/api/docs')).status).toBe(200);
  });

  it("describes request bodies with the contracts' rules", async () => {
    const response = await http.get<{
      components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
    }>('/api/docs-json');
    const { CreateProfileDto, SocialLinkDto, RegisterDto } = response.body.components.schemas;
    expect(CreateProfileDto.properties.handle).toEqual({
      type: 'string',
      minLength: 3,
      maxLength: 32,
      pattern: '^[a-z0-9-]+$',
    });
    expect(CreateProfileDto.properties.socialLinks).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/SocialLinkDto' },
      maxItems: 50,
    });
    expect(CreateProfileDto.required).toEqual(['handle', 'displayName']);
    expect(SocialLinkDto.properties.url).toMatchObject({ type: 'string', format: 'uri' });
    expect(RegisterDto.properties.email).toMatchObject({ type: 'string', format: 'email' });
  });
});
