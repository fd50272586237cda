import { act, renderHook } from '@testing-library/react';
import type { QrDesign } from './get-profile-qr';
import { PREVIEW_DELAY_MS, useQrPreview } from './use-qr-preview';

const designProfileQr = jest.fn();
jest.mock('./get-profile-qr', () => ({
  designProfileQr: (...args: unknown[]) => designProfileQr(...args),
}));
jest.mock('@/lib/api-client', () => ({ normalizeError: (error: Error) => ({ message: error.message }) }));

const design: QrDesign = {
  format: 'svg',
  width: 1024,
  foreground: '#18181b',
  background: '#ffffff',
  logo: 'none',
  logoDataUrl: null,
};

describe('useQrPreview', () => {
  let urls = 0;
  beforeEach(() => {
    jest.useFakeTimers();
    urls = 0;
    designProfileQr.mockReset().mockResolvedValue(new Blob(['<svg/>'], { type: 'image/svg+xml' }));
    Object.assign(URL, { createObjectURL: jest.fn(() => `blob:${++urls}`), revokeObjectURL: jest.fn() });
  });
  afterEach(() => jest.useRealTimers());

  const wait = (ms: number) =>
    act(async () => {
      jest.advanceTimersByTime(ms);
      await Promise.resolve();
    });
  const renderPreview = (drawable = true) =>
    renderHook(({ design, drawable }) => useQrPreview('p1', design, drawable, 'data:image/png;base64,AAAA'), {
      initialProps: { design, drawable },
    });

  it('shows the code it opened with, then the SVG of the design once changes settle', async () => {
    const { result, rerender } = renderPreview();
    expect(result.current).toEqual({
      preview: 'data:image/png;base64,AAAA',
      previewError: null,
      updating: false,
    });

    // changes quicker than the delay are drawn once, as the last one
    await wait(PREVIEW_DELAY_MS - 50);
    rerender({ design: { ...design, foreground: '#222222' }, drawable: true });
    await wait(PREVIEW_DELAY_MS - 50);
    expect(result.current.preview).toBe('data:image/png;base64,AAAA');
    await wait(50);
    expect(result.current).toEqual({ preview: 'blob:1', previewError: null, updating: false });
    expect(designProfileQr).toHaveBeenCalledTimes(1);
  });

  it('keeps the last code while the design cannot be drawn', async () => {
    const { result } = renderPreview(false);
    await wait(PREVIEW_DELAY_MS * 2);
    expect(result.current.preview).toBe('data:image/png;base64,AAAA');
    expect(designProfileQr).not.toHaveBeenCalled();
  });

  it('says why the preview could not be drawn', async () => {
    designProfileQr.mockRejectedValue(new Error('The logo could not be read'));
    const { result } = renderPreview();
    await wait(PREVIEW_DELAY_MS);
    await act(async () => {});
    expect(result.current).toEqual({
      preview: 'data:image/png;base64,AAAA',
      previewError: 'The logo could not be read',
      updating: false,
    });
  });
});
