/** The shell's device info, kept where the API client reads its headers (services/bridge/device-identity.ts). */
import { describe, expect, it } from 'vitest'
import { adoptDeviceInfo } from '../../services/bridge/device-identity'
import type { DeviceInfo } from '../../services/bridge/native-bridge'
import { createStorage, DEFAULT_PACKAGE_NAME } from '../../services/storage/storage'

const NOTHING: DeviceInfo = { afid: null, appName: null, packageName: null, edition: null, platform: 'web' }

const shell = (info: Partial<DeviceInfo>, isNative = true) => ({
  isNative,
  deviceInfo: async (): Promise<DeviceInfo> => ({ ...NOTHING, ...info }),
})

describe('who is calling, as the shell says', () => {
  it('keeps the lender’s package name, app name, AppsFlyer id, edition and platform the shell names', async () => {
    const storage = createStorage()
    await adoptDeviceInfo(
      shell({ packageName: 'tz.pesa.haraka', appName: 'Pesa Haraka', afid: '1700000000-7', edition: '2.3.0', platform: 'android' }),
      storage,
    )
    expect(storage.get('packageName')).toBe('tz.pesa.haraka')
    expect(storage.get('appName')).toBe('Pesa Haraka')
    expect(storage.get('afid')).toBe('1700000000-7')
    expect(storage.get('edition')).toBe('2.3.0')
    expect(storage.get('deviceMsg').platform).toBe('android')
  })

  it('says web in a browser, and keeps the default package name there', async () => {
    const storage = createStorage()
    await adoptDeviceInfo(shell({}, false), storage)
    expect(storage.get('deviceMsg').platform).toBe('web')
    expect(storage.get('packageName')).toBe(DEFAULT_PACKAGE_NAME)
  })

  it('leaves what an older shell stored itself when it cannot answer, or answers for the page', async () => {
    const storage = createStorage()
    storage.set('packageName', 'ke.mkopo.app')
    storage.set('deviceMsg', { platform: 'android' })
    await adoptDeviceInfo({ isNative: true, deviceInfo: () => Promise.reject(new Error('timeout')) }, storage)
    await adoptDeviceInfo(shell({}), storage)
    expect(storage.get('packageName')).toBe('ke.mkopo.app')
    expect(storage.get('deviceMsg').platform).toBe('android')
  })
})
