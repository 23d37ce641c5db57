/**
 * Time left until `target` (epoch ms) as hh:mm:ss. Each tick recomputes from the target and the `now` source, so
 * the display never drifts however late a timer fires or the phone sleeps; the next tick is set for the moment
 * the shown second changes. `onDone` is called once, when the time is up (at once if it already is).
 */
import { useEffect, useRef, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDuration } from './format'

export interface CountdownProps {
  /** When the time is up, epoch milliseconds (UTC). */
  target: number
  /** The clock (default Date.now), injected for tests and to follow the server's time. */
  now?: () => number
  onDone?: () => void
  /** Accessible name, default "Time left". */
  label?: string
}

export function Countdown({ target, now = Date.now, onDone, label }: CountdownProps): ReactElement {
  const { t } = useTranslation()
  const [left, setLeft] = useState(() => Math.max(0, target - now()))
  const clock = useRef(now)
  const done = useRef(onDone)
  /** The target onDone was called for: once per target, even when React runs the effect twice. */
  const firedFor = useRef<number | null>(null)
  useEffect(() => {
    clock.current = now
    done.current = onDone
  })

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = () => {
      const remaining = Math.max(0, target - clock.current())
      setLeft(remaining)
      if (remaining === 0) {
        if (firedFor.current !== target) {
          firedFor.current = target
          done.current?.()
        }
        return
      }
      // Wake when the shown (rounded-up) second changes.
      timer = setTimeout(tick, remaining % 1000 || 1000)
    }
    tick()
    return () => clearTimeout(timer)
  }, [target])

  return (
    <time
      className="k-countdown"
      role="timer"
      aria-label={label ?? t('ui.countdown.label')}
      dateTime={`PT${Math.ceil(left / 1000)}S`}
    >
      {formatDuration(left)}
    </time>
  )
}
