/**
 * The browser's collector report (the web fallback of the native data collector) to the reference server's
 * POST /collector/report (docs/api.md): which kinds of data arrived, never the data itself.
 */
import type { WebCollectorReport } from '../bridge/web-fallback'

export function createCollectorReporter(baseURL: string, token: () => string | null) {
  return async (report: WebCollectorReport): Promise<boolean> => {
    const delivered = (['device', 'location'] as const).filter((kind) => report[kind] !== undefined)
    const bearer = token()
    try {
      const response = await fetch(`${baseURL}/collector/report`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify({ orderNo: report.orderNo, delivered }),
      })
      if (!response.ok) return false
      const body = (await response.json()) as { code?: unknown }
      return body.code === 0
    } catch {
      return false
    }
  }
}
