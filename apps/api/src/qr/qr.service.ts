import { Inject, Injectable } from '@nestjs/common';
import type { QrFormat } from '@cardcraft/contracts';
import QRCode from 'qrcode';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

export type QrImage =
  { kind: 'png'; body: Buffer; profileUrl: string } | { kind: 'source'; qrCode: string; profileUrl: string };

@Injectable()
export class QrService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** the address a scan opens; src=qr lets analytics count the QR channel */
  profileUrl(handle: string): string {
    return `${this.config.publicBaseUrl}/u/${encodeURIComponent(handle)}?src=qr`;
  }

  /** size is the pixel size of one module, as the spec's preview (8) and download (20) use it */
  async render(handle: string, size: number, format: QrFormat): Promise<QrImage> {
    const profileUrl = this.profileUrl(handle);
    const options = { errorCorrectionLevel: 'M' as const, margin: 2, scale: size };
    if (format === 'png')
      return { kind: 'png', body: await QRCode.toBuffer(profileUrl, options), profileUrl };
    if (format === 'svg') {
      const svg = await QRCode.toString(profileUrl, { ...options, type: 'svg' });
      return {
        kind: 'source',
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        profileUrl,
      };
    }
    return { kind: 'source', qrCode: await QRCode.toDataURL(profileUrl, options), profileUrl };
  }
}
