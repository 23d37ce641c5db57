/**
 * The app shell: providers, the route ⇄ state sync, the screen the journey is on, the global loading overlay
 * (it follows the journey's `busy` tag, not HTTP calls) and the journey's one-off messages as toasts.
 */
import { Suspense, useEffect, type ReactElement } from 'react'
import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { DisplayProvider } from '../ui/display'
import { LoadingOverlay } from '../ui/loading-overlay'
import { ToastProvider, useToast } from '../ui/toast'
import { RouteSync } from './routing/route-sync'
import { routeOf } from './routing/state-to-path'
import { SCREENS } from './routing/screens'
import { DEFAULT_COUNTRY } from '../domain/countries'
import { isLanguage } from './i18n'
import type { JourneyRef } from '../screens/screen-props'

function JourneyToasts({ journey }: { journey: JourneyRef }): null {
  const toast = useToast()
  const error = useSelector(journey, (s) => s.context.error)
  const sessionToast = useSelector(journey, (s) => s.context.session.toastKey)
  useEffect(() => {
    if (!error) return
    if ('key' in error) toast.show(error.key, error.values)
    else toast.showText(error.text)
    journey.send({ type: 'journey.errorSeen' })
  }, [error, journey, toast])
  useEffect(() => {
    if (!sessionToast) return
    toast.show(sessionToast)
    journey.send({ type: 'session.toastShown' })
  }, [sessionToast, journey, toast])
  return null
}

/** `openedAt`: the hash path the app was opened at (its journey's entry), for the route sync. */
export function App({ journey, openedAt }: { journey: JourneyRef; openedAt?: string }): ReactElement {
  const { i18n } = useTranslation()
  const route = useSelector(journey, routeOf)
  const busy = useSelector(journey, (s) => s.hasTag('busy'))
  const country = useSelector(
    journey,
    (s) => s.context.session.user?.basicInfo.country ?? s.context.country ?? DEFAULT_COUNTRY,
  )
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  const Screen = SCREENS[route]
  return (
    <DisplayProvider country={country} language={language}>
      <ToastProvider>
        <RouteSync actor={journey} openedAt={openedAt} />
        <div className="k-app">
          <Suspense fallback={<LoadingOverlay visible />}>
            <Screen journey={journey} />
          </Suspense>
        </div>
        <LoadingOverlay visible={busy} />
        <JourneyToasts journey={journey} />
      </ToastProvider>
    </DisplayProvider>
  )
}
