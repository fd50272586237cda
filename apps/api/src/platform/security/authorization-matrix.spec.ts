import type {
  AccountExportStateResponse,
  AccountSessionsResponse,
  PasskeyOptionsResponse,
  PasskeyResponse,
  BulkLeadsResponse,
  HandleAvailabilityResponse,
  LeadResponse,
  Page,
  ProfileResponse,
} from '@cardcraft/contracts';
import { SoftAuthenticator } from '../../auth/passkeys/testing/soft-authenticator';
import { sessionEndToken } from '../../auth/session-end-links';
import { eventually } from '../testing/eventually';
import { STORAGE_KINDS } from '../testing/adapters';
import { createProfile, registerUser, type HttpClient, type HttpResult } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';
import { BUILT_WEB_DIST } from '../testing/paths';
import { googleWalletEnv, makeServiceAccount } from '../../wallet/testing/google-wallet';

// who is asking. "ended" is the owner's own session after they logged out of it; "deleted" is the
// session of an account that was deleted since (its own cards went with it). the owner goes last:
// their own call may delete the card, the lead or the account.
const ACTORS = ['anonymous', 'other', 'ended', 'deleted', 'owner'] as const;
type Actor = (typeof ACTORS)[number];

interface Credentials {
  token: string | null;
  email: string;
  password: string;
}

/** a fresh world per route; its callers go in an order where no one's call changes what the next sees */
interface World {
  card: ProfileResponse;
  draft: ProfileResponse;
  leadId: string;
  /** an API key of the owner's */
  apiKeyId: string;
  /** the owner's data export, ready (only the readers' shared world has one) */
  exportId: string;
  /** the owner's webhook endpoint (an address nothing listens on) and a delivery in its log */
  webhookId: string;
  deliveryId: string;
  /** the owner's read-only link to the card's analytics, open, and one with a password */
  shareId: string;
  shareToken: string;
  lockedShareToken: string;
  /** a second live session of the owner's (another device), and its new sign-in mail's link token */
  spareSessionId: string;
  spareEndToken: string;
  /** a passkey of the owner's */
  passkeyId: string;
  ownerToken: string;
  actors: Record<Actor, Credentials>;
}

type Expected = number | ((world: World, response: HttpResult) => void);

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** the route as the OpenAPI document names it */
  path: string;
  /** the card's pages (/u/...) are not part of the API document */
  page?: true;
  /** sent as a form, as a browser without script sends it */
  form?: true;
  url: (world: World) => string;
  body?: (world: World, actor: Credentials) => unknown;
  expect: Record<Actor, Expected>;
}

const SIGNED_IN_ONLY = { anonymous: 401, ended: 401, deleted: 401 } as const;
const OWNER_ONLY = (ownerStatus: number): Record<Actor, Expected> => ({
  ...SIGNED_IN_ONLY,
  other: 404,
  owner: ownerStatus,
});
const EVERYONE = (status: number): Record<Actor, Expected> => ({
  anonymous: status,
  other: status,
  owner: status,
  ended: status,
  deleted: status,
});

let emailCounter = 0;
const freshEmail = () => `matrix.${process.pid}.${Date.now()}.${++emailCounter}@example.com`;

const card = (world: World) => `/api/profiles/${world.card.id}`;
const webhook = (world: World) => `/api/webhooks/${world.webhookId}`;
const SIGNED_IN = (status: number): Record<Actor, Expected> => ({
  ...SIGNED_IN_ONLY,
  other: status,
  owner: status,
});
const RANGE = 'from=2026-01-01T00:00:00.000Z&to=2027-01-01T00:00:00.000Z';

