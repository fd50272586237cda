import type {
  ErrorResponse,
  LeadResponse,
  WebhookEndpointResponse,
  WebhookEndpointWithSecretResponse,
} from '@cardcraft/contracts';
import { WebhookMessages } from '@cardcraft/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../../infra/test/clickhouse-http-fixture';
import { startTestRedis, uniquePrefix, type TestRedis } from '../../../../infra/test/redis';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { createProfile, httpClient, registerUser } from '../platform/testing/http';
import { apiUnderTest, startTestApp, type TestApp } from '../platform/testing/test-app';
import { startReceiver, verifySignature, type Receiver } from './testing/webhook-receiver';

// the operator's default: no private or local address, at save (here) and at the connection
// (webhook-sender.spec.ts, a name resolving to 127.0.0.1)
describe.each(STORAGE_KINDS)('webhook addresses, private ones refused (%s)', (kind) => {
  const { http } = apiUnderTest(kind);

  it('refuses a private, local or plain-http address when saved, and keeps what was stored', async () => {
    const owner = await registerUser(http);
    const save = (url: string) =>
      http.post<ErrorResponse>('/api/webhooks', {
        token: owner.accessToken,
        body: { url, events: ['lead.created'] },
      });
    for (const url of [
      'https://localhost/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://2130706433/hook',
      'https://0x7f.1/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.1.1/hook',
      'https://[fd00::1]/hook',
      'https://0.0.0.0/hook',
    ]) {
      const refused = await save(url);
      expect({ url, status: refused.status, body: refused.body }).toEqual({
        url,
        status: 400,
        body: {
          error: WebhookMessages.privateAddress,
          errors: [{ field: 'url', message: WebhookMessages.privateAddress }],
        },
      });
    }
    const plain = await save('http://93.184.216.34/hook');
    expect(plain.status).toBe(400);
    expect(plain.body.error).toBe(WebhookMessages.httpsOnly);

    // a public address is kept, and a change to a private one leaves it as it was
    const kept = await http.post<WebhookEndpointWithSecretResponse>('/api/webhooks', {
      token: owner.accessToken,
      body: { url: 'https://93.184.216.34/hook', events: ['lead.created'] },
    });
    expect(kept.status).toBe(201);
    const moved = await http.patch<ErrorResponse>(`/api/webhooks/${kept.body.id}`, {
      token: owner.accessToken,
      body: { url: 'https://localhost/hook' },
    });
    expect(moved.status).toBe(400);
    const listed = await http.get<WebhookEndpointResponse[]>('/api/webhooks', { token: owner.accessToken });
    expect(listed.body.map((one) => one.url)).toEqual(['https://93.184.216.34/hook']);
  });
});

describe('webhooks in the cluster configuration (BullMQ wake-ups on redis)', () => {
  let dir: string;
  let redis: TestRedis | undefined;
  let fixture: ClickHouseHttpFixture | undefined;
  let api: TestApp | undefined;
  let receiver: Receiver;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-webhooks-cluster-'));
    [redis, fixture, receiver] = await Promise.all([
      startTestRedis(),
      startClickHouseHttpFixture({ dir: join(dir, 'ch') }),
      startReceiver(),
    ]);
    api = await startTestApp('mongo', {
      REDIS_URL: redis.url,
      CLICKHOUSE_URL: fixture.url,
      ANALYTICS_QUEUE_PREFIX: uniquePrefix('webhooks'),
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_DELAYS: '300ms',
      // no sweep within the test: every send is woken by a BullMQ job
      WEBHOOK_SWEEP_INTERVAL: '1h',
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await receiver?.close();
    await fixture?.stop();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a message’s delivery and its retry when their delayed jobs come due', async () => {
    const http = httpClient(api!.url);
    const owner = await registerUser(http);
    const card = await createProfile(http, owner.accessToken, { published: true });
    const url = receiver.url('cluster');
    const endpoint = await http.post<WebhookEndpointWithSecretResponse>('/api/webhooks', {
      token: owner.accessToken,
      body: { url, events: ['lead.created'] },
    });
    receiver.answer(url, 500);
    const lead = await http.post<LeadResponse>(`/api/profiles/${card.id}/leads`, {
      body: { email: 'grace@example.com', consent: true },
    });
    expect(lead.status).toBe(201);
    const [first, retried] = await receiver.waitFor(url, 2);
    expect(retried.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verifySignature(retried, endpoint.body.secret)).toBe(true);
    expect(retried.json.data).toMatchObject({ lead: { id: lead.body.id } });
  });
});
