/**
 * Local storage (spec §3): the typed keys the app and the native shell share, and form drafts that survive a
 * reload or the app being killed. Beside spec §3's keys Kopa keeps two device settings of its own: `country`, the
 * country chosen on /user/nation before login, and `permissionsAccepted`, when the borrower accepted the
 * permission disclosure (/pop, /permission).
 *
 * Every read is safe: a missing, corrupt or wrongly shaped value reads as the key's default, never as a crash.
 * Text keys (token, packageName, language, edition, afid, appName) are stored as plain strings so that the native
 * shell can read and write them directly; the others are stored as JSON. When the platform's localStorage is
 * missing or refuses writes (some WebViews, private browsing), an in-memory store keeps the app working for the
 * session.
 */
import * as v from 'valibot'
import { COUNTRY_CODES, LANGUAGES, type CountryCode } from '../../domain/countries'

/** The subset of the Web Storage interface this module needs. */
export interface StorageLike {
  readonly length: number
  key(index: number): string | null
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export const DEFAULT_PACKAGE_NAME = 'com.kopa.app'
export const DEFAULT_APP_NAME = 'Kopa'
export const DEFAULT_PLATFORM = 'android'

const id = v.union([v.number(), v.string()])
const text = v.pipe(v.string(), v.nonEmpty())

const UserInfoSchema = v.looseObject({
  basicInfo: v.optional(v.looseObject({ userId: v.optional(id) })),
})
const FeatureModeSchema = v.object({
  /** Which face SDK the live check uses; the native shell sets it. */
  live: v.optional(v.number(), 1),
  ocr: v.optional(v.number(), -1),
  frontPermission: v.optional(v.number(), -1),
})
const DeviceMsgSchema = v.looseObject({ platform: v.optional(text, DEFAULT_PLATFORM) })
const PopEvaluateTimeSchema = v.object({
  /** When the rating prompt was last shown, ms since the epoch (UTC). */
  popupTime: v.number(),
  /** Whether the borrower's latest order was rejected (the prompt never follows a rejection). */
  rejectState: v.boolean(),
  loanOrderId: id,
})
const PermissionsAcceptedSchema = v.object({
  /** When the borrower accepted the disclosure, ms since the epoch (UTC). */
  at: v.number(),
})

export type UserInfo = v.InferOutput<typeof UserInfoSchema>
export type FeatureMode = v.InferOutput<typeof FeatureModeSchema>
export type DeviceMsg = v.InferOutput<typeof DeviceMsgSchema>
export type PopEvaluateTime = v.InferOutput<typeof PopEvaluateTimeSchema>
export type PermissionsAccepted = v.InferOutput<typeof PermissionsAcceptedSchema>

interface Entry<T> {
  /** 'text': the raw string; 'json': JSON text. */
  readonly format: 'text' | 'json'
  readonly schema: v.GenericSchema<unknown, T>
  readonly fallback: T
}
const entry = <T>(format: 'text' | 'json', schema: v.GenericSchema<unknown, T>, fallback: T): Entry<T> => ({
  format,
  schema,
  fallback,
})

const ENTRIES = {
  userInfo: entry<UserInfo | null>('json', UserInfoSchema, null),
  token: entry<string | null>('text', text, null),
  score: entry<number | null>('json', v.number(), null),
  language: entry<(typeof LANGUAGES)[number] | null>('text', v.picklist(LANGUAGES), null),
  packageName: entry<string>('text', text, DEFAULT_PACKAGE_NAME),
  featureMode: entry<FeatureMode>('json', FeatureModeSchema, { live: 1, ocr: -1, frontPermission: -1 }),
  edition: entry<string | null>('text', text, null),
  deviceMsg: entry<DeviceMsg>('json', DeviceMsgSchema, { platform: DEFAULT_PLATFORM }),
  afid: entry<string | null>('text', text, null),
  appName: entry<string>('text', text, DEFAULT_APP_NAME),
  popEvaluateTime: entry<PopEvaluateTime | null>('json', PopEvaluateTimeSchema, null),
  /** Kopa's: the country chosen before login (plain text, like language). */
  country: entry<CountryCode | null>('text', v.picklist(COUNTRY_CODES), null),
  /** Kopa's: the permission disclosure was accepted (a device setting: logging out keeps it). */
  permissionsAccepted: entry<PermissionsAccepted | null>('json', PermissionsAcceptedSchema, null),
}

export type StoredValues = { [K in keyof typeof ENTRIES]: (typeof ENTRIES)[K]['fallback'] }
export type StorageKey = keyof StoredValues
export const STORAGE_KEYS = Object.keys(ENTRIES) as StorageKey[]

/** Keys that belong to the signed-in borrower; clearSession() removes them and every draft (not the device's settings). */
const SESSION_KEYS: readonly StorageKey[] = ['token', 'userInfo', 'score', 'popEvaluateTime']

/** Form values as JSON: files and functions are not drafts. */
export type DraftValues = Record<string, unknown>
const DRAFT_PREFIX = 'kopa.draft.'
const DraftSchema = v.object({
  savedAt: v.number(),
  // Not v.record: it would turn an array into an object rather than refuse it.
  values: v.custom<DraftValues>((x) => typeof x === 'object' && x !== null && !Array.isArray(x)),
})

export interface KopaStorage {
  /** The stored value, or the key's default when it is missing, corrupt or of the wrong shape. */
  get<K extends StorageKey>(key: K): StoredValues[K]
  /** Store a value (null removes it). False when the device refused the write (storage full or disabled). */
  set<K extends StorageKey>(key: K, value: StoredValues[K]): boolean
  remove(key: StorageKey): void
  /** Keep a form's values until it is submitted; survives a reload and the app being killed. */
  saveDraft(formId: string, values: DraftValues): boolean
  loadDraft(formId: string): DraftValues | null
  clearDraft(formId: string): void
  /** Log out: forget the borrower's token, profile, score, rating state and every draft. */
  clearSession(): void
}

/** JSON.parse, or undefined for invalid JSON and for arrays (no stored value is one; valibot's objects accept them). */
function parseJson(raw: string): unknown {
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? undefined : value
  } catch {
    return undefined
  }
}

