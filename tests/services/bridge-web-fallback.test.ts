import { describe, expect, it, vi } from 'vitest'
import type { CollectorInput, UploadFlags } from '../../services/bridge/native-bridge'
import { osOf, WEB_PLATFORM } from '../../services/bridge/web-fallback'
import { ANDROID_CHROME, bridgeOn, fakePage, settle } from './bridge-fakes'

const nothingHeld: UploadFlags = {
  appList: false,
  sms: false,
  exif: false,
  device: false,
  contact: false,
  callLog: false,
  location: false,
}
const input = (flags: Partial<UploadFlags> = {}): CollectorInput => ({
  orderNo: 'KP2024000123',
  userId: '42',
  step: 'finishLoading',
  isSubmit: true,
  packageNames: [],
  flags: { ...nothingHeld, ...flags },
})

describe('the data collector in a plain browser', () => {
  it('reports the device and, when the borrower allows it, the location; the other data sets stay unset', async () => {
    const page = fakePage({ geolocation: 'grant' })
    const { bridge, reports } = bridgeOn(page)
    const finished = vi.fn()
    bridge.on('collectorFinished', finished)

    const result = await bridge.startCollector(input())

    expect(reports).toEqual([
      {
        orderNo: 'KP2024000123',
        userId: '42',
        step: 'finishLoading',
        isSubmit: true,
        device: {
          os: 'android',
          screenWidth: 360,
          screenHeight: 800,
          pixelRatio: 2,
          language: 'sw-TZ',
          timeZone: expect.any(String),
          touchPoints: 5,
          cores: 8,
        },
        location: { latitude: -6.8, longitude: 39.28, accuracyM: 35, time: 1_700_000_000_000 },
      },
    ])
    expect(result).toEqual({ flags: { ...nothingHeld, device: true, location: true } })
    expect(finished).toHaveBeenCalledWith({ orderNo: 'KP2024000123', flags: result.flags })
  })

  it('sends no user agent and nothing that identifies the borrower in the device report', async () => {
    const { bridge, reports } = bridgeOn(fakePage())
    await bridge.startCollector(input())
    expect(JSON.stringify(reports)).not.toContain('Mozilla')
  })

  it('reports no location, and leaves its flag unset, when the borrower refuses geolocation', async () => {
    const { bridge, reports } = bridgeOn(fakePage({ geolocation: 'deny' }))
    const result = await bridge.startCollector(input())
    expect(reports[0]).not.toHaveProperty('location')
    expect(result.flags).toMatchObject({ device: true, location: false })
  })

  it('does not wait forever for a location prompt the borrower ignores', async () => {
    vi.useFakeTimers()
    try {
      const { bridge, reports } = bridgeOn(fakePage({ geolocation: 'ignore' }))
      const run = bridge.startCollector(input())
      await settle(60_000)
      expect((await run).flags).toMatchObject({ device: true, location: false })
      expect(reports[0]).not.toHaveProperty('location')
    } finally {
      vi.useRealTimers()
    }
  })

  it('collects only what the server does not hold yet, and asks nothing when device and location are held', async () => {
    const page = fakePage()
    const { bridge, report } = bridgeOn(page)
    const result = await bridge.startCollector(input({ device: true, location: true, sms: true }))
    expect(report).not.toHaveBeenCalled()
    expect(page.geolocationRequests).not.toHaveBeenCalled()
    expect(result.flags).toEqual({ ...nothingHeld, device: true, location: true, sms: true })
  })

  it('leaves the flags unset when the server did not take the report (or the call threw)', async () => {
    for (const report of [
      vi.fn(async () => false),
      vi.fn(async () => Promise.reject(new Error('offline'))),
    ]) {
      const { bridge } = bridgeOn(fakePage(), { report })
      const result = await bridge.startCollector(input())
      expect(result.flags).toEqual(nothingHeld)
    }
  })

  it('reports without a location on a browser with no geolocation at all', async () => {
    const { bridge, reports } = bridgeOn(fakePage({ geolocation: 'none' }))
    const result = await bridge.startCollector(input())
    expect(reports[0]?.device).toBeDefined()
    expect(result.flags.location).toBe(false)
  })
})

