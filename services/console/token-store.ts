/**
 * Where the staff console keeps what outlives a page load: the session's token, for this tab only (sessionStorage:
 * gone when the tab or the browser closes, never shared with another tab or written to disk by the page), and the
 * language the member chose (localStorage). A browser that refuses storage (private mode, a locked-down desktop)
 * keeps both in memory for as long as the page is open.
 */

/** The subset of the Web Storage interface used here. */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface TokenStore {
  get(): string | null
  set(token: string): void
  clear(): void
}

export const TOKEN_KEY = 'kopa.console.token'
export const LANGUAGE_KEY = 'kopa.console.language'

/** A store over `storage`, in memory when there is none or it refuses. */
function keyStore(storage: StorageLike | null | undefined, key: string) {
  let memory: string | null = null
  return {
    get(): string | null {
      try {
        return storage?.getItem(key) ?? memory
      } catch {
        return memory
      }
    },
    set(value: string): void {
      memory = value
      try {
        storage?.setItem(key, value)
      } catch {
        // Refused (quota, private mode): memory keeps it for this page.
      }
    },
    clear(): void {
      memory = null
      try {
        storage?.removeItem(key)
      } catch {
        // Nothing kept there.
      }
    },
  }
}

export function createTokenStore(storage: StorageLike | null | undefined): TokenStore {
  return keyStore(storage, TOKEN_KEY)
}

export function createLanguageStore(storage: StorageLike | null | undefined): {
  get(): string | null
  set(language: string): void
} {
  return keyStore(storage, LANGUAGE_KEY)
}

/** window.sessionStorage or window.localStorage, or null where reading it throws (some locked-down browsers). */
export function webStorage(win: Window, kind: 'sessionStorage' | 'localStorage'): StorageLike | null {
  try {
    return win[kind]
  } catch {
    return null
  }
}
