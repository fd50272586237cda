import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MetricsServer {
  /** http://host:port/metrics */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * serves GET /metrics (and nothing else) on its own address, apart from the public port: the public
 * port never answers with metrics, and METRICS_HOST keeps this one on loopback unless told otherwise
 */
export async function startMetricsServer(
  source: { render(): Promise<{ contentType: string; body: string }> },
  address: { host: string; port: number },
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    source.render().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`metrics failed: ${(error as Error).message}\n`);
      },
    );
  });
  // scrapes come every few seconds: a connection is not kept open for long
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return {
    url: `http://${host}:${port}/metrics`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
