import { trackEvent } from './track-event';

jest.mock('@/config/env', () => ({ env: { apiBaseUrl: '', appOrigin: 'http://localhost' } }));

describe('trackEvent', () => {
  const fetchMock = jest.fn<Promise<unknown>, [string, RequestInit]>();

  beforeEach(() => {
    fetchMock.mockReset().mockResolvedValue({ ok: true, status: 202 });
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
  });

  it('posts the event with keepalive and the same-origin cookie, and no identifying headers', () => {
    trackEvent('card 1', 'email_clicked', 'mailto:ada@example.com');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/public/profiles/card%201/events');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({
      type: 'email_clicked',
      target: 'mailto:ada@example.com',
    });
  });

  it('never throws, whatever fetch does', () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(() => trackEvent('p1', 'email_clicked')).not.toThrow();
    fetchMock.mockImplementationOnce(() => {
      throw new TypeError('keepalive body too large');
    });
    expect(() => trackEvent('p1', 'email_clicked')).not.toThrow();
  });
});