/** every route of the API, and what each kind of caller gets from it */
const ROUTES: Route[] = [
  { method: 'GET', path: '/api/health', url: () => '/api/health', expect: EVERYONE(200) },
  { method: 'GET', path: '/api/health/ready', url: () => '/api/health/ready', expect: EVERYONE(200) },
  {
    method: 'POST',
    path: '/api/auth/register',
    url: () => '/api/auth/register',
    body: () => ({ email: freshEmail(), password: 'secret12', displayName: 'Newcomer' }),
    expect: EVERYONE(201),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    url: () => '/api/auth/login',
    // each caller signs in with their own e-mail: a deleted account no longer exists
    body: (_world, actor) => ({ email: actor.email, password: actor.password }),
    expect: { anonymous: 401, other: 200, owner: 200, ended: 200, deleted: 401 },
  },
  { method: 'POST', path: '/api/auth/logout', url: () => '/api/auth/logout', expect: EVERYONE(204) },
  {
    method: 'GET',
    path: '/api/auth/me',
    url: () => '/api/auth/me',
    expect: { ...SIGNED_IN_ONLY, other: 200, owner: 200 },
  },
  // the second step of a sign-in: a challenge that is not valid is refused whoever sends it
  {
    method: 'POST',
    path: '/api/auth/login/second-factor',
    url: () => '/api/auth/login/second-factor',
    body: () => ({ challengeToken: 'not-a-challenge', code: '000000' }),
    expect: EVERYONE(401),
  },
  {
    method: 'POST',
    path: '/api/auth/passkey/options',
    url: () => '/api/auth/passkey/options',
    expect: EVERYONE(200),
  },
  {
    method: 'POST',
    path: '/api/auth/passkey',
    url: () => '/api/auth/passkey',
    body: () => ({ challengeToken: 'not-a-challenge', response: { id: 'nope' } }),
    expect: EVERYONE(401),
  },
  {
    method: 'GET',
    path: '/api/account/passkeys',
    url: () => '/api/account/passkeys',
    expect: SIGNED_IN(200),
  },
  {
    method: 'POST',
    path: '/api/account/passkeys/registration-options',
    url: () => '/api/account/passkeys/registration-options',
    expect: SIGNED_IN(200),
  },
  // an answer to no challenge of this server's adds nothing, for anyone
  {
    method: 'POST',
    path: '/api/account/passkeys',
    url: () => '/api/account/passkeys',
    body: () => ({ challengeToken: 'not-a-challenge', response: { id: 'nope' } }),
    expect: SIGNED_IN(400),
  },
  {
    method: 'PATCH',
    path: '/api/account/passkeys/{id}',
    url: (world) => `/api/account/passkeys/${world.passkeyId}`,
    body: () => ({ name: 'Renamed' }),
    expect: OWNER_ONLY(200),
  },
  {
    method: 'DELETE',
    path: '/api/account/passkeys/{id}',
    url: (world) => `/api/account/passkeys/${world.passkeyId}`,
    expect: OWNER_ONLY(204),
  },
  {
    method: 'GET',
    path: '/api/account/second-factor',
    url: () => '/api/account/second-factor',
    expect: SIGNED_IN(200),
  },
  {
    method: 'POST',
    path: '/api/account/second-factor/setup',
    url: () => '/api/account/second-factor/setup',
    expect: SIGNED_IN(200),
  },
  // no setup was begun in the world: the code has nothing to confirm
  {
    method: 'POST',
    path: '/api/account/second-factor/enable',
    url: () => '/api/account/second-factor/enable',
    body: () => ({ code: '000000' }),
    expect: SIGNED_IN(400),
  },
  // it is on for no one in the world: nothing to renew or turn off
  {
    method: 'POST',
    path: '/api/account/second-factor/recovery-codes',
    url: () => '/api/account/second-factor/recovery-codes',
    expect: SIGNED_IN(409),
  },
  {
    method: 'DELETE',
    path: '/api/account/second-factor',
    url: () => '/api/account/second-factor',
    expect: SIGNED_IN(409),
  },
  {
    method: 'POST',
    path: '/api/auth/reauthenticate',
    url: () => '/api/auth/reauthenticate',
    body: (_world, actor) => ({ password: actor.password }),
    expect: { ...SIGNED_IN_ONLY, other: 200, owner: 200 },
  },
  {
    method: 'GET',
    path: '/api/auth/sessions',
    url: () => '/api/auth/sessions',
    expect: {
      ...SIGNED_IN_ONLY,
      other: (world, response) => {
        expect(response.status).toBe(200);
        expect(JSON.stringify(response.body)).not.toContain(world.spareSessionId);
      },
      owner: (world, response) => {
        expect(response.status).toBe(200);
        const ids = (response.body as AccountSessionsResponse).sessions.map((session) => session.id);
        expect(ids).toContain(world.spareSessionId);
      },
    },
  },
  {
    method: 'POST',
    path: '/api/auth/sessions/end-others',
    url: () => '/api/auth/sessions/end-others',
    expect: {
      ...SIGNED_IN_ONLY,
      other: 200,
      // whoever went before ended none of the owner's: the spare session ends now
      owner: (_world, response) => {
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ ended: 1 });
      },
    },
  },
  {
    method: 'DELETE',
    path: '/api/auth/sessions/{id}',
    url: (world) => `/api/auth/sessions/${world.spareSessionId}`,
    expect: OWNER_ONLY(204),
  },
  // the link of a new sign-in mail works signed out: whoever holds it ends that one session, once
  {
    method: 'POST',
    path: '/api/auth/sessions/end-from-mail',
    url: () => '/api/auth/sessions/end-from-mail',
    body: (world) => ({ token: world.spareEndToken }),
    expect: {
      anonymous: (_world, response) => {
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ ended: true });
      },
      ...Object.fromEntries(
        (['other', 'ended', 'deleted', 'owner'] as const).map((actor) => [
          actor,
          (_world: World, response: HttpResult) => {
            expect(response.status).toBe(200);
            expect(response.body).toMatchObject({ ended: false });
          },
        ]),
      ),
    } as Record<Actor, Expected>,
  },
  {
    method: 'PATCH',
    path: '/api/account',
    url: () => '/api/account',
    body: () => ({ displayName: 'Renamed' }),
    expect: { ...SIGNED_IN_ONLY, other: 200, owner: 200 },
  },
  {
    method: 'POST',
    path: '/api/account/password',
    url: () => '/api/account/password',
    body: (_world, actor) => ({ currentPassword: actor.password, newPassword: 'another-secret' }),
    expect: { ...SIGNED_IN_ONLY, other: 204, owner: 204 },
  },
  {
    method: 'DELETE',
    path: '/api/account',
    url: () => '/api/account',
    body: (_world, actor) => ({ password: actor.password }),
    expect: {
      ...SIGNED_IN_ONLY,
      other: 204,
      owner: 204,
    },
  },
  {
    method: 'GET',
    path: '/api/profiles',
    url: () => '/api/profiles',
    expect: {
      ...SIGNED_IN_ONLY,
      other: (world, response) => {
        expect(response.status).toBe(200);
        expect(JSON.stringify(response.body)).not.toContain(world.card.id);
      },
      owner: (world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as ProfileResponse[]).map((p) => p.id)).toContain(world.card.id);
      },
    },
  },
  {
    method: 'POST',
    path: '/api/profiles',
    url: () => '/api/profiles',
    body: () => ({ handle: `matrix-${process.pid}-${++emailCounter}`, displayName: 'Matrix Card' }),
    expect: { ...SIGNED_IN_ONLY, other: 201, owner: 201 },
  },
  {
    method: 'GET',
    path: '/api/profiles/handle-availability',
    url: (world) =>
      `/api/profiles/handle-availability?handle=${world.card.handle}&profileId=${world.card.id}`,
    expect: {
      ...SIGNED_IN_ONLY,
      // a handle is public: anyone signed in learns it is taken, only its owner that it is theirs
      other: (_world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as HandleAvailabilityResponse).status).toBe('taken');
      },
      owner: (_world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as HandleAvailabilityResponse).status).toBe('available');
      },
    },
  },
  { method: 'GET', path: '/api/profiles/{id}', url: card, expect: OWNER_ONLY(200) },
  {
    method: 'PUT',
    path: '/api/profiles/{id}',
    url: card,
    body: (world) => ({ handle: world.card.handle, displayName: 'Taken Over', published: true }),
    expect: OWNER_ONLY(200),
  },
  { method: 'DELETE', path: '/api/profiles/{id}', url: card, expect: OWNER_ONLY(204) },
  {
    method: 'GET',
    path: '/api/profiles/{id}/qr',
    url: (world) => `${card(world)}/qr`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'POST',
    path: '/api/profiles/{id}/qr',
    url: (world) => `${card(world)}/qr`,
    body: () => ({ foreground: '#000000', background: '#ffffff' }),
    expect: OWNER_ONLY(200),
  },
  {
    method: 'POST',
    path: '/api/profiles/{id}/duplicate',
    url: (world) => `${card(world)}/duplicate`,
    expect: OWNER_ONLY(201),
  },
  // this server has no pass certificate: the owner learns so, the others only that there is no card
  {
    method: 'GET',
    path: '/api/profiles/{id}/wallet-pass',
    url: (world) => `${card(world)}/wallet-pass`,
    expect: OWNER_ONLY(404),
  },
  // this server has a Google Wallet issuer: the owner gets the card's link, the others no card
  {
    method: 'GET',
    path: '/api/profiles/{id}/google-wallet',
    url: (world) => `${card(world)}/google-wallet`,
    expect: OWNER_ONLY(200),
  },
  { method: 'GET', path: '/api/client-config', url: () => '/api/client-config', expect: EVERYONE(200) },
  {
    method: 'GET',
    path: '/api/profiles/{id}/analytics/summary',
    url: (world) => `${card(world)}/analytics/summary?${RANGE}`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'GET',
    path: '/api/profiles/{id}/analytics/visits',
    url: (world) => `${card(world)}/analytics/visits?${RANGE}`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'GET',
    path: '/api/profiles/{id}/analytics/live',
    url: (world) => `${card(world)}/analytics/live`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'GET',
    path: '/api/profiles/{id}/analytics/visits.csv',
    url: (world) => `${card(world)}/analytics/visits.csv?${RANGE}`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'GET',
    path: '/api/profiles/{id}/analytics/summary.csv',
    url: (world) => `${card(world)}/analytics/summary.csv?${RANGE}`,
    expect: OWNER_ONLY(200),
  },
  // the links are the card owner's alone to make and revoke; whoever holds one reads the aggregates
  {
    method: 'GET',
    path: '/api/profiles/{id}/analytics/shares',
    url: (world) => `${card(world)}/analytics/shares`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'POST',
    path: '/api/profiles/{id}/analytics/shares',
    url: (world) => `${card(world)}/analytics/shares`,
    body: () => ({ label: 'For the board' }),
    expect: OWNER_ONLY(201),
  },
  {
    method: 'DELETE',
    path: '/api/profiles/{id}/analytics/shares/{shareId}',
    url: (world) => `${card(world)}/analytics/shares/${world.shareId}`,
    expect: OWNER_ONLY(204),
  },
  {
    method: 'GET',
    path: '/api/shared/analytics/{token}',
    url: (world) => `/api/shared/analytics/${world.shareToken}`,
    expect: EVERYONE(200),
  },
  {
    method: 'POST',
    path: '/api/shared/analytics/{token}/unlock',
    url: (world) => `/api/shared/analytics/${world.lockedShareToken}/unlock`,
    body: () => ({ password: 'board-secret' }),
    expect: EVERYONE(204),
  },
  {
    method: 'GET',
    path: '/api/shared/analytics/{token}/summary',
    url: (world) => `/api/shared/analytics/${world.shareToken}/summary?${RANGE}`,
    expect: EVERYONE(200),
  },
  // every signed-in owner reads the overview of their own cards (another's cards are not in it)
  {
    method: 'GET',
    path: '/api/analytics/overview',
    url: () => `/api/analytics/overview?${RANGE}&tz=Asia%2FKolkata`,
    expect: SIGNED_IN(200),
  },
  {
    method: 'POST',
    path: '/api/profiles/{id}/leads',
    url: (world) => `${card(world)}/leads`,
    body: () => ({ email: 'visitor@example.com', message: 'Hello', consent: true }),
    expect: EVERYONE(201),
  },
  {
    method: 'GET',
    path: '/api/profiles/{id}/leads',
    url: (world) => `${card(world)}/leads`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'GET',
    path: '/api/profiles/{id}/leads/export',
    url: (world) => `${card(world)}/leads/export`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'GET',
    path: '/api/profiles/{id}/leads/{leadId}/vcard',
    url: (world) => `${card(world)}/leads/${world.leadId}/vcard`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'PATCH',
    path: '/api/profiles/{id}/leads/{leadId}',
    url: (world) => `${card(world)}/leads/${world.leadId}`,
    body: () => ({ status: 'contacted', tags: ['VIP'], note: 'Call back' }),
    expect: OWNER_ONLY(200),
  },
  // the account-wide list holds the caller's own cards' leads only
  {
    method: 'GET',
    path: '/api/leads',
    url: () => '/api/leads',
    expect: {
      ...SIGNED_IN_ONLY,
      other: (_world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as Page<LeadResponse>).total).toBe(0);
      },
      owner: (world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as Page<LeadResponse>).items.map((lead) => lead.id)).toEqual([world.leadId]);
      },
    },
  },
  {
    method: 'GET',
    path: '/api/leads/export',
    url: () => '/api/leads/export',
    expect: {
      ...SIGNED_IN_ONLY,
      other: (_world, response) => {
        expect(response.status).toBe(200);
        expect(response.text).not.toContain('first@example.com');
      },
      owner: (_world, response) => {
        expect(response.status).toBe(200);
        expect(response.text).toContain('first@example.com');
      },
    },
  },
  {
    method: 'GET',
    path: '/api/leads/tags',
    url: () => '/api/leads/tags',
    expect: { ...SIGNED_IN_ONLY, other: 200, owner: 200 },
  },
  // another account's lead is not found to it, and stays as it was
  {
    method: 'POST',
    path: '/api/leads/bulk',
    url: () => '/api/leads/bulk',
    body: (world) => ({ leadIds: [world.leadId], action: 'status', status: 'won' }),
    expect: {
      ...SIGNED_IN_ONLY,
      other: (world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as BulkLeadsResponse).results).toEqual([
          { id: world.leadId, outcome: 'notFound' },
        ]);
      },
      owner: (world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as BulkLeadsResponse).results).toEqual([
          { id: world.leadId, outcome: 'updated' },
        ]);
      },
    },
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    url: () => '/api/auth/forgot-password',
    // the same answer for every address, a deleted account's too
    body: (_world, actor) => ({ email: actor.email }),
    expect: EVERYONE(202),
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    url: () => '/api/auth/reset-password',
    // the link is the proof, not the session: an unknown link is refused whoever opens it
    body: () => ({ token: 'A'.repeat(43), newPassword: 'another-secret' }),
    expect: EVERYONE(400),
  },
  {
    method: 'POST',
    path: '/api/account/email',
    url: () => '/api/account/email',
    body: (_world, actor) => ({ newEmail: freshEmail(), currentPassword: actor.password }),
    expect: { ...SIGNED_IN_ONLY, other: 202, owner: 202 },
  },
  {
    method: 'POST',
    path: '/api/account/email/confirm',
    url: () => '/api/account/email/confirm',
    body: () => ({ token: 'A'.repeat(43) }),
    expect: EVERYONE(400),
  },
  {
    method: 'POST',
    path: '/api/mail/unsubscribe',
    // the signed link is the proof, not the session: a link not signed by the app is refused
    url: () => `/api/mail/unsubscribe?token=report.${'a'.repeat(24)}.${'A'.repeat(43)}`,
    expect: EVERYONE(400),
  },
  {
    method: 'GET',
    path: '/api/mail/unsubscribe',
    // changes nothing: sends the browser on to the web page with the button (the SPA answers)
    url: () => `/api/mail/unsubscribe?token=report.${'a'.repeat(24)}.${'A'.repeat(43)}`,
    expect: EVERYONE(200),
  },
  {
    method: 'GET',
    path: '/api/account/settings',
    url: () => '/api/account/settings',
    expect: { ...SIGNED_IN_ONLY, other: 200, owner: 200 },
  },
  {
    method: 'PATCH',
    path: '/api/account/settings',
    url: () => '/api/account/settings',
    body: () => ({ notifyOnMessages: false }),
    expect: { ...SIGNED_IN_ONLY, other: 200, owner: 200 },
  },
  {
    method: 'POST',
    path: '/api/account/export',
    url: () => '/api/account/export',
    expect: { ...SIGNED_IN_ONLY, other: 202, owner: 202 },
  },
  // each account sees its own export only
  {
    method: 'GET',
    path: '/api/account/export',
    url: () => '/api/account/export',
    expect: {
      ...SIGNED_IN_ONLY,
      other: (_world, response) => {
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ export: null });
      },
      owner: (world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as AccountExportStateResponse).export?.id).toBe(world.exportId);
      },
    },
  },
  {
    method: 'GET',
    path: '/api/account/export/{id}/download',
    url: (world) => `/api/account/export/${world.exportId}/download`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'DELETE',
    path: '/api/profiles/{id}/leads/{leadId}',
    url: (world) => `${card(world)}/leads/${world.leadId}`,
    expect: OWNER_ONLY(204),
  },
  {
    method: 'GET',
    path: '/api/public/profiles/{handle}',
    url: (world) => `/api/public/profiles/${world.card.handle}`,
    expect: EVERYONE(200),
  },
  {
    method: 'POST',
    path: '/api/public/profiles/{id}/events',
    url: (world) => `/api/public/profiles/${world.card.id}/events`,
    body: () => ({ type: 'vcard_saved' }),
    expect: EVERYONE(202),
  },
  {
    method: 'GET',
    path: '/.well-known/security.txt',
    page: true,
    url: () => '/.well-known/security.txt',
    expect: EVERYONE(200),
  },
  {
    method: 'GET',
    path: '/u/{handle}',
    page: true,
    url: (world) => `/u/${world.card.handle}`,
    expect: EVERYONE(200),
  },
  {
    method: 'GET',
    path: '/u/{handle}/contact.vcf',
    page: true,
    url: (world) => `/u/${world.card.handle}/contact.vcf`,
    expect: EVERYONE(200),
  },
  {
    method: 'POST',
    path: '/u/{handle}/message',
    page: true,
    form: true,
    url: (world) => `/u/${world.card.handle}/message`,
    body: () => 'email=visitor%40example.com&message=Hello&consent=on',
    expect: EVERYONE(200),
  },
  {
    method: 'GET',
    path: '/u/{handle}/preview.png',
    page: true,
    url: (world) => `/u/${world.card.handle}/preview.png`,
    expect: EVERYONE(200),
  },
  // a draft's drawn preview is its owner's alone
  {
    method: 'GET',
    path: '/u/{handle}/preview.png',
    page: true,
    url: (world) => `/u/${world.draft.handle}/preview.png`,
    expect: { anonymous: 404, other: 404, owner: 200, ended: 404, deleted: 404 },
  },
  {
    method: 'GET',
    path: '/media/{key}',
    page: true,
    url: () => '/media/0123456789abcdef0123456789abcdef.webp',
    expect: EVERYONE(404),
  },
  // API keys: any account makes and lists its own; another's key answers as one that does not exist
  {
    method: 'GET',
    path: '/api/api-keys',
    url: () => '/api/api-keys',
    expect: {
      ...SIGNED_IN_ONLY,
      other: (world, response) => {
        expect(response.status).toBe(200);
        expect(JSON.stringify(response.body)).not.toContain(world.apiKeyId);
      },
      owner: (world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as Array<{ id: string }>).map((key) => key.id)).toEqual([world.apiKeyId]);
      },
    },
  },
  {
    method: 'POST',
    path: '/api/api-keys',
    url: () => '/api/api-keys',
    body: () => ({ name: 'Reporting', scopes: ['leads:read'] }),
    expect: { ...SIGNED_IN_ONLY, other: 201, owner: 201 },
  },
  {
    method: 'PATCH',
    path: '/api/api-keys/{id}',
    url: (world) => `/api/api-keys/${world.apiKeyId}`,
    body: () => ({ name: 'Renamed' }),
    expect: OWNER_ONLY(200),
  },
  {
    method: 'DELETE',
    path: '/api/api-keys/{id}',
    url: (world) => `/api/api-keys/${world.apiKeyId}`,
    expect: OWNER_ONLY(204),
  },
  // webhooks: the owner's own; anyone else's answers as a missing one
  {
    method: 'GET',
    path: '/api/webhooks',
    url: () => '/api/webhooks',
    expect: {
      ...SIGNED_IN_ONLY,
      other: (world, response) => {
        expect(response.status).toBe(200);
        expect(JSON.stringify(response.body)).not.toContain(world.webhookId);
      },
      owner: (world, response) => {
        expect(response.status).toBe(200);
        expect((response.body as Array<{ id: string }>).map((one) => one.id)).toContain(world.webhookId);
      },
    },
  },
  {
    method: 'POST',
    path: '/api/webhooks',
    url: () => '/api/webhooks',
    body: () => ({ url: 'http://127.0.0.1:9/other', events: ['lead.created'] }),
    expect: SIGNED_IN(201),
  },
  { method: 'GET', path: '/api/webhooks/{id}', url: webhook, expect: OWNER_ONLY(200) },
  {
    method: 'PATCH',
    path: '/api/webhooks/{id}',
    url: webhook,
    body: () => ({ url: 'http://127.0.0.1:9/taken-over' }),
    expect: OWNER_ONLY(200),
  },
  { method: 'DELETE', path: '/api/webhooks/{id}', url: webhook, expect: OWNER_ONLY(204) },
  {
    method: 'POST',
    path: '/api/webhooks/{id}/rotate-secret',
    url: (world) => `${webhook(world)}/rotate-secret`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'POST',
    path: '/api/webhooks/{id}/test',
    url: (world) => `${webhook(world)}/test`,
    expect: OWNER_ONLY(202),
  },
  {
    method: 'GET',
    path: '/api/webhooks/{id}/deliveries',
    url: (world) => `${webhook(world)}/deliveries`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'GET',
    path: '/api/webhooks/{id}/deliveries/{deliveryId}',
    url: (world) => `${webhook(world)}/deliveries/${world.deliveryId}`,
    expect: OWNER_ONLY(200),
  },
  {
    method: 'POST',
    path: '/api/webhooks/{id}/deliveries/{deliveryId}/retry',
    url: (world) => `${webhook(world)}/deliveries/${world.deliveryId}/retry`,
    expect: OWNER_ONLY(202),
  },
  {
    method: 'POST',
    path: '/api/hooks',
    url: () => '/api/hooks',
    body: () => ({ url: 'http://127.0.0.1:9/zap', event: 'lead.created' }),
    expect: SIGNED_IN(201),
  },
  { method: 'DELETE', path: '/api/hooks/{id}', url: webhook, expect: OWNER_ONLY(204) },
  {
    method: 'GET',
    path: '/api/hooks/samples/{event}',
    url: () => '/api/hooks/samples/contact.saved',
    expect: SIGNED_IN(200),
  },
  // any signed-in account may upload; a body that is not an image is refused after the session check
  {
    method: 'POST',
    path: '/api/media/{kind}',
    url: () => '/api/media/avatar',
    expect: { ...SIGNED_IN_ONLY, other: 400, owner: 400 },
  },
];

