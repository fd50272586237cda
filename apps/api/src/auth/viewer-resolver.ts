import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiKeyAuthenticator, type RequestPrincipal } from './api-key-authenticator';
import { isApiKeyText } from './api-key-secret';
import { SESSION_COOKIE } from './session-cookie';
import { SessionsService, type AuthenticatedSession, type SessionCarrier } from './sessions.service';

/** the session token a request carries, and how it came */
export interface CarriedToken {
  token: string;
  via: SessionCarrier;
}

/** one cookie's value from a Cookie header, decoded as a browser encoded it; null when absent or empty */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (value.includes('%')) {
      try {
        value = decodeURIComponent(value);
      } catch {
        // a malformed escape is kept as it came, as the cookie parser does
      }
    }
    // the first one counts, as in the cookie parser
    return value || null;
  }
  return null;
}

// the scheme and the token, as passport-jwt read them: the first two words of the header
const AUTHORIZATION = /(\S+)\s+(\S+)/;

/**
 * the token of the request: an Authorization header wins over the cookie, so an API client's header
 * is never mixed up with whatever cookie it also holds; a header that is not a bearer token carries none
 */
export function carriedToken(headers: IncomingHttpHeaders): CarriedToken | null {
  const authorization = headers.authorization;
  if (authorization !== undefined) {
    const parts = AUTHORIZATION.exec(authorization);
    return parts && parts[1].toLowerCase() === 'bearer' ? { token: parts[2], via: 'bearer' } : null;
  }
  const cookie = cookieValue(headers.cookie, SESSION_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** a bearer value with the key prefix: an API key, which only the api's guard reads */
function carriesApiKey(carried: CarriedToken): boolean {
  return carried.via === 'bearer' && isApiKeyText(carried.token);
}

/**
 * who is asking: the one place a request's session is read, by the guard of every api route (through
 * passport) and by the card's pipeline. a request with no credentials costs no session work (most
 * visitors of a card are guests); a token that does not verify, or names an ended session, is nobody;
 * a storage failure is an error. an API key is read by principal() alone: to the card's pipeline
 * (resolve) a request with a key is a guest's, so a key never makes a "viewer" of a card.
 */
@Injectable()
export class ViewerResolver {
  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionsService,
    private readonly apiKeys: ApiKeyAuthenticator,
  ) {}

  /** false: a guest's request (an API key's too), which resolve() answers with null */
  carriesCredentials(headers: IncomingHttpHeaders): boolean {
    const carried = carriedToken(headers);
    return carried !== null && !carriesApiKey(carried);
  }

  /** the api's view: a session, or the principal of an API key */
  async principal(headers: IncomingHttpHeaders): Promise<RequestPrincipal | null> {
    const carried = carriedToken(headers);
    if (carried && carriesApiKey(carried)) return this.apiKeys.authenticate(carried.token);
    return this.resolve(headers);
  }

  /** the session of a card's viewer: never an API key */
  async resolve(headers: IncomingHttpHeaders): Promise<AuthenticatedSession | null> {
    const carried = carriedToken(headers);
    if (!carried || carriesApiKey(carried)) return null;
    const { token, via } = carried;
    let claims: unknown;
    try {
      // the module's key, HS256 only, the expiry checked
      claims = this.jwt.verify(token);
    } catch {
      return null;
    }
    return this.sessions.resolve(claims, via);
  }
}