describe('permissions in a plain browser', () => {
  it('reads camera and location from the Permissions API; the rest are not available to a web page', async () => {
    const { bridge } = bridgeOn(fakePage({ permissionStates: { camera: 'granted', geolocation: 'denied' } }))
    await expect(bridge.queryPermissions(['camera', 'location', 'contacts', 'sms'])).resolves.toEqual({
      camera: 'granted',
      location: 'denied',
      contacts: 'unavailable',
      sms: 'unavailable',
    })
  })

  it('reads camera and location as "prompt" (asked on use) without a Permissions API', async () => {
    const { bridge } = bridgeOn(fakePage())
    await expect(bridge.queryPermissions(['camera', 'location'])).resolves.toEqual({
      camera: 'prompt',
      location: 'prompt',
    })
  })

  it('asks for location through the browser’s own prompt; the camera is asked for when a photo is taken', async () => {
    const page = fakePage({ geolocation: 'deny' })
    const { bridge } = bridgeOn(page)
    await expect(bridge.requestPermissions(['location', 'camera', 'installedApps'])).resolves.toEqual({
      location: 'denied',
      camera: 'prompt',
      installedApps: 'unavailable',
    })
    expect(page.geolocationRequests).toHaveBeenCalledTimes(1)
    const allowed = bridgeOn(fakePage({ geolocation: 'grant' })).bridge
    await expect(allowed.requestPermissions(['location'])).resolves.toEqual({ location: 'granted' })
  })
})

describe('the other actions in a plain browser', () => {
  it('is not native, says no hello, and turns every native SDK off', async () => {
    const page = fakePage()
    const { bridge } = bridgeOn(page)
    expect(bridge.isNative).toBe(false)
    await expect(bridge.ready).resolves.toBeNull()
    expect(bridge.featureMode({ live: 1, ocr: 1, frontPermission: 1 })).toEqual({
      live: -1,
      ocr: -1,
      frontPermission: -1,
    })
  })

  it('tells the web UI to take ID and face photos itself', async () => {
    const { bridge } = bridgeOn(fakePage())
    const on = { live: 1, ocr: 1, frontPermission: 1 }
    await expect(bridge.faceSdk(on, { kind: 'liveness' })).resolves.toEqual({ kind: 'webCapture' })
    await expect(bridge.faceSdk(on, { kind: 'idCard', side: 'front' })).resolves.toEqual({
      kind: 'webCapture',
    })
    await expect(bridge.faceSdk(on, { kind: 'cameraPermission' })).resolves.toEqual({ kind: 'webCapture' })
  })

  it('shows no review card, leaves login and logout to the web app, and cannot close the page', async () => {
    const { bridge } = bridgeOn(fakePage())
    await expect(bridge.requestReview()).resolves.toEqual({ shown: false })
    await expect(bridge.requestLogin()).resolves.toEqual({ handledBy: 'web' })
    await expect(bridge.logout()).resolves.toEqual({ handledBy: 'web' })
    await expect(bridge.closeWebView()).resolves.toEqual({ closed: false })
  })

  it('gives the header platform "web" and leaves the app’s own afid, names and edition', async () => {
    const { bridge } = bridgeOn(fakePage())
    await expect(bridge.deviceInfo()).resolves.toEqual({
      afid: null,
      appName: null,
      packageName: null,
      edition: null,
      platform: WEB_PLATFORM,
    })
  })

  it('opens links in a new tab while the tap is still in progress, or in this tab when pop-ups are blocked', async () => {
    const page = fakePage()
    const { bridge } = bridgeOn(page)
    const opened = bridge.openUrl('https://kopa.example/help')
    expect(page.win.open).toHaveBeenCalledWith('https://kopa.example/help', '_blank')
    await expect(opened).resolves.toEqual({ handledBy: 'web' })
    expect(page.win.location.assign).not.toHaveBeenCalled()

    const blocked = fakePage({ popupBlocked: true })
    await bridgeOn(blocked).bridge.openUrl('https://kopa.example/help')
    expect(blocked.win.location.assign).toHaveBeenCalledWith('https://kopa.example/help')
  })

  it('opens WhatsApp through wa.me with the message, and dials with tel:', async () => {
    const page = fakePage()
    const { bridge } = bridgeOn(page)
    await bridge.openWhatsApp('+255700000000', 'Habari, nahitaji msaada')
    expect(page.win.open).toHaveBeenCalledWith(
      'https://wa.me/255700000000?text=Habari%2C%20nahitaji%20msaada',
      '_blank',
    )
    await bridge.dial('+255222000000')
    expect(page.win.location.assign).toHaveBeenCalledWith('tel:+255222000000')
  })

  it('turns page visibility into appBackgrounded and appForegrounded', () => {
    const page = fakePage()
    const { bridge } = bridgeOn(page)
    const seen: string[] = []
    bridge.on('appBackgrounded', () => seen.push('background'))
    bridge.on('appForegrounded', () => seen.push('foreground'))
    page.setVisibility('hidden')
    page.setVisibility('visible')
    bridge.dispose()
    page.setVisibility('hidden')
    expect(seen).toEqual(['background', 'foreground'])
  })
})

describe('osOf', () => {
  it('reads Android, iPhone and iPadOS (a Mac with a touch screen) from the user agent', () => {
    expect(osOf(ANDROID_CHROME)).toBe('android')
    expect(osOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15')).toBe('ios')
    expect(osOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', 5)).toBe('ios')
    expect(osOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', 0)).toBe('other')
    expect(osOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('other')
  })
})
