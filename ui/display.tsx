/**
 * The country and language every display helper formats for: the app wraps its screens in <DisplayProvider>,
 * and <Money>, <DateText> and the pickers read the locale, currency and time zone from it.
 */
import { createContext, useContext, useMemo, type ReactElement, type ReactNode } from 'react'
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  intlLocale,
  type CountryCode,
  type CurrencyCode,
  type Language,
} from '../domain/countries'
import { formatMoney } from '../domain/money'
import { formatDate, formatDateTime, toDate, type Instant } from './format'

export interface DisplaySettings {
  readonly country: CountryCode
  /** BCP 47 tag for Intl, e.g. 'sw-TZ'. */
  readonly locale: string
  readonly currency: CurrencyCode
  readonly timeZone: string
}

export function displaySettings(country: CountryCode, language: Language): DisplaySettings {
  const profile = COUNTRIES[country]
  return {
    country,
    locale: intlLocale(country, language),
    currency: profile.currency,
    timeZone: profile.timeZone,
  }
}

const DisplayContext = createContext<DisplaySettings>(
  displaySettings(DEFAULT_COUNTRY, COUNTRIES[DEFAULT_COUNTRY].defaultLanguage),
)

export function DisplayProvider({
  country,
  language,
  children,
}: {
  country: CountryCode
  language: Language
  children: ReactNode
}): ReactElement {
  const value = useMemo(() => displaySettings(country, language), [country, language])
  return <DisplayContext.Provider value={value}>{children}</DisplayContext.Provider>
}

export function useDisplay(): DisplaySettings {
  return useContext(DisplayContext)
}

/** An amount of minor units in the country's currency, e.g. "TSh 748". */
export function Money({ minor, className }: { minor: number; className?: string }): ReactElement {
  const { currency, locale } = useDisplay()
  return <span className={className ?? 'k-money'}>{formatMoney(minor, currency, locale)}</span>
}

/** A UTC instant shown as a date (or date and time) in the borrower's time zone, in a <time> element. */
export function DateText({ at, withTime = false }: { at: Instant; withTime?: boolean }): ReactElement {
  const { locale, timeZone } = useDisplay()
  const date = toDate(at)
  return (
    <time dateTime={date?.toISOString()}>
      {withTime ? formatDateTime(at, locale, timeZone) : formatDate(at, locale, timeZone)}
    </time>
  )
}
