import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** below this an answer is sent as it is: compressing a few hundred bytes saves less than it costs */
const COMPRESS_FROM_BYTES = 1024;

/**
 * an answer's bytes with their validator; compressed forms are made once, when first asked for, on
 * the thread that answers visitors. a body kept in a cache is compressed at brotli's quality 6, which
 * costs a fraction of quality 9's time for a few more bytes (docs/benchmarks.md); one made for a
 * single answer, at the level of every other answer.
 */
export class EncodedBody {
  readonly etag: string;
  private readonly encoded = new Map<ContentEncoding, Buffer>();

  constructor(
    content: string | Buffer,
    private readonly kept: boolean,
  ) {
    const plain = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    this.encoded.set('identity', plain);
    this.etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`;
  }

  get size(): number {
    return (this.encoded.get('identity') as Buffer).length;
  }

  bytes(encoding: ContentEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      const plain = this.encoded.get('identity') as Buffer;
      body =
        encoding === 'br'
          ? brotliCompressSync(plain, {
              params: this.kept
                ? { [zlib.BROTLI_PARAM_QUALITY]: 6 }
                : { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 },
            })
          : gzipSync(plain, { level: this.kept ? 9 : 6 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** what a card route answers, before it is written: the pipeline's result */
export interface CardAnswer {
  status: number;
  contentType: string;
  cacheControl: string;
  body: EncodedBody;
  /** the request headers the answer depends on, on every answer (a page: the session and the encoding) */
  vary?: string;
  /** an html page: an ETag, and 304 to a browser that has it */
  revalidate?: boolean;
  /** sent as it is whatever the browser accepts (an image compressed already) */
  incompressible?: boolean;
  /** headers of this answer alone (a file's name) */
  extraHeaders?: Readonly<Record<string, string>>;
  /** a policy of this page's own (its styles by hash), in place of the one every answer carries */
  contentSecurityPolicy?: string;
}

/** the status line, headers and bytes of an answer as they go out */
export interface WrittenAnswer {
  status: number;
  headers: Record<string, string | number>;
  /** null: no body (304) */
  body: Buffer | null;
}

// browsers send a handful of accept-encoding strings: the choice is kept per string, a few at most
const ENCODING_CHOICES = new Map<string, ContentEncoding>();
const ENCODING_CHOICES_MAX = 64;

/** brotli, else gzip, else none, as the browser accepts (an explicit q=0 refuses) */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (acceptEncoding === undefined) return 'identity';
  let choice = ENCODING_CHOICES.get(acceptEncoding);
  if (choice === undefined) {
    choice = chooseEncoding(acceptEncoding);
    // past the limit the set is not growing: an odd header is answered, just not kept
    if (ENCODING_CHOICES.size < ENCODING_CHOICES_MAX) ENCODING_CHOICES.set(acceptEncoding, choice);
  }
  return choice;
}

function chooseEncoding(acceptEncoding: string): ContentEncoding {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** true when the browser's copy (If-None-Match) is this one: the answer is then 304 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * the one place a card answer's headers are decided: type, caching, Vary, the ETag and its 304, the
 * encoding the browser accepts and the length. the headers every answer of the server carries (the
 * security headers, the request id) are added by whoever writes it: appHeaders.
 */
export function writtenAnswer(answer: CardAnswer, request: IncomingHttpHeaders): WrittenAnswer {
  const headers: Record<string, string | number> = {
    'content-type': answer.contentType,
    'cache-control': answer.cacheControl,
    ...answer.extraHeaders,
  };
  if (answer.vary) headers.vary = answer.vary;
  if (answer.revalidate) {
    headers.etag = answer.body.etag;
    if (answer.status === 200 && etagMatches(request['if-none-match'], answer.body.etag)) {
      return { status: 304, headers, body: null };
    }
  }
  const encoding =
    !answer.incompressible && answer.body.size >= COMPRESS_FROM_BYTES
      ? preferredEncoding(request['accept-encoding'])
      : 'identity';
  if (encoding !== 'identity') {
    headers['content-encoding'] = encoding;
    headers.vary ??= 'accept-encoding';
  }
  const body = answer.body.bytes(encoding);
  headers['content-length'] = body.length;
  return { status: answer.status, headers, body };
}
