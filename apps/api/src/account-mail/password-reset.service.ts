import { Inject, Injectable } from '@nestjs/common';
import { AccountMailMessages, type ForgotPasswordDto, type ResetPasswordDto } from '@cardcraft/contracts';
import type { AccountTokensRepository, UsersRepository } from '@cardcraft/storage';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionsService } from '../auth/sessions.service';
import { BadInputError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { passwordResetMail } from '../platform/mail/mail-templates';
import { MailService } from '../platform/mail/mail.service';
import { ACCOUNT_TOKENS, USERS } from '../platform/storage/storage.tokens';
import { hashLinkToken, newLinkToken } from '../platform/mail/link-tokens';

/**
 * forgot password: a single-use link, valid for MAIL_LINK_TTL (an hour by default), e-mailed to the
 * account's address. the request answers the same, as fast, whether the address has an account:
 * the lookup and the mail happen after the answer.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(ACCOUNT_TOKENS) private readonly accountTokens: AccountTokensRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
  ) {}

  request(input: ForgotPasswordDto): void {
    this.mail.send(async () => {
      const user = await this.users.findByEmail(input.email);
      if (!user) return null;
      // a new link replaces the ones sent before
      await this.accountTokens.deleteForUser(user.id, 'password-reset');
      await this.accountTokens.deleteExpired(new Date());
      const { token, tokenHash } = newLinkToken();
      const ttl = this.config.mail.linkTtlSeconds;
      const created = await this.accountTokens.create({
        userId: user.id,
        purpose: 'password-reset',
        tokenHash,
        newEmail: null,
        expiresAt: new Date(Date.now() + ttl * 1000),
      });
      if (!created) return null;
      const link = `${this.config.publicBaseUrl}/auth/reset-password#token=${token}`;
      return passwordResetMail(user.email, link, ttl);
    });
  }

  /** sets the new password and ends every session of the account, this device's too */
  async reset(input: ResetPasswordDto): Promise<void> {
    const taken = await this.accountTokens.consume(hashLinkToken(input.token), 'password-reset', new Date());
    const invalid = () =>
      new BadInputError(AccountMailMessages.resetLinkInvalid, [
        { field: 'token', message: AccountMailMessages.resetLinkInvalid },
      ]);
    if (!taken) throw invalid();
    const passwordHash = await this.passwords.hash(input.newPassword);
    const user = await this.users.update(taken.userId, { passwordHash });
    if (!user) throw invalid();
    await this.sessions.endAll(user.id);
    await this.accountTokens.deleteForUser(user.id, 'password-reset');
  }
}
