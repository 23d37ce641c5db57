/**
 * The frame of every console page behind sign-in: the console's name, who is signed in (name and role) with the
 * sign-out button, the navigation — only the pages the member's role may open (GET /console/api/me's permissions;
 * domain/console.ts CONSOLE_ROUTES) — and the page itself. On a phone the navigation is a row under the header that
 * scrolls sideways (the page shown brought into view); from 900 px it is a column beside the page.
 */
import { useEffect, useRef, type ReactElement, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { consoleAppView } from '../../machines/console-app.machine'
import { Button } from '../../ui/button'
import { useView } from '../shared/use-view'
import { openPage, type ConsoleScreenProps } from './console-props'
import { LanguageChoice } from './parts/language-choice'

export function ConsoleLayout({ app, children }: ConsoleScreenProps & { children: ReactNode }): ReactElement {
  const { t } = useTranslation()
  const { member, pages, route, busy: signingOut } = useView(app, consoleAppView)
  const nav = useRef<HTMLElement>(null)
  // On a phone the navigation scrolls sideways: the page shown is brought into its view.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [route])
  return (
    <div className="c-shell">
      <header className="c-top">
        <p className="c-top__brand">{t('console.name')}</p>
        {member && (
          <p className="c-top__who">
            <span className="c-top__name">{member.displayName}</span>{' '}
            <span className="k-badge k-badge--muted">{t(`console.role.${member.role}`)}</span>
          </p>
        )}
        <Button
          variant="secondary"
          busy={signingOut}
          disabled={!member}
          onClick={() => app.send({ type: 'console.signOutRequested' })}
        >
          {t('console.signOut')}
        </Button>
      </header>
      <nav ref={nav} className="c-nav" aria-label={t('console.nav.label')}>
        <ul>
          {pages.map((page) => (
            <li key={page}>
              <button
                type="button"
                className="c-nav__item"
                aria-current={page === route ? 'page' : undefined}
                onClick={() => app.send(openPage(page))}
              >
                {t(`console.nav.${page}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="c-main">
        {children}
        <footer className="c-foot">
          <LanguageChoice app={app} />
        </footer>
      </div>
    </div>
  )
}
