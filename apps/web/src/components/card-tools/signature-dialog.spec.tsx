import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ProfileResponse } from '@cardcraft/contracts';
import english from '@/i18n/locales/en/common.json';
import japanese from '@/i18n/locales/ja/common.json';
import { englishLeft } from '@/test/english-left';
import { speak } from '@/test/language';
import { SignatureDialog } from './signature-dialog';

const toast = jest.fn();
jest.mock('@/components/ui/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const profile = {
  id: 'p1',
  handle: 'ada',
  displayName: 'Ada <Lovelace>',
  tagline: 'Engineer',
  theme: 'aurora',
  contact: { company: 'Analytical Engines', email: 'ada@example.com', phoneNumber: null },
  media: { avatarUrl: 'https://img.example.com/ada.png' },
} as unknown as ProfileResponse;

/** jsdom's Blob has no text(): read it as a browser would */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

class FakeClipboardItem {
  constructor(readonly items: Record<string, Blob>) {}
}

describe('SignatureDialog', () => {
  const write = jest.fn<Promise<void>, [FakeClipboardItem[]]>();

  beforeEach(() => {
    toast.mockReset();
    write.mockReset().mockResolvedValue(undefined);
    Object.assign(globalThis, { ClipboardItem: FakeClipboardItem });
    Object.defineProperty(navigator, 'clipboard', { value: { write }, configurable: true });
  });

  afterEach(() => {
    delete (globalThis as { ClipboardItem?: unknown }).ClipboardItem;
  });

  it('previews the signature built from the card, escaped', () => {
    render(
      <SignatureDialog profile={profile} publicBaseUrl="https://cards.example.com" onOpenChange={() => {}} />,
    );
    const preview = screen.getByTestId('signature-preview');
    expect(within(preview).getByText('Ada <Lovelace>')).toBeTruthy();
    expect(within(preview).getByText('Engineer · Analytical Engines')).toBeTruthy();
    expect(within(preview).getByRole('img', { name: 'Ada <Lovelace>' }).getAttribute('src')).toBe(
      'https://img.example.com/ada.png',
    );
    expect(within(preview).getByRole('link', { name: 'View my digital card →' }).getAttribute('href')).toBe(
      'https://cards.example.com/u/ada?src=signature',
    );
  });

  it('copies rich HTML with a plain-text twin in one click', async () => {
    render(
      <SignatureDialog profile={profile} publicBaseUrl="https://cards.example.com" onOpenChange={() => {}} />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy signature' }));
    });
    expect(write).toHaveBeenCalledTimes(1);
    const [item] = write.mock.calls[0][0];
    expect(Object.keys(item.items).sort()).toEqual(['text/html', 'text/plain']);
    const html = await blobText(item.items['text/html']);
    expect(html).toContain('Ada &lt;Lovelace&gt;');
    expect(html).toContain('src=signature');
    expect(await blobText(item.items['text/plain'])).toContain(
      'My digital card: https://cards.example.com/u/ada?src=signature',
    );
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Signature copied' }));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('falls back to the text when rich copying is refused', async () => {
    write.mockRejectedValue(new Error('NotAllowedError'));
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { write, writeText }, configurable: true });
    render(
      <SignatureDialog profile={profile} publicBaseUrl="https://cards.example.com" onOpenChange={() => {}} />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy signature' }));
    });
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Ada <Lovelace>'));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Signature copied',
        description: 'Only the text could be copied in this browser.',
      }),
    );
  });

  it('shows short steps for Gmail, Outlook and Apple Mail', () => {
    render(
      <SignatureDialog profile={profile} publicBaseUrl="https://cards.example.com" onOpenChange={() => {}} />,
    );
    expect(screen.getByRole('tabpanel').textContent).toContain('See all settings');
    fireEvent.click(screen.getByRole('tab', { name: 'Outlook' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('New signature');
    fireEvent.click(screen.getByRole('tab', { name: 'Apple Mail' }));
    expect(screen.getByRole('tab', { name: 'Apple Mail' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('Always match my default message font');
  });

  it('speaks Japanese: the dialog, the steps, the signature’s own words and the toast, no English left', async () => {
    await speak('ja');
    const words = japanese.cardTools.signature;
    const writeText = jest.fn().mockResolvedValue(undefined);
    write.mockRejectedValue(new Error('NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { write, writeText }, configurable: true });
    render(
      <SignatureDialog profile={profile} publicBaseUrl="https://cards.example.com" onOpenChange={() => {}} />,
    );
    expect(screen.getByRole('dialog', { name: words.title })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: words.mailApp })).toBeTruthy();
    expect(screen.getByRole('tabpanel').textContent).toContain(words.steps.gmail.second);
    fireEvent.click(screen.getByRole('tab', { name: 'Apple Mail' }));
    expect(screen.getByRole('tabpanel').textContent).toContain(words.steps.appleMail.third);
    const preview = screen.getByTestId('signature-preview');
    expect(within(preview).getByRole('link', { name: `${words.viewCard} →` })).toBeTruthy();
    expect(englishLeft(english.cardTools, japanese.cardTools)).toEqual([]);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: words.copy }));
    });
    expect(writeText).toHaveBeenCalledWith(
      expect.stringContaining('デジタル名刺: https://cards.example.com/u/ada?src=signature'),
    );
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: words.copiedTitle, description: words.textOnly }),
    );
    expect(screen.getByRole('button', { name: words.copied })).toBeTruthy();
    expect(englishLeft(english.cardTools, japanese.cardTools)).toEqual([]);
  });
});
