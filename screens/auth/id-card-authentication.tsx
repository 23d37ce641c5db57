/**
 * ID card authentication (status 12; spec §2, §5): the ID's front, then its back, then the face step, each taken
 * with the phone's camera and previewed with a retake button. The journey's `identity` child decides the order
 * (a side taken too early is refused with its message), compresses and uploads each photo (its progress shows
 * under the photo), runs the face step the way featureMode says (the native liveness check, or a selfie), and
 * finishes with /user/finishUploadAllImg.
 */
import { useSelector } from '@xstate/react'
import { useCallback, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { identityMachine } from '../../machines/identity.machine'
import type { IdentitySide } from '../../machines/identity/identity-context'
import { identityPhotoView, identityView } from '../../machines/identity/identity-view'
import { Button } from '../../ui/button'
import { ImageCapture } from '../../ui/image-capture'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { GO_HOME } from '../shared/journey-selectors'
import { OnboardingStepIndicator } from '../shared/onboarding-step'
import { MessageText } from '../shared/submit-form'
import { useView } from '../shared/use-view'

type IdentityRef = ActorRefFrom<typeof identityMachine>

function PhotoStep({ identity, side }: { identity: IdentityRef; side: IdentitySide }): ReactElement {
  const { t } = useTranslation()
  const select = useCallback((s: SnapshotFrom<IdentityRef>) => identityPhotoView(s, side), [side])
  const { image, progress, uploaded, busy, scanner } = useView(identity, select)
  const scanSide = side === 'face' ? null : side
  const label = t(`auth.identity.${side}`)
  return (
    <section className="k-card k-stack" aria-label={label}>
      <ImageCapture
        label={label}
        kind={side === 'face' ? 'face' : 'document'}
        file={image}
        progress={progress}
        disabled={busy}
        onChange={(file) => identity.send({ type: 'identity.photoTaken', side, image: file })}
        onTake={scanner && scanSide ? () => identity.send({ type: 'identity.scanRequested', side: scanSide }) : undefined}
      />
      {uploaded && <p className="k-muted k-small">{t('auth.identity.uploaded')}</p>}
    </section>
  )
}

/** The face step with the native liveness check (featureMode live 1). */
function LiveFaceStep({
  identity,
  done,
  checking,
  canStart,
}: {
  identity: IdentityRef
  done: boolean
  checking: boolean
  canStart: boolean
}): ReactElement {
  const { t } = useTranslation()
  return (
    <section className="k-card k-stack" aria-label={t('auth.identity.face')}>
      <h2 className="k-section-title">{t('auth.identity.face')}</h2>
      <p className="k-muted">{done ? t('auth.identity.faceDone') : t('auth.identity.faceHint')}</p>
      <Button
        variant="secondary"
        block
        busy={checking}
        disabled={!canStart}
        onClick={() => identity.send({ type: 'identity.livenessStarted' })}
      >
        {done ? t('auth.identity.faceAgain') : t('auth.identity.faceStart')}
      </Button>
    </section>
  )
}

function IdentitySteps({ identity }: { identity: IdentityRef }): ReactElement {
  const { t } = useTranslation()
  const view = useView(identity, identityView)
  const { liveFace, preparing, error, canSubmit, finishing } = view
  if (preparing)
    return (
      <p className="k-muted" role="status">
        {t('auth.identity.preparing')}
      </p>
    )
  return (
    <div className="k-stack">
      <p className="k-muted">{t('auth.identity.intro')}</p>
      <PhotoStep identity={identity} side="front" />
      <PhotoStep identity={identity} side="back" />
      {liveFace ? (
        <LiveFaceStep
          identity={identity}
          done={view.faceDone}
          checking={view.checkingLiveness}
          canStart={view.canStartLiveness}
        />
      ) : <PhotoStep identity={identity} side="face" />}
      {error && (
        <p className="k-notice k-notice--danger" role="alert">
          <MessageText message={error} />
        </p>
      )}
      <div className="k-actions">
        <Button
          block
          busy={finishing}
          disabled={!canSubmit}
          onClick={() => identity.send({ type: 'identity.submitted' })}
        >
          {t('auth.common.next')}
        </Button>
      </div>
    </div>
  )
}

export default function IdCardAuthenticationScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const identity = useSelector(journey, (s) => s.children.identity)
  return (
    <main className="k-page k-stack">
      <PageHeader title={t('auth.identity.title')} onBack={() => journey.send(GO_HOME)} />
      <OnboardingStepIndicator journey={journey} step="identity" />
      {identity && <IdentitySteps key={identity.sessionId} identity={identity} />}
    </main>
  )
}
