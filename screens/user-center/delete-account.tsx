/**
 * delete_account — from settings (decisions.md: required by the app stores). Refused while a loan is open, and
 * the screen says why. Otherwise: exactly one reason (check boxes, so both "You have to choose the reason" and
 * "Choose only one reason" can be said), an optional remark, and the SMS code sent to the login number. Once the
 * account is deleted the journey signs the borrower out and goes home. The journey's accountDeletion child.
 */
import { useSelector } from '@xstate/react'
import { useEffect, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { accountDeletionView, type accountDeletionMachine } from '../../machines/account-deletion.machine'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import { useToast } from '../../ui/toast'
import type { ScreenProps } from '../screen-props'
import { MessageNotice } from '../shared/message-text'
import { useView } from '../shared/use-view'
import { routeTo } from '../shared/route-to'
import { DeletionForm } from './parts/deletion-form'

type DeletionRef = ActorRefFrom<typeof accountDeletionMachine>

export default function DeleteAccountScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const toast = useToast()
  const deletion = useSelector(journey, (s) => s.children.accountDeletion)
  // The screen closes as soon as the account is gone; the toast outlives it.
  useEffect(
    () =>
      deletion?.subscribe((s) => {
        if (s.status === 'done' && s.output?.outcome === 'deleted') toast.show('user-center.delete.done')
      }).unsubscribe,
    [deletion, toast],
  )
  return (
    <div className="k-page">
      <PageHeader
        title={t('user-center.delete.title')}
        onBack={() =>
          deletion ? deletion.send({ type: 'deletion.dismissed' }) : journey.send(routeTo('settings'))
        }
      />
      <main className="k-stack">{deletion && <Deletion deletion={deletion} journey={journey} />}</main>
    </div>
  )
}

function Deletion({ deletion, journey }: { deletion: DeletionRef } & ScreenProps): ReactElement {
  const { t } = useTranslation()
  const { refused, error } = useView(deletion, accountDeletionView)
  if (refused)
    return (
      <section className="k-card k-stack" aria-labelledby="delete-refused">
        <h2 id="delete-refused" className="k-section-title">
          {t('user-center.delete.refusedTitle')}
        </h2>
        <MessageNotice message={error} />
        <p className="k-muted">{t('user-center.delete.refusedText')}</p>
        <Button block onClick={() => deletion.send({ type: 'deletion.dismissed' })}>
          {t('user-center.delete.back')}
        </Button>
      </section>
    )
  return <DeletionForm deletion={deletion} journey={journey} />
}
