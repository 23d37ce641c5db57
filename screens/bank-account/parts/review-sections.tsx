/**
 * The review's building blocks (screens/bank-account/review-application.tsx): a section with its Edit button, a
 * line that says "not given" when empty, and an emergency contact with its number partly hidden.
 */
import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { CountryCode } from '../../../domain/countries'
import { enumLabelKey } from '../../../domain/enums'
import { normalizeMobile } from '../../../domain/phone'
import { Button } from '../../../ui/button'
import { KvLine } from '../../../ui/kv-line'
import { maskedMobile } from '../../shared/masked-mobile'

export type Values = Readonly<Record<string, unknown>>

/** A value of the profile or the wallet as text ('' when absent). */
export const text = (values: Values | null | undefined, key: string): string => {
  const value = values?.[key]
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
}

export function Section({
  id,
  title,
  onEdit,
  children,
}: {
  id: string
  title: string
  onEdit?: () => void
  children: ReactNode
}): ReactElement {
  const { t } = useTranslation()
  return (
    <section className="k-card k-stack" aria-labelledby={id}>
      <div className="k-spread">
        <h2 className="k-section-title" id={id}>
          {title}
        </h2>
        {onEdit && (
          <Button variant="text" onClick={onEdit} aria-label={t('wallet.review.editLabel', { section: title })}>
            {t('wallet.review.edit')}
          </Button>
        )}
      </div>
      <dl className="k-kv">{children}</dl>
    </section>
  )
}

export function Line({ label, children }: { label: string; children: ReactNode }): ReactElement {
  const { t } = useTranslation()
  const empty = children === '' || children === null || children === undefined || children === false
  return <KvLine label={label}>{empty ? t('wallet.review.missing') : children}</KvLine>
}

export function Contact({ n, country, values }: { n: number; country: CountryCode; values: Values | null }): ReactElement {
  const { t } = useTranslation()
  const mobile = text(values, `emergencyContactMobile${n}`)
  const relation = text(values, `emergencyContactRelation${n}`)
  return (
    <Line label={t('auth.additional.contact', { n })}>
      {text(values, `emergencyContactName${n}`) && (
        <>
          {text(values, `emergencyContactName${n}`)}
          {relation && ` · ${t(enumLabelKey('contactRelation', relation))}`}
          {mobile && (
            <>
              <br />
              {maskedMobile(country, normalizeMobile(country, mobile) ?? mobile)}
            </>
          )}
        </>
      )}
    </Line>
  )
}
