import { Agent, request } from 'node:http';
import { startProduct, type RunningProduct } from './support/product';

// the built product, stopped the way a container engine or Ctrl-C stops it
let product: RunningProduct;

beforeAll(async () => {
  product = await startProduct();
}, 90_000);

afterAll(async () => {
  await product?.stop();
}, 30_000);

describe('stopping the product with SIGTERM', () => {
  it('answers the requests in flight, then exits 0', async () => {
    const stamp = Date.now().toString(36);
    // four connections the server has taken: each answered a request before a sign-up goes over it.
    // a connection still waiting to be taken when the signal comes is refused, which is not what
    // this test is about (on a busy machine a fresh one was now and then)
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const send = (method: string, path: string, body?: unknown) =>
      new Promise<number>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const call = request(
          `${product.baseUrl}${path}`,
          {
            method,
            agent,
            headers: payload
              ? { 'content-type': 'application/json', origin: product.baseUrl }
              : { origin: product.baseUrl },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        call.on('error', reject);
        call.end(payload);
      });
    const warm = await Promise.all(Array.from({ length: 4 }, () => send('GET', '/api/health')));
    expect(warm).toEqual([200, 200, 200, 200]);
    // sign-ups hash a password for a while: these are surely in flight when the signal comes
    const signUps = Array.from({ length: 4 }, (_, i) =>
      send('POST', '/api/auth/register', {
        email: `stop-${stamp}-${i}@example.com`,
        password: 'a long enough password',
        displayName: `Stop ${i}`,
      }).catch((error: Error) => `failed: ${error.message}`),
    );
    await new Promise((resolve) => setTimeout(resolve, 40));
    const ended = await product.terminate();
    const statuses = await Promise.all(signUps);
    agent.destroy();

    expect({ ended, statuses }).toEqual({
      ended: { code: 0, signal: null },
      // each one answered; a sign-up over the address's hourly budget is answered too
      statuses: statuses.map((status) => (status === 429 ? 429 : 201)),
    });
    // nothing logged at error (a JSON line's level, or a stack's Error)
    expect(product.output()).not.toMatch(/Error|ERROR|"level":"(error|fatal)"/);
  }, 60_000);
});
