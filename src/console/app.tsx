/**
 * The console's frame: the route ⇄ state sync, the sign-in page or the page shown inside the layout (navigation by
 * role), and the loading overlay while the console starts or signs out. The language follows the machine's.
 */
import { lazy, Suspense, useEffect, type ComponentType, type ReactElement } from 'react'
import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { LoadingOverlay } from '../../ui/loading-overlay'
import { ToastProvider } from '../../ui/toast'
import type { ConsolePage } from '../../domain/console'
import type { ConsoleRef } from '../../screens/console/console-props'
import { ConsoleLayout } from '../../screens/console/layout'
import OverviewScreen from '../../screens/console/overview'
import PasswordScreen from '../../screens/console/password'
import SignInScreen from '../../screens/console/sign-in'
import PageUnloadedScreen from '../../screens/console/page-unloaded'
import UnreachableScreen from '../../screens/console/unreachable'
import { changeConsoleLanguage } from './i18n'
import { ConsoleRouteSync } from './route-sync'
import { consoleRouteOf } from './state-to-path'

// The pages only some roles open load when first opened (their tables and editors): the console's first chunk
// stays small on a staff member's phone.
const AuditScreen = lazy(() => import('../../screens/console/audit'))
const BooksScreen = lazy(() => import('../../screens/console/books'))
const InboxScreen = lazy(() => import('../../screens/console/inbox'))
const LoansScreen = lazy(() => import('../../screens/console/loans'))
const ProductsScreen = lazy(() => import('../../screens/console/products'))
const ProofsScreen = lazy(() => import('../../screens/console/proofs'))
const StaffScreen = lazy(() => import('../../screens/console/staff'))

const PAGES: Readonly<Record<ConsolePage, ComponentType<{ app: ConsoleRef }>>> = {
  overview: OverviewScreen,
  staff: StaffScreen,
  audit: AuditScreen,
  inbox: InboxScreen,
  loans: LoansScreen,
  products: ProductsScreen,
  books: BooksScreen,
  proofs: ProofsScreen,
  password: PasswordScreen,
}

export function ConsoleApp({ app }: { app: ConsoleRef }): ReactElement {
  const route = useSelector(app, consoleRouteOf)
  const starting = useSelector(app, (s) => s.matches('starting'))
  const unreachable = useSelector(app, (s) => s.matches('unreachable'))
  const busy = useSelector(app, (s) => s.hasTag('busy'))
  const pageUnloaded = useSelector(app, (s) => s.hasTag('pageUnloaded'))
  const language = useSelector(app, (s) => s.context.language)
  const { t, i18n } = useTranslation()
  useEffect(() => {
    void changeConsoleLanguage(language)
  }, [language])
  // The tab's title in the member's language.
  useEffect(() => {
    document.title = t('console.name')
  }, [t, i18n.language])
  const Page = route === 'signIn' ? null : PAGES[route]
  return (
    <ToastProvider>
      <ConsoleRouteSync actor={app} />
      <div className="k-app c-app">
        {starting ? null : unreachable ? (
          <UnreachableScreen app={app} />
        ) : Page ? (
          <ConsoleLayout app={app}>
            {pageUnloaded ? (
              <PageUnloadedScreen app={app} />
            ) : (
              <Suspense fallback={<p className="k-muted">{t('ui.loading')}</p>}>
                <Page app={app} />
              </Suspense>
            )}
          </ConsoleLayout>
        ) : (
          <SignInScreen app={app} />
        )}
      </div>
      <LoadingOverlay visible={busy} />
    </ToastProvider>
  )
}
