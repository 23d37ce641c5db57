import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS, createStorage, type StorageLike } from '../../services/storage/storage'

/** A small Web Storage stand-in: what a WebView's localStorage does, kept in a Map the test can inspect. */
class MemoryStorage implements StorageLike {
  readonly map = new Map<string, string>()
  get length() {
    return this.map.size
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null
  }
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.map.set(key, value)
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
}

/** A store that is full (QuotaExceededError) or disabled: every write throws. */
class RefusingStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  }
}

describe('storage keys of spec §3', () => {
  it('reads the documented defaults on a fresh install', () => {
    const storage = createStorage(new MemoryStorage())
    expect(storage.get('packageName')).toBe('com.kopa.app')
    expect(storage.get('appName')).toBe('Kopa')
    expect(storage.get('featureMode')).toEqual({ live: 1, ocr: -1, frontPermission: -1 })
    expect(storage.get('deviceMsg')).toEqual({ platform: 'android' })
    for (const key of [
      'userInfo',
      'token',
      'score',
      'language',
      'edition',
      'afid',
      'popEvaluateTime',
      'country',
      'permissionsAccepted',
    ] as const)
      expect(storage.get(key)).toBeNull()
  })

  it('covers exactly the keys the specification lists, and Kopa’s two device settings', () => {
    expect([...STORAGE_KEYS].sort()).toEqual(
      [
        'userInfo',
        'token',
        'score',
        'language',
        'packageName',
        'featureMode',
        'edition',
        'deviceMsg',
        'afid',
        'appName',
        'popEvaluateTime',
        'country',
        'permissionsAccepted',
      ].sort(),
    )
  })

  it('keeps what it stores across a new instance on the same backend (a reload)', () => {
    const backend = new MemoryStorage()
    const first = createStorage(backend)
    first.set('token', 'tok-123')
    first.set('userInfo', { basicInfo: { userId: 42 }, mobile: '0712345678' })
    first.set('popEvaluateTime', { popupTime: 1700000000000, rejectState: false, loanOrderId: 7 })
    first.set('language', 'sw')
    const second = createStorage(backend)
    expect(second.get('token')).toBe('tok-123')
    expect(second.get('userInfo')?.basicInfo?.userId).toBe(42)
    expect(second.get('popEvaluateTime')).toEqual({
      popupTime: 1700000000000,
      rejectState: false,
      loanOrderId: 7,
    })
    expect(second.get('language')).toBe('sw')
  })

  it('stores text keys as plain strings so the native shell can read and write them directly', () => {
    const backend = new MemoryStorage()
    const storage = createStorage(backend)
    storage.set('token', 'abc.def')
    storage.set('score', 640)
    expect(backend.getItem('token')).toBe('abc.def')
    expect(backend.getItem('score')).toBe('640')
    backend.setItem('packageName', 'com.lender.cash')
    backend.setItem('afid', '1699999999-123')
    expect(storage.get('packageName')).toBe('com.lender.cash')
    expect(storage.get('afid')).toBe('1699999999-123')
  })

  it('reads corrupt or wrongly shaped values as the default instead of crashing', () => {
    const backend = new MemoryStorage()
    backend.setItem('featureMode', '{"live":')
    backend.setItem('userInfo', '[1,2,3]')
    backend.setItem('score', '"high"')
    backend.setItem('language', 'fr')
    backend.setItem('popEvaluateTime', '{"popupTime":"yesterday"}')
    backend.setItem('appName', '')
    backend.setItem('country', 'US')
    backend.setItem('permissionsAccepted', '{"at":"today"}')
    const storage = createStorage(backend)
    expect(storage.get('featureMode')).toEqual({ live: 1, ocr: -1, frontPermission: -1 })
    expect(storage.get('userInfo')).toBeNull()
    expect(storage.get('score')).toBeNull()
    expect(storage.get('language')).toBeNull()
    expect(storage.get('country')).toBeNull()
    expect(storage.get('permissionsAccepted')).toBeNull()
    expect(storage.get('popEvaluateTime')).toBeNull()
    expect(storage.get('appName')).toBe('Kopa')
  })

  it('fills the feature modes the shell left out with their defaults', () => {
    const backend = new MemoryStorage()
    backend.setItem('featureMode', '{"live":2}')
    backend.setItem('deviceMsg', '{"model":"TECNO KG5"}')
    const storage = createStorage(backend)
    expect(storage.get('featureMode')).toEqual({ live: 2, ocr: -1, frontPermission: -1 })
    expect(storage.get('deviceMsg')).toEqual({ platform: 'android', model: 'TECNO KG5' })
  })

  it('removes a key when it is set to null', () => {
    const backend = new MemoryStorage()
    const storage = createStorage(backend)
    storage.set('token', 'abc')
    storage.set('token', null)
    expect(backend.getItem('token')).toBeNull()
    expect(storage.get('token')).toBeNull()
  })

  it('reports a refused write (storage full) instead of throwing', () => {
    const storage = createStorage(new RefusingStorage())
    expect(storage.set('token', 'abc')).toBe(false)
    expect(storage.saveDraft('personalInfo', { firstName: 'Neema' })).toBe(false)
    expect(storage.get('token')).toBeNull()
  })
})

