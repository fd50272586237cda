/** nothing could be copied: the browser offers no way to */
export class CopyUnavailableError extends Error {
  constructor() {
    super('Copying is not available in this browser');
    this.name = 'CopyUnavailableError';
  }
}

/** copies through the copy event, the older way: both formats set on the event's clipboard */
function copyWithCopyEvent(html: string, text: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  let written = false;
  const onCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData('text/html', html);
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
    written = true;
  };
  document.addEventListener('copy', onCopy);
  try {
    return document.execCommand('copy') && written;
  } catch {
    return false;
  } finally {
    document.removeEventListener('copy', onCopy);
  }
}

/**
 * puts rich HTML on the clipboard with a plain-text twin, so a mail client pastes the formatted
 * signature and a plain editor its text: the async Clipboard API (ClipboardItem) where there is one,
 * else the copy event, else the text alone. throws when nothing could be copied (CopyUnavailableError
 * when the browser has no way to).
 */
export async function copyRichText(html: string, text: string): Promise<'rich' | 'text'> {
  if (typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard?.write === 'function') {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([text], { type: 'text/plain' }),
        }),
      ]);
      return 'rich';
    } catch {
      // refused (no permission, an old implementation): the older ways below
    }
  }
  if (copyWithCopyEvent(html, text)) return 'rich';
  if (typeof navigator.clipboard?.writeText === 'function') {
    await navigator.clipboard.writeText(text);
    return 'text';
  }
  throw new CopyUnavailableError();
}
