import { startReceiver, type Receiver } from './testing/webhook-receiver';
import { sendWebhook } from './webhook-sender';

// one attempt against a real receiver on loopback, as the dispatcher makes it
describe('a webhook attempt', () => {
  let receiver: Receiver;
  const headers = { 'content-type': 'application/json', 'webhook-id': 'msg_1' };
  const body = JSON.stringify({ type: 'webhook.test' });

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('is refused at the connection when the name resolves to a private address (localhost)', async () => {
    const url = receiver.url('refused').replace('127.0.0.1', 'localhost');
    const outcome = await sendWebhook(url, headers, body, { timeoutMs: 2000, allowPrivate: false });
    expect(outcome).toMatchObject({
      ok: false,
      responseStatus: null,
      error: expect.stringMatching(
        /^Not sent: the address resolves to a private or local address \((127\.0\.0\.1|::1)\)$/,
      ),
    });
    // a literal is refused without a lookup, the odd spellings too
    for (const host of ['127.0.0.1', '[::1]', '2130706433', '0x7f.1', '[::ffff:127.0.0.1]']) {
      const literal = `http://${host}:${receiver.port}${receiver.pathOf(url)}`;
      const refused = await sendWebhook(literal, headers, body, { timeoutMs: 2000, allowPrivate: false });
      expect(refused.error).toMatch(/^Not sent: the address resolves to a private or local address/);
    }
    expect(receiver.at(url)).toEqual([]);
    // the operator's setting lets the same name through
    const allowed = await sendWebhook(url, headers, body, { timeoutMs: 2000, allowPrivate: true });
    expect(allowed).toMatchObject({ ok: true, responseStatus: 204, error: null });
    expect(receiver.at(url)).toHaveLength(1);
  });

  it('does not follow a redirect, and keeps the first kilobyte of an answer', async () => {
    const url = receiver.url('redirect');
    receiver.answer(url, 301);
    const moved = await sendWebhook(url, headers, body, { timeoutMs: 2000, allowPrivate: true });
    expect(moved).toMatchObject({
      ok: false,
      responseStatus: 301,
      error: 'The endpoint answered 301 (redirects are not followed)',
    });
    expect(receiver.at(url)).toHaveLength(1);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const url = receiver.url('slow');
    let release!: () => void;
    receiver.answer(url, { hold: new Promise<void>((resolve) => (release = resolve)), status: 200 });
    const outcome = await sendWebhook(url, headers, body, { timeoutMs: 300, allowPrivate: true });
    release();
    expect(outcome).toMatchObject({ ok: false, responseStatus: null, error: 'No answer within 0.3 s' });
  });

  it('says why a connection failed', async () => {
    const outcome = await sendWebhook('http://127.0.0.1:1/none', headers, body, {
      timeoutMs: 2000,
      allowPrivate: true,
    });
    expect(outcome).toMatchObject({ ok: false, error: 'The connection was refused' });
  });
});
