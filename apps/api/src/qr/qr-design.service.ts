import { Inject, Injectable } from '@nestjs/common';
import { QR_LOGO_MAX_BYTES, QrDesignMessages, qrContrast, type QrDesignDto } from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { BadInputError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { MediaService } from '../media/media.service';
import { svgToPng } from './adapters/resvg-rasterizer';
import { qrSvg, sniffImage, type LogoImage } from './qr-artwork';
import { QrService } from './qr.service';
import { fetchRemoteImage } from './remote-image';

export interface DesignedQr {
  body: Buffer;
  contentType: 'image/svg+xml' | 'image/png';
  fileName: string;
  profileUrl: string;
}

/** avatars fetched lately: the dialog's preview asks again at each change of colour */
const AVATAR_CACHE_TTL_MS = 5 * 60_000;
const AVATAR_CACHE_SIZE = 50;
/** an uploaded avatar drawn in the code's centre, in pixels a side: sharp enough on a 2048 px code */
const AVATAR_LOGO_SIZE = 512;

const invalid = (field: string, message: string) => new BadInputError(message, [{ field, message }]);

/** the QR code people print: the card's address (src=qr) in chosen colours, with a logo or not */
@Injectable()
export class QrDesignService {
  private readonly avatars = new Map<string, { image: LogoImage; at: number }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly qr: QrService,
    private readonly media: MediaService,
  ) {}

  async render(profile: ProfileRecord, design: QrDesignDto): Promise<DesignedQr> {
    const contrast = qrContrast(design.foreground, design.background);
    if (contrast.status === 'refused') throw invalid('foreground', contrast.message);
    const profileUrl = this.qr.profileUrl(profile.handle);
    const svg = qrSvg({
      text: profileUrl,
      foreground: design.foreground,
      background: design.background,
      logo: await this.logo(profile, design),
    });
    if (design.format === 'svg') {
      return {
        body: Buffer.from(svg),
        contentType: 'image/svg+xml',
        fileName: `qr-${profile.handle}.svg`,
        profileUrl,
      };
    }
    return {
      body: svgToPng(svg, design.width),
      contentType: 'image/png',
      fileName: `qr-${profile.handle}-${design.width}.png`,
      profileUrl,
    };
  }

  private async logo(profile: ProfileRecord, design: QrDesignDto): Promise<LogoImage | null> {
    if (design.logo === 'upload') {
      const match = /^data:[^;,]+;base64,(.*)$/.exec(design.logoDataUrl ?? '');
      if (!match) throw invalid('logoDataUrl', QrDesignMessages.logoMissing);
      const bytes = Buffer.from(match[1], 'base64');
      if (bytes.length > QR_LOGO_MAX_BYTES) throw invalid('logoDataUrl', QrDesignMessages.logoTooLarge);
      const mime = sniffImage(bytes);
      if (!mime) throw invalid('logoDataUrl', QrDesignMessages.logoType);
      return { mime, bytes };
    }
    if (design.logo === 'avatar') {
      const address = profile.media.avatarUrl;
      if (!address) throw invalid('logo', QrDesignMessages.noAvatar);
      return this.avatar(address);
    }
    return null;
  }

  /** an avatar uploaded here is read from the store; one pasted from elsewhere is fetched (with care) */
  private async avatar(address: string): Promise<LogoImage> {
    const uploaded = await this.media.pngOf(address, AVATAR_LOGO_SIZE);
    if (uploaded) return { mime: 'image/png', bytes: uploaded };
    const cached = this.avatars.get(address);
    if (cached && Date.now() - cached.at < AVATAR_CACHE_TTL_MS) return cached.image;
    let bytes: Buffer;
    try {
      bytes = await fetchRemoteImage(address, {
        trustedOrigin: this.config.publicBaseUrl,
        maxBytes: 4 * QR_LOGO_MAX_BYTES,
      });
    } catch {
      throw invalid('logo', QrDesignMessages.avatarUnreadable);
    }
    const mime = sniffImage(bytes);
    if (!mime) throw invalid('logo', QrDesignMessages.avatarUnreadable);
    const image = { mime, bytes };
    this.avatars.delete(address);
    this.avatars.set(address, { image, at: Date.now() });
    if (this.avatars.size > AVATAR_CACHE_SIZE) this.avatars.delete(this.avatars.keys().next().value!);
    return image;
  }
}
