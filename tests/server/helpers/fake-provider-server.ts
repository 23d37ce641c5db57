/**
 * What every local fake of a provider's API shares (Daraja, AzamPay, STP): a loopback HTTP server on a free port,
 * answers held open to play a time-out (`hanging`, cut at stop), misbehaviours scripted per path, and the
 * callbacks it sends later (`pending`), which `drain` waits for. Each fake answers in `handle`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export abstract class FakeProviderServer<Script> {
  /** Where the fake answers, with `basePath`. */
  url = ''
  protected server: Server | null = null
  protected pending: Promise<unknown>[] = []
  protected readonly scripts = new Map<string, Script[]>()
  protected readonly hanging: ServerResponse[] = []

  /** The API's path prefix, as the real provider's base URL carries it. */
  protected readonly basePath: string = ''

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<unknown>

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${this.basePath}`
  }

  async stop(): Promise<void> {
    await this.drain()
    for (const res of this.hanging) res.destroy()
    this.server?.closeAllConnections()
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }

  /** The next calls to `path` get these behaviours, one each, before the usual answers resume. */
  script(path: string, ...behaviours: Script[]): void {
    this.scripts.set(path, [...(this.scripts.get(path) ?? []), ...behaviours])
  }

  /** Waits until every callback the fake has scheduled was delivered. */
  async drain(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending
      this.pending = []
      await Promise.allSettled(batch)
    }
  }
}
