import type { TFunction } from 'i18next';
import { QR_LOGO_MAX_BYTES, QrDesignMessages } from '@cardcraft/contracts';
import { sayInLanguage } from '@/i18n/english-messages';

/**
 * the design's rules speak the contracts' English words (the contrast, a picked logo): each the
 * dialog works out itself, by its English, with its key in the catalogue. the server's own refusals
 * are shown as they come
 */
const QR_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  [QrDesignMessages.tooClose, 'cardTools.qr.messages.tooClose'],
  [QrDesignMessages.inverted, 'cardTools.qr.messages.inverted'],
  [QrDesignMessages.lowContrast, 'cardTools.qr.messages.lowContrast'],
  [QrDesignMessages.logoType, 'cardTools.qr.messages.logoType'],
  [QrDesignMessages.logoTooLarge, 'cardTools.qr.messages.logoTooLarge'],
]);

/** a message of the design's rules in the translator's language; any other as it is */
export function qrMessageText(t: TFunction, message: string): string {
  return sayInLanguage(t, QR_MESSAGE_KEYS, message, 'common', { size: QR_LOGO_MAX_BYTES / 1024 });
}