/** a draft is the owner's alone, whoever else asks */
const DRAFT_READ: Route = {
  method: 'GET',
  path: '/api/public/profiles/{handle}',
  url: (world) => `/api/public/profiles/${world.draft.handle}`,
  expect: { anonymous: 404, other: 404, owner: 200, ended: 404, deleted: 404 },
};

/** the owner's data export, once it is ready */
async function readyExport(http: HttpClient, token: string): Promise<string> {
  const started = await http.post<{ id: string }>('/api/account/export', { token });
  if (started.status !== 202) throw new Error(`export: ${started.status} ${started.text}`);
  await eventually(
    () => http.get<AccountExportStateResponse>('/api/account/export', { token }),
    (answer) => answer.body.export?.status === 'ready',
    10_000,
  );
  return started.body.id;
}

async function buildWorld(
  http: HttpClient,
  { secret, publicBaseUrl }: { secret: string; publicBaseUrl: string },
  options: { withExport?: boolean } = {},
): Promise<World> {
  const owner = await registerUser(http);
  const published = await createProfile(http, owner.accessToken, { published: true });
  const draft = await createProfile(http, owner.accessToken, { published: false });
  const lead = await http.post<{ id: string }>(`/api/profiles/${published.id}/leads`, {
    body: { email: 'first@example.com', message: 'Hi', consent: true },
  });
  if (lead.status !== 201) throw new Error(`lead: ${lead.status} ${lead.text}`);

  const apiKey = await http.post<{ id: string }>('/api/api-keys', {
    token: owner.accessToken,
    body: { name: 'Zapier', scopes: ['leads:read'] },
  });
  if (apiKey.status !== 201) throw new Error(`api key: ${apiKey.status} ${apiKey.text}`);

  const other = await registerUser(http);

  const endpoint = await http.post<{ id: string }>('/api/webhooks', {
    token: owner.accessToken,
    body: { url: 'http://127.0.0.1:9/hook', events: ['lead.created'] },
  });
  if (endpoint.status !== 201) throw new Error(`webhook: ${endpoint.status} ${endpoint.text}`);
  const delivery = await http.post<{ id: string }>(`/api/webhooks/${endpoint.body.id}/test`, {
    token: owner.accessToken,
  });

  const shares = `/api/profiles/${published.id}/analytics/shares`;
  const share = await http.post<{ id: string; url: string }>(shares, { token: owner.accessToken, body: {} });
  const locked = await http.post<{ url: string }>(shares, {
    token: owner.accessToken,
    body: { password: 'board-secret' },
  });
  if (share.status !== 201 || locked.status !== 201) throw new Error(`share: ${share.status} ${share.text}`);

  const spare = await http.post<{ accessToken: string }>('/api/auth/login', {
    body: { email: owner.email, password: owner.password },
  });
  const spareSessions = await http.get<AccountSessionsResponse>('/api/auth/sessions', {
    token: spare.body.accessToken,
  });
  const spareSessionId = spareSessions.body.sessions[0]!.id;

  const passkeyOptions = await http.post<PasskeyOptionsResponse>(
    '/api/account/passkeys/registration-options',
    {
      token: owner.accessToken,
    },
  );
  const passkey = await http.post<PasskeyResponse>('/api/account/passkeys', {
    token: owner.accessToken,
    body: {
      challengeToken: passkeyOptions.body.challengeToken,
      response: new SoftAuthenticator(new URL(publicBaseUrl).hostname, publicBaseUrl).create(
        passkeyOptions.body.options,
      ),
    },
  });
  if (passkey.status !== 201) throw new Error(`passkey: ${passkey.status} ${passkey.text}`);

  // a third session of the owner's, ended by logging out of it
  const second = await http.post<{ accessToken: string }>('/api/auth/login', {
    body: { email: owner.email, password: owner.password },
  });
  const logout = await http.post('/api/auth/logout', { token: second.body.accessToken });
  if (logout.status !== 204) throw new Error(`logout: ${logout.status} ${logout.text}`);

  const gone = await registerUser(http);
  await createProfile(http, gone.accessToken, { published: true });
  const deletion = await http.delete('/api/account', {
    token: gone.accessToken,
    body: { password: gone.password },
  });
  if (deletion.status !== 204) throw new Error(`account deletion: ${deletion.status} ${deletion.text}`);

  return {
    card: published,
    draft,
    leadId: lead.body.id,
    apiKeyId: apiKey.body.id,
    exportId: options.withExport ? await readyExport(http, owner.accessToken) : '',
    webhookId: endpoint.body.id,
    deliveryId: delivery.body.id,
    shareId: share.body.id,
    shareToken: share.body.url.split('/share/')[1],
    lockedShareToken: locked.body.url.split('/share/')[1],
    spareSessionId,
    spareEndToken: sessionEndToken(secret, spareSessionId),
    passkeyId: passkey.body.id,
    ownerToken: owner.accessToken,
    actors: {
      anonymous: { token: null, email: 'nobody@example.com', password: 'not-a-password' },
      other: { token: other.accessToken, email: other.email, password: other.password },
      owner: { token: owner.accessToken, email: owner.email, password: owner.password },
      ended: { token: second.body.accessToken, email: owner.email, password: owner.password },
      deleted: { token: gone.accessToken, email: gone.email, password: gone.password },
    },
  };
}

