/** A titled table of the console that scrolls sideways inside its card (keyboard too); `empty` when it has no rows. */
import type { ReactElement, ReactNode } from 'react'

export function DataTable({
  id,
  title,
  empty,
  head,
  rows,
}: {
  id: string
  title: string
  empty: string
  head: string[]
  rows: ReactNode[][]
}): ReactElement {
  return (
    <section className="k-card k-stack" aria-labelledby={id}>
      <h2 id={id} className="k-section-title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="k-muted">{empty}</p>
      ) : (
        <div className="c-table-scroll" tabIndex={0}>
          <table className="c-table">
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, i) => (
                <tr key={i}>
                  {cells.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
