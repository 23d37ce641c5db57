/**
 * The country's customer service (country profile `customerService`): phone, WhatsApp and e-mail, each with a
 * copy button and a link the native shell or the browser opens (tel:, wa.me, mailto: — not app routes), and the
 * opening hours in the country's own time. Customer service and about us (complaints) show the same list.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, type CountryCode } from '../../../domain/countries'
import { WEEKDAYS, type Weekday } from '../../../domain/enums'
import { formatMobile } from '../../../domain/phone'
import { CopyButton } from '../../../ui/copy-button'
import { useDisplay } from '../../../ui/display'
import { ListRow } from '../../../ui/list-row'
import './contact-list.css'

const WEEK = WEEKDAYS.A

/**
 * An E.164 number (digits, no '+') as the borrower dials it at home: grouped the national way when it is a mobile
 * number (the one way the app shows numbers), else '+digits'.
 */
export function displayPhone(country: CountryCode, e164: string): string {
  const national = e164.slice(COUNTRIES[country].dialCode.length)
  const grouped = formatMobile(country, national, 'national')
  return grouped === national ? `+${e164}` : grouped
}

/** A weekday's name in the locale (1 January 2024 was a Monday). */
function weekdayName(day: Weekday, locale: string): string {
  const date = Date.UTC(2024, 0, 1 + WEEK.indexOf(day))
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date)
}

/** The open days: "Monday – Saturday" when they follow each other, else each named. */
function useOpenDays(days: readonly Weekday[]): { from: string; to: string } | { list: string } {
  const { locale } = useDisplay()
  const order = days.map((d) => WEEK.indexOf(d)).sort((a, b) => a - b)
  const running = order.every((n, i) => i === 0 || n === order[i - 1]! + 1)
  if (running && order.length > 1)
    return {
      from: weekdayName(WEEK[order[0]!]!, locale),
      to: weekdayName(WEEK[order[order.length - 1]!]!, locale),
    }
  return { list: order.map((n) => weekdayName(WEEK[n]!, locale)).join(', ') }
}

export function ContactList({ country }: { country: CountryCode }): ReactElement {
  const { t } = useTranslation()
  const service = COUNTRIES[country].customerService
  const days = useOpenDays(service.days)
  const phone = displayPhone(country, service.phone)
  const whatsapp = displayPhone(country, service.whatsapp)
  return (
    <ul className="k-list k-contacts">
      <ListRow
        title={t('user-center.contact.phone')}
        detail={phone}
        value={
          <span className="k-inline">
            <CopyButton text={`+${service.phone}`} label={t('user-center.contact.copyPhone')} />
            <a className="k-btn k-btn--secondary" href={`tel:+${service.phone}`}>
              {t('user-center.contact.call')}
            </a>
          </span>
        }
      />
      <ListRow
        title={t('user-center.contact.whatsapp')}
        detail={whatsapp}
        value={
          <span className="k-inline">
            <CopyButton text={`+${service.whatsapp}`} label={t('user-center.contact.copyWhatsapp')} />
            <a
              className="k-btn k-btn--secondary"
              href={`https://wa.me/${service.whatsapp}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('user-center.contact.chat')}
            </a>
          </span>
        }
      />
      <ListRow
        title={t('user-center.contact.email')}
        detail={service.email}
        value={
          <span className="k-inline">
            <CopyButton text={service.email} label={t('user-center.contact.copyEmail')} />
            <a className="k-btn k-btn--secondary" href={`mailto:${service.email}`}>
              {t('user-center.contact.write')}
            </a>
          </span>
        }
      />
      <ListRow
        title={t('user-center.contact.hours')}
        detail={
          'list' in days
            ? t('user-center.contact.openList', {
                days: days.list,
                opens: service.opens,
                closes: service.closes,
              })
            : t('user-center.contact.openRange', { ...days, opens: service.opens, closes: service.closes })
        }
      />
    </ul>
  )
}
