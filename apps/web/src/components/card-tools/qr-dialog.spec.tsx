import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  QR_LOGO_MAX_BYTES,
  QrDesignMessages,
  type ProfileResponse,
  type QrResponse,
} from '@cardcraft/contracts';
import english from '@/i18n/locales/en/common.json';
import french from '@/i18n/locales/fr/common.json';
import { englishLeft } from '@/test/english-left';
import { speak } from '@/test/language';
import { QrDialog } from './qr-dialog';

const designProfileQr = jest.fn();
jest.mock('./get-profile-qr', () => ({
  designProfileQr: (...args: unknown[]) => designProfileQr(...args),
}));
const saveBlob = jest.fn();
jest.mock('@/lib/api-client', () => ({
  saveBlob: (...args: unknown[]) => saveBlob(...args),
  normalizeError: (error: Error) => ({ message: error.message }),
}));
const toast = jest.fn();
jest.mock('@/components/ui/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const profile = {
  id: 'p1',
  handle: 'ada',
  displayName: 'Ada',
  theme: 'noir',
  media: { avatarUrl: null },
} as unknown as ProfileResponse;
const qr: QrResponse = {
  qrCode: 'data:image/png;base64,AAAA',
  profileUrl: 'https://cards.example.com/u/ada?src=qr',
};

describe('QrDialog', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    designProfileQr.mockReset().mockResolvedValue(new Blob(['<svg/>'], { type: 'image/svg+xml' }));
    saveBlob.mockReset();
    toast.mockReset();
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() });
  });

  afterEach(() => jest.useRealTimers());

  const renderDialog = () => render(<QrDialog profile={profile} qr={qr} onOpenChange={() => {}} />);
  const settle = () =>
    act(async () => {
      jest.advanceTimersByTime(300);
      await Promise.resolve();
    });

  it("starts from the theme's colours and previews the server's SVG of the design", async () => {
    renderDialog();
    expect((screen.getByLabelText('Code colour') as HTMLInputElement).value).toBe('#18181b');
    expect((screen.getByLabelText('Background') as HTMLInputElement).value).toBe('#ffffff');
    await settle();
    expect(designProfileQr).toHaveBeenCalledWith(
      'p1',
      expect.objectContaining({ format: 'svg', foreground: '#18181b', background: '#ffffff', logo: 'none' }),
      expect.any(AbortSignal),
    );
    expect(screen.getByTestId('qr-preview').getAttribute('src')).toBe('blob:preview');
    // without an avatar that choice is off
    expect((screen.getByRole('radio', { name: 'Avatar' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('refuses colours too close to scan: a message, no preview request and no download', async () => {
    renderDialog();
    await settle();
    designProfileQr.mockClear();
    fireEvent.change(screen.getByLabelText('Code colour'), { target: { value: '#eeeeee' } });
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('too close to scan');
    expect(designProfileQr).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Download QR Code' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    // a low contrast is drawn, with a warning
    fireEvent.change(screen.getByLabelText('Code colour'), { target: { value: '#8a8a8a' } });
    await settle();
    expect(screen.getByText(/Low contrast/)).toBeTruthy();
    expect(designProfileQr).toHaveBeenCalledTimes(1);
  });

  it('downloads the PNG at the chosen size, then the SVG', async () => {
    renderDialog();
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: '2048 px' }));
    const png = new Blob(['png'], { type: 'image/png' });
    designProfileQr.mockResolvedValueOnce(png);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download QR Code' }));
    });
    expect(designProfileQr).toHaveBeenLastCalledWith(
      'p1',
      expect.objectContaining({ format: 'png', width: 2048 }),
    );
    expect(saveBlob).toHaveBeenCalledWith(png, 'qr-ada-2048.png');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'QR Code downloaded' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download SVG' }));
    });
    expect(saveBlob).toHaveBeenLastCalledWith(expect.any(Blob), 'qr-ada.svg');
  });

  it("of a team card, starts in the brand's colour, resets to it, and says when it had to be darkened", async () => {
    const brand = {
      companyName: 'Initech',
      logoUrl: null,
      bannerUrl: null,
      website: null,
      primaryColor: '#1d4ed8',
      secondaryColor: null,
    };
    const { unmount } = render(<QrDialog profile={profile} qr={qr} brand={brand} onOpenChange={() => {}} />);
    expect((screen.getByLabelText('Code colour') as HTMLInputElement).value).toBe('#1d4ed8');
    expect(screen.queryByTestId('qr-brand-note')).toBeNull();
    fireEvent.change(screen.getByLabelText('Code colour'), { target: { value: '#000000' } });
    fireEvent.blur(screen.getByLabelText('Code colour'));
    fireEvent.click(screen.getByRole('button', { name: 'Brand colours' }));
    expect((screen.getByLabelText('Code colour') as HTMLInputElement).value).toBe('#1d4ed8');
    await settle();
    unmount();

    render(
      <QrDialog
        profile={profile}
        qr={qr}
        brand={{ ...brand, primaryColor: '#facc15' }}
        onOpenChange={() => {}}
      />,
    );
    expect(screen.getByTestId('qr-brand-note').textContent).toContain('#facc15');
    expect((screen.getByLabelText('Code colour') as HTMLInputElement).value).not.toBe('#facc15');
    await settle();
  });

  it("says the design's rules in English exactly as the contracts do", () => {
    const messages = english.cardTools.qr.messages;
    expect(messages.tooClose).toBe(QrDesignMessages.tooClose);
    expect(messages.inverted).toBe(QrDesignMessages.inverted);
    expect(messages.lowContrast).toBe(QrDesignMessages.lowContrast);
    expect(messages.logoType).toBe(QrDesignMessages.logoType);
    expect(messages.logoTooLarge.replace('{{size}}', String(QR_LOGO_MAX_BYTES / 1024))).toBe(
      QrDesignMessages.logoTooLarge,
    );
  });

  it('speaks French: its labels, the contrast with a decimal comma, the refusal, the toast, no English left', async () => {
    await speak('fr');
    const qrWords = french.cardTools.qr;
    const { unmount } = renderDialog();
    expect(screen.getByRole('dialog', { name: qrWords.title })).toBeTruthy();
    expect((screen.getByLabelText(qrWords.codeColour) as HTMLInputElement).value).toBe('#18181b');
    expect(screen.getByRole('group', { name: qrWords.logo })).toBeTruthy();
    await settle();
    expect(englishLeft(english.cardTools, french.cardTools)).toEqual([]);

    fireEvent.change(screen.getByLabelText(qrWords.codeColour), { target: { value: '#eeeeee' } });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(qrWords.messages.tooClose);
    expect(screen.getByText(/^Contraste 1,\d:1$/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(qrWords.codeColour), { target: { value: '#18181b' } });
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: qrWords.downloadPng }));
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: qrWords.downloaded }));
    expect(englishLeft(english.cardTools, french.cardTools)).toEqual([]);
    unmount();

    const brand = { companyName: null, logoUrl: null, bannerUrl: null, website: null, secondaryColor: null };
    render(
      <QrDialog
        profile={profile}
        qr={qr}
        brand={{ ...brand, primaryColor: '#facc15' }}
        onOpenChange={() => {}}
      />,
    );
    expect(screen.getByTestId('qr-brand-note').textContent).toMatch(
      /^La couleur de marque #facc15 atteint 1,\d+:1/,
    );
    expect(englishLeft(english.cardTools, french.cardTools)).toEqual([]);
    await settle();
  });
});
