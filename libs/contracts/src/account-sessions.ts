/** one live sign-in of the account, as Settings lists it (GET /api/auth/sessions) */
export interface AccountSessionResponse {
  id: string;
  /** "Chrome on macOS"; "Unknown device" when the user agent says nothing we know */
  device: string;
  /** desktop, mobile or tablet, for the row's icon */
  deviceType: 'desktop' | 'mobile' | 'tablet';
  /** ISO 3166 alpha-2 of the address it signed in from; null when unknown */
  country: string | null;
  createdAtUtc: string;
  lastSeenAtUtc: string;
  /** the session this request came with */
  current: boolean;
}

export interface AccountSessionsResponse {
  /** the current session first, then the others, the last seen first */
  sessions: AccountSessionResponse[];
}

/** POST /api/auth/sessions/end-others */
export interface EndedSessionsResponse {
  ended: number;
}

/** POST /api/auth/sessions/end-from-mail: the link of a new sign-in's mail, which needs no sign-in */
export interface EndSessionFromMailResponse {
  /** false when the session had already ended (the link was used, or the owner signed out) */
  ended: boolean;
  message: string;
}

export const AccountSessionMessages = {
  notFound: 'Session not found',
  linkInvalid:
    'This link is not valid. Open the link in the e-mail again, or sign in and end the session in Settings.',
  ended: 'That session has ended. If it was not you, change your password now.',
  alreadyEnded: 'That session had already ended. If it was not you, change your password now.',
} as const;
