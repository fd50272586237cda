import {
  LANGUAGE_PARAMETER,
  languageOfTag,
  negotiateLanguage,
  VIEW_CONTEXT_LIMITS,
  type Language,
  type ViewContextQueryDto,
} from '@cardcraft/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { RequestMeta } from '../platform/common/request-meta';

/** what the card's pipeline knows of a request: no framework object reaches it */
export interface CardRequest {
  method: string;
  /** the handle as the address spelled it */
  handle: string;
  headers: IncomingHttpHeaders;
  /** what follows '?' in the address, '' when nothing does */
  search: string;
  /** the visitor's address, read through the trusted proxies (TRUST_PROXY) */
  ip: string;
}

const header = (headers: IncomingHttpHeaders, name: string): string | null => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/** what a recorded event may know of the request */
export function cardRequestMeta(request: CardRequest): RequestMeta {
  return {
    ip: request.ip,
    userAgent: header(request.headers, 'user-agent') ?? '',
    method: request.method,
    refererHeader: header(request.headers, 'referer'),
  };
}

const CONTEXT_ENTRIES = Object.entries(VIEW_CONTEXT_LIMITS) as [keyof ViewContextQueryDto, number][];

/**
 * where the visit came from, as the link said: utm parameters and the channel (qr, link). a page
 * address may carry anything (a chat app adds its own parameters), so nothing here refuses the page.
 */
export function viewContext(search: string): ViewContextQueryDto {
  const context: ViewContextQueryDto = {};
  if (search === '') return context;
  const query = parseQuery(search);
  for (const [name, limit] of CONTEXT_ENTRIES) {
    const value = query[name];
    if (value === undefined) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (first.trim()) context[name] = first.trim().slice(0, limit);
  }
  return context;
}

// browsers send a handful of distinct Accept-Language headers: each is negotiated once, the map
// emptied when it grows past what a real audience sends
const negotiated = new Map<string, Language>();
const NEGOTIATED_MAX = 1000;

/**
 * the language of a card's page: the address's ?lang= when the product speaks it, else the best of
 * the browser's Accept-Language, else English
 */
export function cardRequestLanguage(request: Pick<CardRequest, 'headers' | 'search'>): Language {
  if (request.search.includes(`${LANGUAGE_PARAMETER}=`)) {
    const chosen = parseQuery(request.search)[LANGUAGE_PARAMETER];
    const language = languageOfTag(Array.isArray(chosen) ? chosen[0] : chosen);
    if (language) return language;
  }
  const accept = header(request.headers, 'accept-language') ?? '';
  let language = negotiated.get(accept);
  if (language === undefined) {
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    language = negotiateLanguage(accept);
    negotiated.set(accept, language);
  }
  return language;
}