/** every caller is refused: nothing is changed, for this row or the next (which the row checks) */
const refusedToAll = (route: Route) =>
  ACTORS.every((actor) => {
    const expected = route.expect[actor];
    return typeof expected === 'number' && expected >= 400;
  });

describe.each(STORAGE_KINDS)('authorization matrix (%s)', (kind) => {
  // with the built web app, so the card's own pages are served too
  // the owner's webhook goes to a loopback port nothing listens on
  // and with a Google Wallet issuer, so its link is made for whoever may have it
  const { app, http } = apiUnderTest(kind, {
    WEB_DIST_DIR: BUILT_WEB_DIST,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    ...googleWalletEnv(makeServiceAccount()),
  });
  const site = () => ({ secret: app().config.jwtSecret, publicBaseUrl: app().config.publicBaseUrl });
  let readersWorld: Promise<World> | undefined;
  const sharedWorld = () => (readersWorld ??= buildWorld(http, site(), { withExport: true }));

  it("covers every route the API documents but the teams' own", async () => {
    const document = await http.get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs-json');
    // a team's routes have callers of their own: teams-authorization-matrix.spec.ts
    const documented = Object.entries(document.body.paths)
      .filter(([path]) => !path.startsWith('/api/teams') && !path.startsWith('/api/invitations'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const listed = new Set(
      ROUTES.filter((route) => !route.page).map((route) => `${route.method} ${route.path}`),
    );
    expect(documented.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !documented.includes(route))).toEqual([]);
  });

  it.each(
    [...ROUTES, DRAFT_READ].map(
      (route) => [`${route.method} ${route.path}${route === DRAFT_READ ? ' (a draft)' : ''}`, route] as const,
    ),
  )('%s', async (_name, route) => {
    // a read changes nothing an actor's answer depends on, and neither does a write refused to every
    // caller, so those share one world; a write that goes through gets a world of its own
    const world =
      route.method === 'GET' || refusedToAll(route) ? await sharedWorld() : await buildWorld(http, site());
    const mismatches: string[] = [];
    for (const actor of ACTORS) {
      const credentials = world.actors[actor];
      const body = route.body?.(world, credentials);
      const response = await http.request(route.method, route.url(world), {
        token: credentials.token ?? undefined,
        ...(route.form
          ? {
              rawBody: body as string,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            }
          : { body }),
      });
      const expected = route.expect[actor];
      try {
        if (typeof expected === 'number') {
          expect(response.status).toBe(expected);
          if (expected >= 400)
            expect(response.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
        } else {
          expected(world, response);
        }
        // a refused create left no card behind (a deleted account's session creates nothing)
        if (route.method === 'POST' && route.path === '/api/profiles' && response.status === 401) {
          const handle = (body as { handle: string }).handle;
          expect((await http.get(`/api/public/profiles/${handle}`)).status).toBe(404);
        }
        // whoever was refused changed nothing of the owner's endpoint (its log goes on)
        if (actor !== 'owner' && /^\/api\/(webhooks|hooks)\/\{id\}/.test(route.path)) {
          const after = await http.get<{ url: string }>(webhook(world), { token: world.ownerToken });
          expect(after.status).toBe(200);
          expect(after.body.url).toBe('http://127.0.0.1:9/hook');
        }
        // whoever was refused changed nothing of the owner's
        if (actor !== 'owner' && route.path.startsWith('/api/profiles/{id}')) {
          const after = await http.get<ProfileResponse>(card(world), { token: world.ownerToken });
          expect(after.status).toBe(200);
          expect(after.body).toEqual(world.card);
        }
      } catch (error) {
        mismatches.push(`${actor}: ${response.status} ${response.text.slice(0, 200)}\n${String(error)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
