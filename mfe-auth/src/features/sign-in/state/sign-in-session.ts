import { atom, useAtom } from 'jotai';

/**
 * What the login step keeps for the verify step, for this browser session only (spec 01 §2.3):
 * sessionStorage survives a reload of /verify but not a closed tab.
 */
export const signInStorageKeys = {
  email: 'outsync.signIn.email',
  csrfToken: 'outsync.signIn.csrfToken',
} as const;

export interface SignInSession {
  email: string | null;
  csrfToken: string | null;
}

const emptySession: SignInSession = { email: null, csrfToken: null };

// Bumped on every write, so the atom below reads sessionStorage again.
const revisionAtom = atom(0);

/** The kept sign-in data; writing `null` clears it. sessionStorage is the one source of truth. */
export const signInSessionAtom = atom(
  (get): SignInSession => {
    get(revisionAtom);
    return readSession();
  },
  (_get, set, next: SignInSession | null) => {
    writeSession(next ?? emptySession);
    set(revisionAtom, (revision) => revision + 1);
  },
);

export function useSignInSession() {
  return useAtom(signInSessionAtom);
}

function readSession(): SignInSession {
  const storage = keptStorage();
  return {
    email: storage.getItem(signInStorageKeys.email) || null,
    csrfToken: storage.getItem(signInStorageKeys.csrfToken) || null,
  };
}

function writeSession(session: SignInSession): void {
  const storage = keptStorage();
  for (const key of ['email', 'csrfToken'] as const) {
    const value = session[key];
    if (value) storage.setItem(signInStorageKeys[key], value);
    else storage.removeItem(signInStorageKeys[key]);
  }
}

type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const memory = new Map<string, string>();
const memoryStorage: KeptStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

/**
 * sessionStorage can be missing or throw (some privacy modes); sign-in then still works within
 * the page, it just does not survive a reload.
 */
function keptStorage(): KeptStorage {
  try {
    const storage = window.sessionStorage;
    const probe = '__outsync.signIn.probe';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage;
  }
}
