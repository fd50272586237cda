import { connect } from 'node:net';
import type { ErrorResponse } from '@cardcraft/contracts';
import { apiUnderTest } from '../testing/test-app';

describe('answers fastify gives before any route runs', () => {
  const { http, app } = apiUnderTest('sqlite');

  /** the whole exchange of one connection, as bytes on the wire */
  function exchange(request: string): Promise<string> {
    const { hostname, port } = new URL(app().url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.end(request));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
  }

  it('answers a path that does not decode with 400 in the one error shape', async () => {
    const response = await http.get<ErrorResponse>('/api/profiles/%FF');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'The address is not valid' });
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('reads the body of such a request before answering, so the connection carries one answer', async () => {
    const body = JSON.stringify({ note: 'x'.repeat(4000) });
    const received = await exchange(
      `DELETE /api/profiles/%FF HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n` +
        `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    );
    expect(received.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 400']);
    expect(received).toContain('{"error":"The address is not valid"}');
  });
});