describe('form drafts', () => {
  it('a borrower who is interrupted finds the form as they left it after the app is killed and reopened', () => {
    const backend = new MemoryStorage()
    createStorage(backend).saveDraft('personalInfo', { firstName: 'Neema', maritalStatus: 'single', age: 24 })
    expect(createStorage(backend).loadDraft('personalInfo')).toEqual({
      firstName: 'Neema',
      maritalStatus: 'single',
      age: 24,
    })
  })

  it('keeps each form separate and forgets a draft once it is cleared', () => {
    const storage = createStorage(new MemoryStorage())
    storage.saveDraft('personalInfo', { firstName: 'Neema' })
    storage.saveDraft('additionalInfo', { companyName: 'Kilimo Ltd' })
    storage.clearDraft('personalInfo')
    expect(storage.loadDraft('personalInfo')).toBeNull()
    expect(storage.loadDraft('additionalInfo')).toEqual({ companyName: 'Kilimo Ltd' })
  })

  it('reads a corrupt draft as no draft', () => {
    const backend = new MemoryStorage()
    const storage = createStorage(backend)
    storage.saveDraft('personalInfo', { firstName: 'Neema' })
    const key = [...backend.map.keys()].find((k) => k.endsWith('personalInfo')) ?? ''
    for (const corrupt of ['{"values":', '{"savedAt":1,"values":[1]}', '{"savedAt":1}', 'null']) {
      backend.setItem(key, corrupt)
      expect(storage.loadDraft('personalInfo'), corrupt).toBeNull()
    }
  })

  it('refuses a form id that could collide with other keys', () => {
    const storage = createStorage(new MemoryStorage())
    expect(() => storage.saveDraft('', {})).toThrow(RangeError)
    expect(() => storage.loadDraft('a b')).toThrow(RangeError)
  })

  it('logging out forgets the borrower and every draft but keeps the device settings', () => {
    const backend = new MemoryStorage()
    const storage = createStorage(backend)
    storage.set('token', 'abc')
    storage.set('userInfo', { basicInfo: { userId: 1 } })
    storage.set('score', 600)
    storage.set('popEvaluateTime', { popupTime: 1, rejectState: false, loanOrderId: '9' })
    storage.set('language', 'es')
    storage.set('packageName', 'com.lender.cash')
    storage.set('afid', 'af-1')
    storage.set('country', 'KE')
    storage.set('permissionsAccepted', { at: 1 })
    storage.saveDraft('personalInfo', { firstName: 'Neema' })
    storage.saveDraft('addBankCard', { account: '0712345678' })
    storage.clearSession()
    expect(storage.get('token')).toBeNull()
    expect(storage.get('userInfo')).toBeNull()
    expect(storage.get('score')).toBeNull()
    expect(storage.get('popEvaluateTime')).toBeNull()
    expect(storage.loadDraft('personalInfo')).toBeNull()
    expect(storage.loadDraft('addBankCard')).toBeNull()
    expect([...backend.map.keys()].sort()).toEqual([
      'afid',
      'country',
      'language',
      'packageName',
      'permissionsAccepted',
    ])
    expect(backend.getItem('country')).toBe('KE')
  })
})
