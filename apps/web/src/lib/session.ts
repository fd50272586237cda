import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { SessionResponse } from '@cardcraft/contracts';
import { safeStorage } from './storage';

export const SESSION_STORAGE_KEY = 'cardcraft.session';

/**
 * the session of the signed-in user, as the app shows it. the token itself stays in the
 * HttpOnly session cookie the server sets, out of reach of scripts, and is never stored here.
 */
export interface Session extends Omit<SessionResponse, 'accessToken'> {
  activeProfileHandle: string;
}

/** the session to keep from a sign-in answer: everything but the token */
export function sessionFrom(response: SessionResponse, activeProfileHandle = ''): Session {
  return {
    userId: response.userId,
    email: response.email,
    displayName: response.displayName,
    expiresAtUtc: response.expiresAtUtc,
    activeProfileHandle,
  };
}

export interface SessionState {
  session: Session | null;
  /** true once the stored session has been read */
  hydrated: boolean;
}

function pickSession(session: Session): Session {
  return {
    userId: session.userId,
    email: session.email,
    displayName: session.displayName,
    expiresAtUtc: session.expiresAtUtc,
    activeProfileHandle: session.activeProfileHandle,
  };
}

// setTimeout cannot wait longer than 2^31-1 ms; longer sessions re-arm the timer
const MAX_TIMER_MS = 2_147_483_647;

function isSession(value: unknown): value is Session {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.userId === 'string' &&
    typeof v.expiresAtUtc === 'string' &&
    !Number.isNaN(Date.parse(v.expiresAtUtc)) &&
    typeof v.email === 'string' &&
    typeof v.displayName === 'string'
  );
}

export interface SessionStoreOptions {
  storage?: () => Storage | null;
  now?: () => number;
}

export class SessionStore {
  private state: SessionState = { session: null, hydrated: false };
  private readonly listeners = new Set<() => void>();
  private readonly clearListeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly storage: () => Storage | null;
  private readonly now: () => number;

  constructor(options: SessionStoreOptions = {}) {
    this.storage = options.storage ?? safeStorage;
    this.now = options.now ?? (() => Date.now());
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** called whenever a session is cleared (logout, expiry): the app clears its cached data here */
  onClear(listener: () => void): () => void {
    this.clearListeners.add(listener);
    return () => this.clearListeners.delete(listener);
  }

  /**
   * reads the stored session once; an unparseable one is dropped and only logged. so is one that still
   * holds an access token: it was stored before sign-in set the session cookie, so no cookie stands
   * behind it and the server would refuse it anyway.
   */
  hydrate(): void {
    if (this.state.hydrated) return;
    let session: Session | null = null;
    const storage = this.storage();
    try {
      const raw = storage?.getItem(SESSION_STORAGE_KEY) ?? null;
      if (raw !== null) {
        const parsed: unknown = JSON.parse(raw);
        if (!isSession(parsed)) throw new Error('stored session has an unexpected shape');
        if ('accessToken' in parsed) throw new Error('stored session predates the session cookie');
        session = { ...pickSession(parsed), activeProfileHandle: parsed.activeProfileHandle ?? '' };
      }
    } catch (error) {
      console.warn('[session] dropping the stored session:', error);
      this.removeStored();
    }
    this.state = { session: null, hydrated: true };
    if (session) this.set(session);
    else this.emit();
  }

  set(next: Session): void {
    this.clearTimer();
    // only the fields the app shows are kept, whatever else the caller's object carries
    const session = pickSession(next);
    if (this.isExpired(session)) {
      this.clear();
      return;
    }
    this.state = { session, hydrated: true };
    try {
      this.storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    } catch (error) {
      console.warn('[session] could not store the session:', error);
    }
    this.schedule(session);
    this.emit();
  }

  update(patch: Partial<Session>): void {
    if (!this.state.session) return;
    this.set({ ...this.state.session, ...patch });
  }

  clear(): void {
    this.clearTimer();
    const hadSession = this.state.session !== null;
    this.state = { session: null, hydrated: true };
    this.removeStored();
    this.emit();
    if (hadSession) this.clearListeners.forEach((l) => l());
  }

  /** stops the expiry timer (tests, teardown) */
  dispose(): void {
    this.clearTimer();
  }

  private isExpired(session: Session): boolean {
    return Date.parse(session.expiresAtUtc) <= this.now();
  }

  private schedule(session: Session): void {
    const remaining = Date.parse(session.expiresAtUtc) - this.now();
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (this.state.session !== session) return;
        if (this.isExpired(session)) this.clear();
        else this.schedule(session);
      },
      Math.min(Math.max(remaining, 0), MAX_TIMER_MS),
    );
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private removeStored(): void {
    try {
      this.storage()?.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // storage unavailable: nothing stored to remove
    }
  }

  private emit(): void {
    this.listeners.forEach((l) => l());
  }
}

/** the app's one session store; the API client clears it when the server ends the session */
export const sessionStore = new SessionStore();

const SessionStoreContext = createContext<SessionStore>(sessionStore);

export interface SessionProviderProps {
  children: ReactNode;
  store?: SessionStore;
  /** run when the session is cleared: the app passes queryClient.clear */
  onClear?: () => void;
}

/** reads the stored session at start and wires clearing to the cache */
export function SessionProvider({ children, store = sessionStore, onClear }: SessionProviderProps) {
  useEffect(() => {
    store.hydrate();
  }, [store]);
  useEffect(() => (onClear ? store.onClear(onClear) : undefined), [store, onClear]);
  return createElement(SessionStoreContext.Provider, { value: store }, children);
}

export interface UseSession extends SessionState {
  isAuthenticated: boolean;
  setSession: (session: Session) => void;
  updateSession: (patch: Partial<Session>) => void;
  clearSession: () => void;
}

export function useSession(): UseSession {
  const store = useContext(SessionStoreContext);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    ...state,
    isAuthenticated: state.session !== null,
    setSession: (s) => store.set(s),
    updateSession: (p) => store.update(p),
    clearSession: () => store.clear(),
  };
}
