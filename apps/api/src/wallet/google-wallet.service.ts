import { Inject, Injectable } from '@nestjs/common';
import type { ProfileRecord } from '@cardcraft/storage';
import { ConflictError, NotFoundError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { signedRs256Jwt } from './adapters/rs256-jwt';
import { saveToWalletClaims } from './google-wallet-pass';

export const GOOGLE_WALLET_NOT_CONFIGURED = 'Google Wallet passes are not set up on this server';
export const GOOGLE_WALLET_DRAFT = 'Google Wallet passes are only made for published cards';
/** Google's "Save to Google Wallet" address; the signed JWT follows it */
export const GOOGLE_WALLET_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** a card's "Save to Google Wallet" link: a generic pass in a JWT signed by the issuer's service account */
@Injectable()
export class GoogleWalletService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * 404 when the server has no Google Wallet issuer; 409 for a draft (its QR code would open a page
   * no one may see, and the dashboard offers the item on published cards only, as Apple's)
   */
  saveUrl(profile: ProfileRecord, now = new Date()): string {
    const google = this.config.googleWallet;
    if (!google) throw new NotFoundError(GOOGLE_WALLET_NOT_CONFIGURED);
    if (!profile.published) throw new ConflictError(GOOGLE_WALLET_DRAFT);
    const claims = saveToWalletClaims(
      profile,
      {
        issuerId: google.issuerId,
        serviceAccountEmail: google.serviceAccountEmail,
        publicBaseUrl: this.config.publicBaseUrl,
      },
      now,
    );
    return `${GOOGLE_WALLET_SAVE_URL}${signedRs256Jwt(claims, google.privateKey)}`;
  }
}
