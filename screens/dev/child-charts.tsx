/**
 * #/__flows: the charts of the child actors the journey runs now, each with its current states lit. The charts
 * (docs/flows/<machine>.svg) are read only in a development build, one file when its machine runs; a production
 * build holds none of them.
 */
import { useSelector } from '@xstate/react'
import { useEffect, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AnyActorRef } from 'xstate'
import { LiveChart, machineOf } from './live-chart'

const CHARTS: Record<string, () => Promise<string>> = import.meta.env.DEV
  ? import.meta.glob<string>('../../docs/flows/*.svg', { query: '?raw', import: 'default' })
  : {}

/** The chart file of a machine id: `confirmBorrow` → docs/flows/confirm-borrow.svg. */
const chartOf = (machineId: string) =>
  CHARTS[`../../docs/flows/${machineId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.svg`]

function ChildChart({ id, actor }: { id: string; actor: AnyActorRef }): ReactElement | null {
  const { t } = useTranslation()
  const machineId = machineOf(actor)?.id ?? id
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void chartOf(machineId)?.().then((text) => live && setSvg(text))
    return () => {
      live = false
    }
  }, [machineId])
  if (!chartOf(machineId)) return null
  return (
    <section className="k-card k-stack" aria-label={t('standalone.flows.childChart', { name: id })}>
      <h3 className="k-section-title">
        <code>{id}</code>
      </h3>
      {svg ? <LiveChart actor={actor} svg={svg} testId={`child-chart-${id}`} /> : null}
    </section>
  )
}

export function ChildCharts({ journey }: { journey: AnyActorRef }): ReactElement {
  const children = useSelector(
    journey,
    (s: { children: Record<string, AnyActorRef | undefined> }) => s.children,
    (a, b) => Object.keys(a).join() === Object.keys(b).join() && Object.keys(a).every((k) => a[k] === b[k]),
  )
  return (
    <>
      {Object.entries(children).map(([id, actor]) =>
        actor ? <ChildChart key={id} id={id} actor={actor} /> : null,
      )}
    </>
  )
}
