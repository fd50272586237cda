import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { EncodedBody, preferredEncoding, writtenAnswer, type CardAnswer } from './card-answer';
import { viewContext } from './card-request';

const page = (html: string): CardAnswer => ({
  status: 200,
  contentType: 'text/html; charset=utf-8',
  cacheControl: 'private, no-cache',
  vary: 'Cookie, Accept-Encoding',
  revalidate: true,
  body: new EncodedBody(html, true),
});

describe('a card answer as it is written', () => {
  it.each<[string | undefined, string]>([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', 'identity'],
    ['deflate', 'identity'],
    [undefined, 'identity'],
  ])('answers %j with %s', (acceptEncoding, encoding) => {
    expect(preferredEncoding(acceptEncoding)).toBe(encoding);
  });

  it('answers the same when a header comes again, and beyond the headers it keeps', () => {
    for (let round = 0; round < 3; round++) {
      expect(preferredEncoding('gzip, deflate, br')).toBe('br');
      expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    }
    for (let i = 0; i < 100; i++) {
      expect(preferredEncoding(`gzip;q=0.5, deflate, x-${i}`)).toBe('gzip');
      expect(preferredEncoding(`x-custom-${i}`)).toBe('identity');
    }
    expect(preferredEncoding('br;q=0.0, gzip;q=0')).toBe('identity');
  });

  it('compresses a page as the browser accepts, with its validator and what it varies by', () => {
    const html = `<!doctype html><p>${'a card '.repeat(400)}</p>`;
    const answer = page(html);
    const br = writtenAnswer(answer, { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-cache',
      vary: 'Cookie, Accept-Encoding',
      etag: answer.body.etag,
      'content-encoding': 'br',
      'content-length': br.body!.length,
    });
    expect(brotliDecompressSync(br.body!).toString('utf8')).toBe(html);
    const gzip = writtenAnswer(answer, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body!).toString('utf8')).toBe(html);
    const plain = writtenAnswer(answer, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body!.toString('utf8')).toBe(html);
  });

  it('answers 304 without a body to a browser that has the page, and the page to one that has another', () => {
    const answer = page('<!doctype html><p>Ada</p>');
    const kept = writtenAnswer(answer, { 'if-none-match': `"old", W/${answer.body.etag}` });
    expect(kept.status).toBe(304);
    expect(kept.body).toBeNull();
    expect(kept.headers).toEqual(
      expect.objectContaining({ etag: answer.body.etag, vary: 'Cookie, Accept-Encoding' }),
    );
    expect(writtenAnswer(answer, { 'if-none-match': '"old"' }).status).toBe(200);
    // a dead end is never a 304: its status is its own
    expect(writtenAnswer({ ...answer, status: 404 }, { 'if-none-match': answer.body.etag }).status).toBe(404);
  });

  it('sends a small answer as it is, and an image never compressed', () => {
    const json: CardAnswer = {
      status: 200,
      contentType: 'application/json; charset=utf-8',
      cacheControl: 'private, no-store',
      body: new EncodedBody('{"id":"1"}', true),
    };
    const small = writtenAnswer(json, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    const large = writtenAnswer(
      { ...json, body: new EncodedBody(JSON.stringify({ bio: 'x'.repeat(2000) }), true) },
      { 'accept-encoding': 'br' },
    );
    expect(large.headers).toEqual(
      expect.objectContaining({ 'content-encoding': 'br', vary: 'accept-encoding' }),
    );
    const png = writtenAnswer(
      {
        ...json,
        contentType: 'image/png',
        body: new EncodedBody(Buffer.alloc(4000), false),
        incompressible: true,
      },
      { 'accept-encoding': 'br' },
    );
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body!.length).toBe(4000);
  });
});

describe('the view parameters of a card address', () => {
  it('reads none from an address without a query', () => {
    expect(viewContext('')).toEqual({});
  });

  it('keeps the known ones, trimmed and cut to their size, and ignores the rest', () => {
    expect(
      viewContext(`utm_source=%20news%20&src=qr&src=link&fbclid=x&utm_medium=&ref=${'r'.repeat(3000)}`),
    ).toEqual({ utm_source: 'news', src: 'qr', ref: 'r'.repeat(2048) });
  });
});
