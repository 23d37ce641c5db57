/**
 * One line of a key–value card (`<dl className="k-kv">`): a label and its value. `sub` indents a line that is part
 * of the one above it (the fee and its tax under the charges).
 */
import type { ReactElement, ReactNode } from 'react'

export function KvLine({ label, children, sub }: { label: ReactNode; children: ReactNode; sub?: boolean }): ReactElement {
  return (
    <div className={sub ? 'k-kv__sub' : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}