function draftKey(formId: string): string {
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(formId))
    throw new RangeError('a draft form id is 1–64 letters, digits, _ . -')
  return DRAFT_PREFIX + formId
}

/** A Storage kept in memory: the fallback when localStorage is unavailable, and a test double. */
export function createMemoryStorage(): StorageLike {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  }
}

/** The platform's localStorage when it works, otherwise memory. */
export function defaultBackend(): StorageLike {
  try {
    const local = globalThis.localStorage
    const probe = '__kopa_probe__'
    local.setItem(probe, probe)
    local.removeItem(probe)
    return local
  } catch {
    return createMemoryStorage()
  }
}

export function createStorage(backend: StorageLike = defaultBackend()): KopaStorage {
  const read = (key: string): string | null => {
    try {
      return backend.getItem(key)
    } catch {
      return null
    }
  }
  const write = (key: string, value: string): boolean => {
    try {
      backend.setItem(key, value)
      return true
    } catch {
      return false
    }
  }
  const remove = (key: string): void => {
    try {
      backend.removeItem(key)
    } catch {
      // Nothing to do: a store that refuses removal has nothing we could clean up.
    }
  }

  const storage: KopaStorage = {
    get(key) {
      const { format, schema, fallback } = ENTRIES[key] as Entry<StoredValues[typeof key]>
      const raw = read(key)
      if (raw === null) return fallback
      const parsed = v.safeParse(schema, format === 'json' ? parseJson(raw) : raw)
      return parsed.success ? parsed.output : fallback
    },
    set(key, value) {
      if (value === null || value === undefined) {
        remove(key)
        return true
      }
      return write(key, ENTRIES[key].format === 'json' ? JSON.stringify(value) : String(value))
    },
    remove,
    saveDraft(formId, values) {
      return write(draftKey(formId), JSON.stringify({ savedAt: Date.now(), values }))
    },
    loadDraft(formId) {
      const raw = read(draftKey(formId))
      if (raw === null) return null
      const parsed = v.safeParse(DraftSchema, parseJson(raw))
      return parsed.success ? parsed.output.values : null
    },
    clearDraft(formId) {
      remove(draftKey(formId))
    },
    clearSession() {
      for (const key of SESSION_KEYS) remove(key)
      const drafts: string[] = []
      try {
        for (let i = 0; i < backend.length; i++) {
          const key = backend.key(i)
          if (key?.startsWith(DRAFT_PREFIX)) drafts.push(key)
        }
      } catch {
        // A store that cannot be listed cannot hold drafts we could find.
      }
      for (const key of drafts) remove(key)
    },
  }
  return storage
}
