/**
 * Registers the service worker (services/offline/sw.ts → sw.js beside index.html) once the first screen is up
 * and the page has loaded, so installing it (it downloads the app's remaining files) never competes with the
 * first screen for a slow connection. Where service workers are unavailable (an Android WebView without them
 * enabled — docs/native-bridge.md — or a page not served over HTTPS), the app works as before, online only.
 */
export function registerServiceWorker(win: Window = window): void {
  const container = win.navigator.serviceWorker
  if (!container || !win.isSecureContext) return
  const register = () => {
    container.register('./sw.js', { scope: './' }).catch(() => {
      // A refused registration (storage full, disabled by the shell) only costs the offline open.
    })
  }
  if (win.document.readyState === 'complete') register()
  else win.addEventListener('load', register, { once: true })
}
