import { act, renderHook } from '@testing-library/react';
import { dismissToast, toast, useToast } from './use-toast';

function screenWidth(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: /max-width: 639\.98px/.test(query) && width < 640,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

afterEach(() => {
  const { result } = renderHook(() => useToast());
  act(() => result.current.toasts.forEach((t) => dismissToast(t.id)));
});

describe('toasts', () => {
  it('shows one at a time on a phone: a new toast closes the one shown', () => {
    screenWidth(390);
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'vCard downloaded' });
      toast({ title: 'Link copied!' });
    });
    const open = result.current.toasts.filter((t) => t.open).map((t) => t.title);
    expect(open).toEqual(['Link copied!']);
  });

  it('stacks them on a wider screen', () => {
    screenWidth(1440);
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'vCard downloaded' });
      toast({ title: 'Link copied!' });
    });
    const open = result.current.toasts.filter((t) => t.open).map((t) => t.title);
    expect(open).toEqual(['Link copied!', 'vCard downloaded']);
  });
});
