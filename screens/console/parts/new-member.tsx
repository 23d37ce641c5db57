/**
 * The staff member just added, shown once: their username and role, the first password as typed, and their
 * authenticator's set-up as the setup key an app takes by hand and as the `otpauth://` URI.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { groupedKey, setupKeyOf, type NewStaffReply } from '../../../domain/console'
import { Button } from '../../../ui/button'
import { CopyButton } from '../../../ui/copy-button'
import { KvLine } from '../../../ui/kv-line'

export function NewMember({
  created,
  password,
  onAnother,
}: {
  created: NewStaffReply
  password: string | null
  onAnother: () => void
}): ReactElement {
  const { t } = useTranslation()
  const key = setupKeyOf(created.otpauthUri)
  return (
    <section className="k-card k-stack" aria-labelledby="staff-created">
      <h2 id="staff-created" className="k-section-title">
        {t('console.staff.created', { name: created.staff.displayName })}
      </h2>
      <p className="k-notice k-notice--warning" role="status">
        {t('console.staff.once')}
      </p>
      <dl className="k-kv">
        <KvLine label={t('console.staff.username')}>{created.staff.username}</KvLine>
        <KvLine label={t('console.staff.role')}>{t(`console.role.${created.staff.role}`)}</KvLine>
      </dl>
      {password && (
        <div className="c-secret">
          <p>
            <span className="k-muted k-small">{t('console.staff.firstPassword')}</span>
            <code className="c-code" data-testid="first-password">
              {password}
            </code>
          </p>
          <CopyButton text={password} label={t('console.staff.copyPassword')} />
        </div>
      )}
      <h3 className="k-section-title">{t('console.staff.authenticator')}</h3>
      <p className="k-muted">{t('console.staff.authenticatorText')}</p>
      {key && (
        <div className="c-secret">
          <p>
            <span className="k-muted k-small">
              {t('console.staff.setupKey', { account: `${key.issuer}: ${key.account}` })}
            </span>
            <code className="c-code" data-testid="setup-key">
              {groupedKey(key.secret)}
            </code>
          </p>
          <CopyButton text={key.secret} label={t('console.staff.copyKey')} />
        </div>
      )}
      <div className="c-secret">
        <p>
          <span className="k-muted k-small">{t('console.staff.uri')}</span>
          <code className="c-code" data-testid="otpauth-uri">
            {created.otpauthUri}
          </code>
        </p>
        <CopyButton text={created.otpauthUri} label={t('console.staff.copyUri')} />
      </div>
      <Button variant="secondary" onClick={onAnother}>
        {t('console.staff.another')}
      </Button>
    </section>
  )
}
