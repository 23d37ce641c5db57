/**
 * Short messages at the bottom of the screen, announced politely by screen readers. The app wraps everything in
 * <ToastProvider>; anything below calls `useToast().show(key)` with an i18n key (machines hand over keys such as
 * the session's `toastKey`). One toast at a time; a new one replaces the old.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'

export interface ToastMessage {
  /** i18n key, e.g. 'ui.copy.failed' or 'errors.code.10010303'. */
  key: string
  values?: Record<string, unknown>
  /** Text the server already translated, shown as sent (then `key` is unused). */
  text?: string
}

export interface ToastApi {
  show: (key: string, values?: Record<string, unknown>) => void
  /** Shows a message the server already translated, as sent. */
  showText: (text: string) => void
}

const ToastContext = createContext<ToastApi | null>(null)

/** The toast API; without a provider, showing does nothing (a toast is never worth a crash). */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? { show: () => undefined, showText: () => undefined }
}

export const TOAST_MS = 3000

export function ToastProvider({
  children,
  durationMs = TOAST_MS,
}: {
  children: ReactNode
  durationMs?: number
}): ReactElement {
  const { t } = useTranslation()
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | null>(null)
  const show = useCallback((key: string, values?: Record<string, unknown>) => {
    setCurrent((before) => ({ key, values, id: (before?.id ?? 0) + 1 }))
  }, [])
  useEffect(() => {
    if (!current) return
    const timer = setTimeout(() => setCurrent(null), durationMs)
    return () => clearTimeout(timer)
  }, [current, durationMs])
  const showText = useCallback((text: string) => {
    setCurrent((before) => ({ key: '', text, id: (before?.id ?? 0) + 1 }))
  }, [])
  const api = useMemo(() => ({ show, showText }), [show, showText])
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="k-toasts" role="status" aria-live="polite" aria-atomic="true">
        {current && (
          <p key={current.id} className="k-toast">
            {current.text ?? t(current.key, current.values)}
          </p>
        )}
      </div>
    </ToastContext.Provider>
  )
}
