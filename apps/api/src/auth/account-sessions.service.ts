import { Inject, Injectable } from '@nestjs/common';
import {
  AccountSessionMessages,
  type AccountSessionResponse,
  type AccountSessionsResponse,
  type EndSessionFromMailResponse,
} from '@cardcraft/contracts';
import type { SessionRecord, SessionsRepository, UsersRepository } from '@cardcraft/storage';
import { BadInputError, NotFoundError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { newSignInMail } from '../platform/mail/mail-templates';
import { MailService } from '../platform/mail/mail.service';
import { SESSIONS, USERS } from '../platform/storage/storage.tokens';
import { readSessionEndToken, sessionEndToken } from './session-end-links';
import { SessionsService, type StartedSession } from './sessions.service';
import { SignInPlaces } from './sign-in-places';

const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * the account's sessions as the owner sees them: the list in Settings (device, country, started and
 * last seen), ending one or all the others, and the mail a sign-in from a new device sends, whose
 * link ends that session without signing in
 */
@Injectable()
export class AccountSessionsService {
  constructor(
    @Inject(SESSIONS) private readonly sessions: SessionsRepository,
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lifecycle: SessionsService,
    private readonly places: SignInPlaces,
    private readonly mail: MailService,
  ) {}

  async list(userId: string, currentSessionId: string): Promise<AccountSessionsResponse> {
    const live = await this.sessions.listLive(userId, new Date());
    const current = live.filter((session) => session.id === currentSessionId);
    const others = live.filter((session) => session.id !== currentSessionId);
    return { sessions: [...current, ...others].map((session) => this.toResponse(session, currentSessionId)) };
  }

  /** ends one of the account's live sessions; another account's, or one that ended, is not found */
  async end(userId: string, sessionId: string): Promise<void> {
    if (!(await this.sessions.revokeOfUser(userId, sessionId))) {
      throw new NotFoundError(AccountSessionMessages.notFound);
    }
  }

  async endOthers(userId: string, currentSessionId: string): Promise<number> {
    return this.lifecycle.endAllOthers(userId, currentSessionId);
  }

  /** the new sign-in mail's link: ends the session it names, and says so again when used twice */
  async endFromMail(token: unknown): Promise<EndSessionFromMailResponse> {
    const sessionId = readSessionEndToken(this.config.jwtSecret, token);
    if (!sessionId) {
      throw new BadInputError(AccountSessionMessages.linkInvalid, [
        { field: 'token', message: AccountSessionMessages.linkInvalid },
      ]);
    }
    const ended = await this.lifecycle.end(sessionId);
    return { ended, message: ended ? AccountSessionMessages.ended : AccountSessionMessages.alreadyEnded };
  }

  /** after a sign-in from a device none of the account's stored sessions came from */
  tellOfNewDevice(userId: string, started: StartedSession): void {
    if (started.knownDevice) return;
    this.mail.send(async () => {
      const [user, session] = await Promise.all([
        this.users.findById(userId),
        this.sessions.findById(started.sessionId),
      ]);
      if (!user || !session) return null;
      const base = this.config.publicBaseUrl;
      const token = sessionEndToken(this.config.jwtSecret, session.id);
      return newSignInMail(user.email, {
        device: this.places.describe(session.userAgent).label,
        country: countryName(session.country),
        at: session.createdAt,
        endLink: `${base}/auth/end-session#token=${token}`,
        settingsLink: `${base}/dashboard/settings#sessions`,
      });
    });
  }

  private toResponse(session: SessionRecord, currentSessionId: string): AccountSessionResponse {
    const device = this.places.describe(session.userAgent);
    return {
      id: session.id,
      device: device.label,
      deviceType: device.type,
      country: session.country || null,
      createdAtUtc: session.createdAt.toISOString(),
      lastSeenAtUtc: session.lastSeenAt.toISOString(),
      current: session.id === currentSessionId,
    };
  }
}

function countryName(code: string): string | null {
  if (!code) return null;
  try {
    return COUNTRY_NAMES.of(code) ?? code;
  } catch {
    return code;
  }
}
