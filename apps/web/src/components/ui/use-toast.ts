import { useSyncExternalStore, type ReactNode } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** ms; 5 s by default */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

const MAX_TOASTS = 3;
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((l) => l());
}

/** below the small breakpoint (a phone) a new toast replaces the one shown: they would cover the card */
const ONE_AT_A_TIME = '(max-width: 639.98px)';

function oneAtATime(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(ONE_AT_A_TIME).matches
    : false;
}

/** shows a toast from anywhere (components, mutation callbacks) */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  if (oneAtATime()) {
    for (const shown of toasts) if (shown.open) dismissToast(shown.id);
  }
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, MAX_TOASTS);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // leave time for the closing animation before removing it
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, 300);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

export function useToast() {
  const items = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: items, toast, dismiss: dismissToast };
}
