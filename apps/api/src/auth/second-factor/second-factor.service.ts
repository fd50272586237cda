import { Inject, Injectable } from '@nestjs/common';
import {
  SecondFactorMessages,
  type RecoveryCodesResponse,
  type SecondFactorSetupResponse,
  type SecondFactorStatusResponse,
} from '@cardcraft/contracts';
import type { SecondFactorsRepository, UsersRepository } from '@cardcraft/storage';
import QRCode from 'qrcode';
import { BadInputError, ConflictError, UnauthorizedError } from '../../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { secondFactorOffMail } from '../../platform/mail/mail-templates';
import { MailService } from '../../platform/mail/mail.service';
import { SECOND_FACTORS, USERS } from '../../platform/storage/storage.tokens';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { SecretSeal } from './secret-seal';
import { Totp } from './totp';

/**
 * two-step verification with an authenticator app: set up with a QR code and confirmed by a first
 * code, then asked for after the password at every sign-in; ten recovery codes, shown once and kept
 * hashed, each good once. a code (of either kind) is taken once only.
 */
@Injectable()
export class SecondFactorService {
  private readonly seal: SecretSeal;

  constructor(
    @Inject(SECOND_FACTORS) private readonly factors: SecondFactorsRepository,
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {
    this.seal = new SecretSeal(config.jwtSecret);
  }

  async status(userId: string): Promise<SecondFactorStatusResponse> {
    const factor = await this.factors.find(userId);
    const enabledAt = factor?.enabledAt ?? null;
    return {
      enabled: enabledAt !== null,
      enabledAtUtc: enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabledAt ? factor!.recoveryCodesLeft : 0,
    };
  }

  async isOn(userId: string): Promise<boolean> {
    return (await this.factors.find(userId))?.enabledAt != null;
  }

  /** a new secret for the app, waiting for its first code; a setup begun before is replaced */
  async beginSetup(userId: string): Promise<SecondFactorSetupResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError('Authentication required');
    const secret = Totp.newSecret();
    if (!(await this.factors.begin(userId, this.seal.seal(secret)))) {
      throw new ConflictError(SecondFactorMessages.alreadyOn);
    }
    const otpauthUri = Totp.uri(user.email, secret);
    return {
      secret,
      otpauthUri,
      qrSvg: await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
    };
  }

  /** the first code turns it on; the recovery codes are answered this once */
  async enable(userId: string, code: string): Promise<RecoveryCodesResponse> {
    const factor = await this.factors.find(userId);
    if (factor?.enabledAt) throw new ConflictError(SecondFactorMessages.alreadyOn);
    if (!factor) throw this.invalid(SecondFactorMessages.noSetup);
    const step = await Totp.stepOf(this.seal.open(factor.sealedSecret), code);
    const { codes, hashes } = newRecoveryCodes();
    if (step === null || !(await this.factors.enable(userId, step, hashes))) {
      throw this.invalid(SecondFactorMessages.invalidCode);
    }
    return { recoveryCodes: codes };
  }

  /** new recovery codes in place of the old ones, answered this once */
  async newRecoveryCodes(userId: string): Promise<RecoveryCodesResponse> {
    const { codes, hashes } = newRecoveryCodes();
    if (!(await this.factors.replaceRecoveryCodes(userId, hashes))) {
      throw new ConflictError(SecondFactorMessages.notOn);
    }
    return { recoveryCodes: codes };
  }

  /** off: the secret and the codes are forgotten, and the owner is told by mail */
  async disable(userId: string): Promise<void> {
    if (!(await this.factors.remove(userId))) throw new ConflictError(SecondFactorMessages.notOn);
    this.mail.send(async () => {
      const user = await this.users.findById(userId);
      return user
        ? secondFactorOffMail(user.email, `${this.config.publicBaseUrl}/dashboard/settings#security`)
        : null;
    });
  }

  /**
   * whether the code proves the account's second factor now: an app code of a step not taken
   * before, or a recovery code not spent. each is taken by this call; every failure is the same.
   */
  async accepts(userId: string, code: string): Promise<boolean> {
    const factor = await this.factors.find(userId);
    if (!factor?.enabledAt) return false;
    if (looksLikeRecoveryCode(code)) return this.factors.useRecoveryCode(userId, hashRecoveryCode(code));
    const step = await Totp.stepOf(this.seal.open(factor.sealedSecret), code);
    return step !== null && (await this.factors.useTimeStep(userId, step));
  }

  private invalid(message: string): BadInputError {
    return new BadInputError(message, [{ field: 'code', message }]);
  }
}
