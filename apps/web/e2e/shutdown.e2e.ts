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
    // sign-ups hash a password for a while: these are surely in flight when the signal comes
    const signUps = Array.from({ length: 4 }, (_, i) =>
      fetch(`${product.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: product.baseUrl },
        body: JSON.stringify({
          email: `stop-${stamp}-${i}@example.com`,
          password: 'a long enough password',
          displayName: `Stop ${i}`,
        }),
      }).then(
        (response) => response.status,
        (error: Error) => `failed: ${error.message}`,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 40));
    const ended = await product.terminate();
    const statuses = await Promise.all(signUps);

    expect({ ended, statuses }).toEqual({
      ended: { code: 0, signal: null },
      // each one answered; a sign-up over the address's hourly budget is answered too
      statuses: statuses.map((status) => (status === 429 ? 429 : 201)),
    });
    // nothing logged at error (a JSON line's level, or a stack's Error)
    expect(product.output()).not.toMatch(/Error|ERROR|"level":"(error|fatal)"/);
  }, 60_000);
});
