import type {
  ErrorResponse,
  LeadResponse,
  Page,
  ProfileResponse,
  PublicProfileResponse,
} from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, fullProfileInput, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

// a real vCard parser (the npm package vcf), to read the lead's contact file as a phone would
interface ParsedVCard {
  get(name: string): { valueOf(): string } | { valueOf(): string }[] | undefined;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- vcf ships CommonJS without types
const VCard = require('vcf') as { new (): { parse(text: string): ParsedVCard } };
const value = (card: ParsedVCard, name: string) => {
  const property = card.get(name);
  return property === undefined ? undefined : (Array.isArray(property) ? property[0] : property).valueOf();
};

const privacy = (messageFields: Record<string, string>) => ({
  collectGeo: false,
  collectIp: false,
  showIdentifiedViewers: true,
  allowMessages: true,
  messageFields,
});

describe.each(STORAGE_KINDS)('contact exchange: the message form fields (%s)', (kind) => {
  const { http } = apiUnderTest(kind);
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let profile: ProfileResponse;

  beforeAll(async () => {
    owner = await registerUser(http);
    profile = await createProfile(http, owner.accessToken, {
      published: true,
      privacy: privacy({ name: 'required', phone: 'optional', company: 'off' }),
    });
  });

  const send = (body: Record<string, unknown>) =>
    http.post<LeadResponse & ErrorResponse>(`/api/profiles/${profile.id}/leads`, { body });

  it('keeps the choice with the profile and shows it on the public card', async () => {
    expect(profile.privacy.messageFields).toEqual({ name: 'required', phone: 'optional', company: 'off' });
    const read = await http.get<ProfileResponse>(`/api/profiles/${profile.id}`, { token: owner.accessToken });
    expect(read.body.privacy.messageFields).toEqual({ name: 'required', phone: 'optional', company: 'off' });
    const open = await http.get<PublicProfileResponse>(`/api/public/profiles/${profile.handle}`);
    expect(open.body.messageFields).toEqual({ name: 'required', phone: 'optional', company: 'off' });
    expect(open.body).not.toHaveProperty('privacy');
  });

  it('asks for no extra field on a card saved without the choice, and refuses an unknown mode', async () => {
    const { privacy: _privacy, ...withoutPrivacy } = fullProfileInput();
    const plain = await http.post<ProfileResponse>('/api/profiles', {
      token: owner.accessToken,
      body: withoutPrivacy,
    });
    expect(plain.status).toBe(201);
    expect(plain.body.privacy.messageFields).toEqual({ name: 'off', phone: 'off', company: 'off' });
    const wrong = await http.post<ErrorResponse>('/api/profiles', {
      token: owner.accessToken,
      body: fullProfileInput({ privacy: privacy({ name: 'always', phone: 'off', company: 'off' }) }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'privacy.messageFields.name', message: 'Choose off, optional or required' },
    ]);
  });

  it('refuses a message without a required field, and drops a field the form does not ask for', async () => {
    const missing = await send({ email: 'grace@navy.example.com', name: '  ', consent: true });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'name', message: 'Enter your name' }]);

    const sent = await send({
      email: 'grace@navy.example.com',
      name: ' Grace Hopper ',
      phone: '+1 555 0100',
      company: 'Not asked for',
      message: 'Let us talk',
      consent: true,
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ name: 'Grace Hopper', phone: '+1 555 0100', company: null });

    const optional = await send({ email: 'ada@example.com', name: 'Ada', consent: true });
    expect(optional.body).toMatchObject({ name: 'Ada', phone: null, company: null });

    const tooLong = await send({ email: 'x@example.com', name: 'x'.repeat(201), consent: true });
    expect(tooLong.body.errors).toEqual([{ field: 'name', message: 'This value is too long' }]);
  });

  it('lists the fields on the leads page, exports them as CSV, and gives each lead as a vCard', async () => {
    const card = await createProfile(http, owner.accessToken, {
      published: true,
      displayName: 'Ada Lovelace',
      privacy: privacy({ name: 'required', phone: 'required', company: 'optional' }),
    });
    const sent = await http.post<LeadResponse>(`/api/profiles/${card.id}/leads`, {
      body: {
        email: 'grace@navy.example.com',
        name: 'Grace Brewster Hopper',
        phone: '+1 555 0100',
        company: 'US Navy; Remington Rand',
        message: 'Loved the talk,\nlet us meet.',
        consent: true,
      },
    });
    expect(sent.status).toBe(201);

    const list = await http.get<Page<LeadResponse>>(`/api/profiles/${card.id}/leads`, {
      token: owner.accessToken,
    });
    expect(list.body.items[0]).toMatchObject({
      name: 'Grace Brewster Hopper',
      phone: '+1 555 0100',
      company: 'US Navy; Remington Rand',
    });

    const csv = await http.get(`/api/profiles/${card.id}/leads/export`, { token: owner.accessToken });
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Received (UTC),Email,Name,Phone,Company,Message,Consent,Consent text,Status,Tags,Note,Card by e-mail',
    );
    // a phone starting with + gets the formula guard's apostrophe, so a spreadsheet shows it as typed
    expect(lines[1]).toContain(
      `grace@navy.example.com,Grace Brewster Hopper,'+1 555 0100,US Navy; Remington Rand,"Loved the talk,`,
    );

    const path = `/api/profiles/${card.id}/leads/${sent.body.id}/vcard`;
    const file = await http.get(path, { token: owner.accessToken });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="contact-grace-brewster-hopper.vcf"',
    );
    const parsed = new VCard().parse(file.text);
    expect(value(parsed, 'fn')).toBe('Grace Brewster Hopper');
    expect(value(parsed, 'n')).toBe('Hopper;Grace;Brewster;;');
    expect(value(parsed, 'email')).toBe('grace@navy.example.com');
    expect(value(parsed, 'tel')).toBe('+1 555 0100');
    expect(value(parsed, 'org')).toBe('US Navy\\; Remington Rand');
    expect(value(parsed, 'note')).toContain('Left a message on Ada Lovelace on ');

    // only the card's owner, only a lead of that card
    const stranger = await registerUser(http);
    expect((await http.get(path, { token: stranger.accessToken })).status).toBe(404);
    expect((await http.get(path)).status).toBe(401);
    expect(
      (
        await http.get(`/api/profiles/${profile.id}/leads/${sent.body.id}/vcard`, {
          token: owner.accessToken,
        })
      ).status,
    ).toBe(404);
  });
});
