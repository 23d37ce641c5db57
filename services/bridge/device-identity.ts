/**
 * Who is calling, as the shell says (issue 18): the package name the server's wire key is derived from, the app's
 * name, the AppsFlyer id, the edition and the platform. The shell answers getDeviceInfo; the answer is kept in
 * local storage, where the API client reads its headers (and where an older shell may have written them itself).
 * In a browser the answer is the page's own: platform `web`, nothing else (decisions.md "Native bridge").
 *
 * The API client waits for this before its first call (services/api/client.ts `ready`), so a lender whose shell
 * has its own package name is never refused as unreadable (1002) for calls made before the shell answered.
 */
import type { KopaStorage } from '../storage/storage'
import type { Bridge } from './native-bridge'
import { WEB_PLATFORM } from './web-fallback'

/** Asks the shell (or the browser) who is calling and keeps what it names; a silent or failing shell changes nothing. */
export async function adoptDeviceInfo(
  bridge: Pick<Bridge, 'deviceInfo' | 'isNative'>,
  storage: KopaStorage,
): Promise<void> {
  let info: Awaited<ReturnType<Bridge['deviceInfo']>>
  try {
    info = await bridge.deviceInfo()
  } catch {
    // No answer in time, or a shell without the action: the stored values (or the defaults) stand.
    return
  }
  if (info.packageName) storage.set('packageName', info.packageName)
  if (info.appName) storage.set('appName', info.appName)
  if (info.afid) storage.set('afid', info.afid)
  if (info.edition) storage.set('edition', info.edition)
  // Inside a shell that does not implement getDeviceInfo the answer is the page's own: the platform the shell may
  // have stored itself stands.
  if (info.platform && !(bridge.isNative && info.platform === WEB_PLATFORM))
    storage.set('deviceMsg', { ...storage.get('deviceMsg'), platform: info.platform })
}
