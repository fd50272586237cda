import { Inject, Injectable } from '@nestjs/common';
import { AccountMailMessages, type ChangeEmailDto, type ConfirmEmailDto } from '@cardcraft/contracts';
import {
  DuplicateKeyError,
  type AccountTokensRepository,
  type UserRecord,
  type UsersRepository,
} from '@cardcraft/storage';
import { WRONG_CURRENT_PASSWORD } from '../account/account.service';
import { AUTHENTICATION_REQUIRED } from '../auth/auth.guard';
import { EMAIL_TAKEN } from '../auth/auth.service';
import { PasswordHasher } from '../auth/password-hasher';
import { BadInputError, ConflictError, UnauthorizedError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import {
  confirmEmailMail,
  emailChangedMail,
  emailChangeRequestedMail,
} from '../platform/mail/mail-templates';
import { MailService } from '../platform/mail/mail.service';
import { ACCOUNT_TOKENS, USERS } from '../platform/storage/storage.tokens';
import { hashLinkToken, newLinkToken } from '../platform/mail/link-tokens';

/**
 * a new e-mail address applies only once a link sent to it is opened (single-use, MAIL_LINK_TTL);
 * the old address is told of the request and of the change. whether the address is free is checked
 * when asked and again when confirmed, since another account may take it in between.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(ACCOUNT_TOKENS) private readonly accountTokens: AccountTokensRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly passwords: PasswordHasher,
  ) {}

  async request(userId: string, input: ChangeEmailDto): Promise<void> {
    const user = await this.requireUser(userId);
    if (!(await this.passwords.verify(input.currentPassword, user.passwordHash))) {
      throw new BadInputError(WRONG_CURRENT_PASSWORD, [
        { field: 'currentPassword', message: WRONG_CURRENT_PASSWORD },
      ]);
    }
    if (input.newEmail === user.email) {
      throw new BadInputError(AccountMailMessages.sameEmail, [
        { field: 'newEmail', message: AccountMailMessages.sameEmail },
      ]);
    }
    if (await this.users.findByEmail(input.newEmail)) {
      throw new ConflictError(EMAIL_TAKEN, [{ field: 'newEmail', message: EMAIL_TAKEN }]);
    }
    // one pending change at a time: the latest request's link is the one that works
    await this.accountTokens.deleteForUser(user.id, 'email-change');
    const { token, tokenHash } = newLinkToken();
    const ttl = this.config.mail.linkTtlSeconds;
    const created = await this.accountTokens.create({
      userId: user.id,
      purpose: 'email-change',
      tokenHash,
      newEmail: input.newEmail,
      expiresAt: new Date(Date.now() + ttl * 1000),
    });
    if (!created) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    const link = `${this.config.publicBaseUrl}/auth/confirm-email#token=${token}`;
    this.mail.send(confirmEmailMail(input.newEmail, link, ttl));
    this.mail.send(emailChangeRequestedMail(user.email, input.newEmail, this.config.publicBaseUrl));
  }

  /** works signed in or not (the link may be opened on another device): the link is the proof */
  async confirm(input: ConfirmEmailDto): Promise<UserRecord> {
    const taken = await this.accountTokens.consume(hashLinkToken(input.token), 'email-change', new Date());
    const invalid = new BadInputError(AccountMailMessages.emailLinkInvalid, [
      { field: 'token', message: AccountMailMessages.emailLinkInvalid },
    ]);
    if (!taken?.newEmail) throw invalid;
    const before = await this.users.findById(taken.userId);
    if (!before) throw invalid;
    let after: UserRecord | null;
    try {
      after = await this.users.update(taken.userId, { email: taken.newEmail });
    } catch (error) {
      if (error instanceof DuplicateKeyError) {
        throw new ConflictError(EMAIL_TAKEN, [{ field: 'token', message: EMAIL_TAKEN }]);
      }
      throw error;
    }
    if (!after) throw invalid;
    this.mail.send(emailChangedMail(before.email, after.email));
    return after;
  }

  private async requireUser(userId: string): Promise<UserRecord> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    return user;
  }
}
