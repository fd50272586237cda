import { hexToHsl, QR_LOGO_MAX_BYTES, qrContrast, QrDesignMessages } from '@cardcraft/contracts';
import {
  brandQrColours,
  initialDesign,
  logoFileError,
  qrDesignState,
  qrFileName,
  themeQrColours,
} from './qr-design';

const noir = { theme: 'noir' } as const;

describe('initialDesign', () => {
  it("starts as an SVG at 1024 px in the theme's colours, without a logo", () => {
    expect(initialDesign(noir)).toEqual({
      format: 'svg',
      width: 1024,
      foreground: '#18181b',
      background: '#ffffff',
      logo: 'none',
      logoDataUrl: null,
    });
  });

  it("takes an unknown theme's colours from the default theme", () => {
    // a theme stored before the app dropped it; the type has only the current ones
    expect(themeQrColours({ theme: 'no-such-theme' } as never)).toEqual(themeQrColours({ theme: 'aurora' }));
  });
});

describe('qrDesignState', () => {
  const theme = themeQrColours(noir);
  const design = initialDesign(noir);

  it("can draw the theme's colours, and says they are the theme's", () => {
    expect(qrDesignState(design, theme)).toMatchObject({
      contrast: { status: 'ok' },
      drawable: true,
      isThemeColours: true,
    });
  });

  it('draws a low contrast with a warning, and refuses colours too close to scan', () => {
    const low = qrDesignState({ ...design, foreground: '#8a8a8a' }, theme);
    expect([low.contrast.status, low.drawable, low.isThemeColours]).toEqual(['low', true, false]);
    const refused = qrDesignState({ ...design, foreground: '#eeeeee' }, theme);
    expect([refused.contrast.status, refused.drawable]).toEqual(['refused', false]);
  });

  it('waits for the image when the logo is to be one', () => {
    expect(qrDesignState({ ...design, logo: 'upload' }, theme).drawable).toBe(false);
    expect(
      qrDesignState({ ...design, logo: 'upload', logoDataUrl: 'data:image/png;base64,AA' }, theme).drawable,
    ).toBe(true);
    expect(qrDesignState({ ...design, logo: 'avatar' }, theme).drawable).toBe(true);
  });
});

describe('logoFileError', () => {
  it('takes a PNG, JPEG, GIF or WebP image up to the size limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(logoFileError({ type, size: QR_LOGO_MAX_BYTES })).toBeNull();
    }
  });

  it('says why another file cannot be the logo', () => {
    expect(logoFileError({ type: 'image/svg+xml', size: 10 })).toBe(QrDesignMessages.logoType);
    expect(logoFileError({ type: 'application/pdf', size: 10 })).toBe(QrDesignMessages.logoType);
    expect(logoFileError({ type: 'image/png', size: QR_LOGO_MAX_BYTES + 1 })).toBe(
      QrDesignMessages.logoTooLarge,
    );
  });
});

describe('qrFileName', () => {
  it('names the PNG with its width and the SVG without', () => {
    expect(qrFileName('ada', 'png', 2048)).toBe('qr-ada-2048.png');
    expect(qrFileName('ada', 'svg', 2048)).toBe('qr-ada.svg');
  });
});

describe('brandQrColours', () => {
  it('takes a brand colour that scans well as it is, on white', () => {
    expect(brandQrColours('#1D4ED8')).toMatchObject({
      foreground: '#1d4ed8',
      background: '#ffffff',
      darkenedFrom: null,
    });
  });

  it('darkens a colour too light to scan, keeping its hue, and says how it read', () => {
    const colours = brandQrColours('#facc15')!;
    expect(colours.darkenedFrom).toBe('#facc15');
    expect(colours.brandContrast.status).toBe('refused');
    expect(qrContrast(colours.foreground, colours.background).status).toBe('ok');
    expect(Math.abs(hexToHsl(colours.foreground)[0] - hexToHsl('#facc15')[0])).toBeLessThan(3);
  });

  it('is nothing without a colour, so the theme keeps its own', () => {
    expect(brandQrColours(null)).toBeNull();
    expect(brandQrColours('blue')).toBeNull();
  });
});
