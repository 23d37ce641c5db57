/** Rendering screens over a running journey, as every screen harness does: the app's providers, one route. */
import { render, screen, type RenderResult } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import type { ComponentType } from 'react'
import { waitFor } from 'xstate'
import type { JourneyRef, ScreenProps } from '../../screens/screen-props'
import type { CountryCode, Language } from '../../domain/countries'
import type { RouteName } from '../../domain/routes'
import { initI18n } from '../../src/i18n'
import { DisplayProvider } from '../../ui/display'
import { ToastProvider } from '../../ui/toast'

export interface RenderOnRouteOptions {
  route: RouteName
  language?: Language
  country?: CountryCode
}

/** Waits until the journey shows `route` with nothing loading. */
export function settledOn(actor: JourneyRef, route: RouteName) {
  return waitFor(actor, (s) => !s.hasTag('busy') && s.context.route === route, { timeout: 3000 })
}

/**
 * Renders a screen over the journey, in a language and a country, once the journey stands on `route`; resolves
 * when the screen shows its heading.
 */
export async function renderOnRoute(
  Screen: ComponentType<ScreenProps>,
  actor: JourneyRef,
  { route, language = 'en', country = 'TZ' }: RenderOnRouteOptions,
): Promise<RenderResult> {
  await initI18n(language)
  await settledOn(actor, route)
  const result = render(
    <DisplayProvider country={country} language={language}>
      <ToastProvider>
        <Screen journey={actor} />
      </ToastProvider>
    </DisplayProvider>,
  )
  await screen.findByRole('heading', { level: 1 })
  return result
}

/** A screen that shows whichever of `screens` the journey stands on, following it from route to route. */
export function routesScreen(
  screens: Partial<Record<RouteName, ComponentType<ScreenProps>>>,
): ComponentType<ScreenProps> {
  return function Routes({ journey }: ScreenProps) {
    const route = useSelector(journey, (s) => s.context.route)
    const Screen = screens[route]
    return Screen ? <Screen key={route} journey={journey} /> : <h1>{route}</h1>
  }
}
