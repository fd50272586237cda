import type { TFunction } from 'i18next';
// sharing, with no dependency: the server page's small script uses it as well as the web app
/** the card's title, in the page's language: the head's, and the share sheet's */
export function shareTitle(displayName: string, t: TFunction): string {
  return t('meta.title', { ns: 'card', name: displayName });
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy (insecure origins, denied permission)
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/**
 * the card's address as it is shared: with src=share, so the owner's analytics count a visit that
 * came through a shared link as that channel, as a QR code's link says src=qr. any other channel
 * the address carried is replaced; its other parameters stay.
 */
export function sharedCardUrl(url: string): string {
  try {
    const shared = new URL(url);
    shared.searchParams.set('src', 'share');
    return shared.toString();
  } catch {
    return url;
  }
}

/** the device's share sheet when there is one, else the link is copied; the link says src=share */
export async function shareProfile(title: string, cardUrl: string): Promise<ShareOutcome> {
  const url = sharedCardUrl(cardUrl);
  const data = { title, url };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // share refused (permissions, no handler): copy instead
    }
  }
  return (await copyText(url)) ? 'copied' : 'failed';
}
