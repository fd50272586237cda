import { Inject, Injectable } from '@nestjs/common';
import { normalizeTheme } from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { NotFoundError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { MediaService } from '../media/media.service';
import { svgToPng } from '../qr/adapters/resvg-rasterizer';
import { sniffImage } from '../qr/qr-artwork';
import { fetchRemoteImage } from '../qr/remote-image';
import { signedPass, type PassContent } from './adapters/passkit-pass';
import { hexOf, passCardUrl, THEME_PASS_COLORS } from './pass-basics';

export const WALLET_NOT_CONFIGURED = 'Apple Wallet passes are not set up on this server';

/** the largest avatar read for a thumbnail */
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** the pass's icon (Wallet and the lock screen show it): a card on the theme's colour, no text */
function iconSvg(background: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 58 58">',
    `<rect width="58" height="58" rx="13" fill="${background}"/>`,
    '<rect x="11" y="16" width="36" height="26" rx="5" fill="#ffffff"/>',
    `<circle cx="21" cy="27" r="5" fill="${background}"/>`,
    `<rect x="29" y="24" width="13" height="3" rx="1.5" fill="${background}"/>`,
    `<rect x="29" y="30" width="9" height="3" rx="1.5" fill="${background}"/>`,
    '</svg>',
  ].join('');
}

/** the avatar as a square PNG, cropped to fill, whatever image type it was */
function thumbnailSvg(mime: string, bytes: Buffer): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90 90">',
    `<image width="90" height="90" preserveAspectRatio="xMidYMid slice" href="data:${mime};base64,${bytes.toString('base64')}"/>`,
    '</svg>',
  ].join('');
}

/** an Apple Wallet pass of a card: name, title, company and a QR code to the card (src=wallet) */
@Injectable()
export class WalletPassService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly media: MediaService,
  ) {}

  get enabled(): boolean {
    return this.config.walletPass !== null;
  }

  cardUrl(handle: string): string {
    return passCardUrl(this.config.publicBaseUrl, handle, 'wallet');
  }

  async pass(profile: ProfileRecord): Promise<Buffer> {
    const wallet = this.config.walletPass;
    if (!wallet) throw new NotFoundError(WALLET_NOT_CONFIGURED);
    const colors = THEME_PASS_COLORS[normalizeTheme(profile.theme)];
    const icon = iconSvg(hexOf(colors.background));
    const images: Record<string, Buffer> = {
      'icon.png': svgToPng(icon, 29),
      'icon@2x.png': svgToPng(icon, 58),
      'icon@3x.png': svgToPng(icon, 87),
    };
    const avatar = await this.avatar(profile.media.avatarUrl);
    if (avatar) {
      const svg = thumbnailSvg(avatar.mime, avatar.bytes);
      images['thumbnail.png'] = svgToPng(svg, 90);
      images['thumbnail@2x.png'] = svgToPng(svg, 180);
    }
    const url = this.cardUrl(profile.handle);
    const content: PassContent = {
      serialNumber: profile.id,
      organizationName: profile.contact.company || profile.displayName,
      description: `Digital business card of ${profile.displayName}`,
      backgroundColor: colors.background,
      foregroundColor: colors.foreground,
      labelColor: colors.label,
      primary: { label: 'Name', value: profile.displayName },
      secondary: [
        ...(profile.tagline ? [{ key: 'title', label: 'Title', value: profile.tagline }] : []),
        ...(profile.contact.company
          ? [{ key: 'company', label: 'Company', value: profile.contact.company }]
          : []),
      ],
      back: [
        { key: 'card', label: 'Card', value: url },
        ...(profile.contact.email ? [{ key: 'email', label: 'E-mail', value: profile.contact.email }] : []),
        ...(profile.contact.phoneNumber
          ? [{ key: 'phone', label: 'Phone', value: profile.contact.phoneNumber }]
          : []),
      ],
      barcode: { message: url, altText: `@${profile.handle}` },
      images,
    };
    return signedPass(wallet, content);
  }

  /** the avatar's image, or null when there is none or it cannot be read (the pass goes without) */
  private async avatar(address: string | null): Promise<{ mime: string; bytes: Buffer } | null> {
    if (!address) return null;
    // uploaded here: read from the store, not over the network
    const uploaded = await this.media.pngOf(address, 180);
    if (uploaded) return { mime: 'image/png', bytes: uploaded };
    try {
      const bytes = await fetchRemoteImage(address, {
        trustedOrigin: this.config.publicBaseUrl,
        maxBytes: AVATAR_MAX_BYTES,
      });
      const mime = sniffImage(bytes);
      return mime ? { mime, bytes } : null;
    } catch {
      return null;
    }
  }
}
