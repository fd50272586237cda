import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { contrastRatio, QrDesignDto, QrDesignMessages, qrContrast, THEME_QR_COLORS, THEMES } from './index';

const errorsOf = (body: object) =>
  validateSync(plainToInstance(QrDesignDto, body)).flatMap((error) => Object.values(error.constraints ?? {}));

describe('QR colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('accepts every theme default as it is', () => {
    for (const { value } of THEMES) {
      const { foreground, background } = THEME_QR_COLORS[value];
      expect(qrContrast(foreground, background).status).toBe('ok');
    }
  });

  it('refuses colours too close or a light code on a dark background, and warns under 4.5:1', () => {
    expect(qrContrast('#dddddd', '#ffffff')).toMatchObject({
      status: 'refused',
      message: QrDesignMessages.tooClose,
    });
    expect(qrContrast('#ffffff', '#000000')).toMatchObject({
      status: 'refused',
      message: QrDesignMessages.inverted,
    });
    expect(qrContrast('#8a8a8a', '#ffffff')).toMatchObject({
      status: 'low',
      message: QrDesignMessages.lowContrast,
    });
    expect(qrContrast('#1f2937', '#fef3c7')).toMatchObject({ status: 'ok' });
  });
});

describe('QrDesignDto', () => {
  it('takes colours in any case, and defaults to an SVG without a logo', () => {
    const design = plainToInstance(QrDesignDto, { foreground: '#1F2937', background: '#FFFFFF' });
    expect(validateSync(design)).toEqual([]);
    expect(design).toMatchObject({ format: 'svg', width: 1024, logo: 'none', foreground: '#1f2937' });
  });

  it('names what is wrong', () => {
    expect(errorsOf({ foreground: 'red', background: '#fff' })).toEqual([
      QrDesignMessages.color,
      QrDesignMessages.color,
    ]);
    expect(errorsOf({ foreground: '#000000', background: '#ffffff', width: 800 })).toEqual([
      'width must be one of 512, 1024, 2048',
    ]);
    expect(errorsOf({ foreground: '#000000', background: '#ffffff', logo: 'upload' })).toContain(
      QrDesignMessages.logoMissing,
    );
    expect(
      errorsOf({
        foreground: '#000000',
        background: '#ffffff',
        logo: 'upload',
        logoDataUrl: 'data:image/svg+xml;base64,PHN2Zz4=',
      }),
    ).toEqual([QrDesignMessages.logoType]);
    expect(
      errorsOf({
        foreground: '#000000',
        background: '#ffffff',
        logo: 'upload',
        logoDataUrl: `data:image/png;base64,${'A'.repeat(800_000)}`,
      }),
    ).toEqual([QrDesignMessages.logoTooLarge]);
  });
});
