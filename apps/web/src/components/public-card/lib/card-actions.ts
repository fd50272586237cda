import { saveBlob } from '@/lib/api-client';
import { buildVCard, vCardFileName, type VCardSource } from './vcard';

export { shareProfile, shareTitle, type ShareOutcome } from './share';

/** builds the contact file on the device and downloads it as {handle}.vcf */
export function downloadVCard(source: VCardSource, profileUrl?: string): void {
  const vcard = buildVCard(source, { profileUrl });
  saveBlob(new Blob([vcard], { type: 'text/vcard;charset=utf-8' }), vCardFileName(source.handle));
}
