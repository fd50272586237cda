import { renderHook } from '@testing-library/react';
import { useUnloadWarning } from './use-unload-warning';

/** whether closing the page now would ask first */
function closingAsks(): boolean {
  const unload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unload);
  return unload.defaultPrevented;
}

describe('useUnloadWarning', () => {
  it('asks only while there are unsaved edits, and no more once unmounted', () => {
    const { rerender, unmount } = renderHook(({ dirty }) => useUnloadWarning(dirty), {
      initialProps: { dirty: false },
    });
    expect(closingAsks()).toBe(false);
    rerender({ dirty: true });
    expect(closingAsks()).toBe(true);
    rerender({ dirty: false });
    expect(closingAsks()).toBe(false);
    rerender({ dirty: true });
    unmount();
    expect(closingAsks()).toBe(false);
  });
});
