/**
 * Taking a photo of the ID's front or back, or of the face: opens the camera (`capture`), shows a preview of the
 * chosen image with a retake button, and the upload's progress. The screen compresses and uploads the file
 * (services/uploads/compress.ts, through its machine); this control only takes it.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from './icons'
import { ProgressBar } from './progress-bar'

export interface ImageCaptureProps {
  /** What the photo is of, e.g. "Front of your ID" (shown and used in the preview's alt text). */
  label: string
  /** A document uses the back camera, a face the front one. */
  kind: 'document' | 'face'
  /** The chosen image, or null. */
  file: Blob | null | undefined
  onChange: (file: File) => void
  /**
   * Take the photo some other way than the browser's camera (the native shell's card scanner): the take and retake
   * buttons call this instead, and the photo comes back through `file`.
   */
  onTake?: () => void
  /** Upload progress 0–1 while uploading; null or undefined otherwise. */
  progress?: number | null
  /** An i18n key of what went wrong (e.g. "take a photo and upload again"). */
  error?: string | null
  disabled?: boolean
  id?: string
}

/** An object URL for a Blob, revoked when the Blob changes or the component goes away. */
function usePreviewUrl(file: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) {
      setUrl(null)
      return
    }
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  return url
}

export function ImageCapture({
  label,
  kind,
  file,
  onChange,
  onTake,
  progress,
  error,
  disabled,
  id,
}: ImageCaptureProps): ReactElement {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const preview = usePreviewUrl(file)
  const uploading = progress !== null && progress !== undefined
  const open = () => (onTake ? onTake() : input.current?.click())
  return (
    <div className={error ? 'k-capture k-field--invalid' : 'k-capture'}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture={kind === 'face' ? 'user' : 'environment'}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          event.target.value = ''
          if (chosen) onChange(chosen)
        }}
      />
      {file ? (
        <div className="k-capture__preview">
          {preview && <img src={preview} alt={t('ui.image.preview', { label })} />}
          <button
            id={id}
            type="button"
            className="k-btn k-btn--secondary"
            disabled={disabled || uploading}
            onClick={open}
          >
            <Icon name="camera" />
            {t('ui.image.retake')}
          </button>
        </div>
      ) : (
        <button
          id={id}
          type="button"
          className="k-capture__take"
          disabled={disabled || uploading}
          onClick={open}
        >
          <Icon name="camera" size={32} />
          <span className="k-capture__label">{label}</span>
          <span className="k-muted">{t('ui.image.take')}</span>
        </button>
      )}
      {uploading && (
        <ProgressBar
          value={progress}
          label={t('ui.image.uploading', { percent: Math.round(progress * 100) })}
        />
      )}
      {error && (
        <p className="k-field__error" role="alert">
          {t(error)}
        </p>
      )}
    </div>
  )
}
