/**
 * /pop and /permission — the permission disclosure (spec §1, §6; decisions.md "Data and privacy"): each
 * permission with its purpose and what it means for this borrower (domain/permissions.ts `permissionUse`):
 * required by the country's policy (refusing it affects loan approval), the camera (without it the ID and face
 * photos cannot be taken), optional (refusing it changes nothing), or not used at all in the country. "Accept"
 * lets the phone ask for the permissions the app uses; "Not now" goes on without asking. An acceptance is
 * remembered on the device: the page says when, and the /pop prompt is not shown again (the machine ends at once).
 * Which permissions are required is the server's policy; while it cannot be read the list is not shown, only the
 * failure, "Try again" and "Not now" (tag `policyUnknown`).
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { permissionView, type permissionMachine } from '../../machines/permission.machine'
import { DISCLOSED_PERMISSIONS, permissionUse, type PermissionUse } from '../../domain/permissions'
import { Button } from '../../ui/button'
import { DateText } from '../../ui/display'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { MessageNotice } from '../shared/message-text'
import { useView } from '../shared/use-view'

type PermissionRef = ActorRefFrom<typeof permissionMachine>

const BADGE: Readonly<Record<PermissionUse, string>> = {
  required: 'k-badge k-badge--warning',
  identity: 'k-badge k-badge--warning',
  optional: 'k-badge k-badge--muted',
  notUsed: 'k-badge k-badge--muted',
}

export default function PermissionScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const child = useSelector(journey, (s) => s.children.permission)
  return (
    <div className="k-page">
      <PageHeader title={t('standalone.permission.title')} />
      <main className="k-stack">
        <p>{t('standalone.permission.intro')}</p>
        {child ? <Disclosure child={child} /> : <p className="k-muted">{t('ui.loading')}</p>}
      </main>
    </div>
  )
}

function Disclosure({ child }: { child: PermissionRef }): ReactElement {
  const { t } = useTranslation()
  const { requiredFlags, states, error, busy, canAccept, canDecline, acceptedAt, policyUnknown } = useView(
    child,
    permissionView,
  )
  if (policyUnknown)
    return (
      <>
        <MessageNotice message={error} />
        <div className="k-actions k-stack">
          <Button block onClick={() => child.send({ type: 'permissions.retried' })}>
            {t('ui.error.retry')}
          </Button>
          <Button block variant="secondary" onClick={() => child.send({ type: 'permissions.declined' })}>
            {t('standalone.permission.decline')}
          </Button>
        </div>
      </>
    )
  return (
    <>
      {acceptedAt !== null && (
        <p className="k-notice" role="status">
          {t('standalone.permission.acceptedOn')} <DateText at={acceptedAt} />
        </p>
      )}
      <ul className="k-list k-card">
        {DISCLOSED_PERMISSIONS.map((permission) => {
          const use = permissionUse(permission, requiredFlags)
          const granted = states[permission] === 'granted'
          return (
            <li key={permission} className="k-row">
              {/* The badge sits under the name, not at the row's end: at 360 px a badge beside the text squeezed
                  the purpose into a column one or two words wide. */}
              <span className="k-row__main">
                <span className="k-row__title">{t(`standalone.permission.name.${permission}`)}</span>
                <span>
                  <span className={granted ? 'k-badge' : BADGE[use]}>
                    {granted ? t('standalone.permission.granted') : t(`standalone.permission.use.${use}`)}
                  </span>
                </span>
                <span className="k-row__detail">{t(`standalone.permission.purpose.${permission}`)}</span>
                <span className="k-row__detail">{t(`standalone.permission.refusing.${use}`)}</span>
              </span>
            </li>
          )
        })}
      </ul>
      <p className="k-small k-muted">{t('standalone.permission.change')}</p>
      <MessageNotice message={error} />
      <div className="k-actions k-stack">
        <Button
          block
          busy={busy}
          disabled={!canAccept}
          onClick={() => child.send({ type: 'permissions.accepted' })}
        >
          {t('standalone.permission.accept')}
        </Button>
        <Button
          block
          variant="secondary"
          disabled={!canDecline}
          onClick={() => child.send({ type: 'permissions.declined' })}
        >
          {t('standalone.permission.decline')}
        </Button>
      </div>
    </>
  )
}
