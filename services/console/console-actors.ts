/**
 * The staff console's I/O, as the actors its machines name (machines/console-*.machine.ts). Composition
 * (src/console/compose.ts): each machine `.provide({ actors })` with these, by the names the machines use.
 */
import { fromCallback, fromPromise } from 'xstate'
import {
  dayIn,
  isSignedOut,
  type AuditPage,
  type AuditQuery,
  type ConsoleMe,
  type ConsoleSignInRequest,
  type NewStaffReply,
  type NewStaffRequest,
  type PasswordChangeRequest,
  type BooksPage,
  type BooksQuery,
  type BorrowerHit,
  type OrderStory,
  type BooksReportName,
  type ConsoleProduct,
  type ConsoleProductVersion,
  type ProductEditReply,
  type ProductEditRequest,
  type ProofApproveRequest,
  type ProofDecisionReply,
  type ProofDetail,
  type ProofItem,
  type ProofRejectRequest,
  type ProofState,
  type ActOnOrderInput,
  type SuspenseResolveReply,
  type SuspenseResolveRequest,
} from '../../domain/console'
import type { Language } from '../../domain/countries'
import type { ConsoleApi, DownloadedFile } from './console-api'
import type { ConsoleTicket, InboxFilter, InboxPage } from '../../domain/console-inbox'
import type { FeedbackStatusCode } from '../../domain/enums'
import { suggestPassword } from './suggest-password'
import type { TokenStore } from './token-store'

export interface ConsoleActorDeps {
  api: ConsoleApi
  tokens: TokenStore
  languages: { set(language: string): void }
  /** The device's clock (ms since the epoch). */
  now: () => number
  /** Fills the array with cryptographically random bytes (crypto.getRandomValues). */
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>
  save: (file: DownloadedFile) => void
}

/** Tries to read the member again after a sign-in whose answer came but whose next call found no connection. */
const ME_TRIES = 3

export function createConsoleActors({ api, tokens, languages, now, random, save }: ConsoleActorDeps) {
  /** The signed-in member, asked again when the connection dropped (the sign-in itself is not repeated). */
  async function me(signal: AbortSignal): Promise<ConsoleMe> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await api.me(signal)
      } catch (err) {
        if (attempt >= ME_TRIES || (err as { kind?: string }).kind !== 'network' || signal.aborted) throw err
      }
    }
  }

  return {
    /** The session this tab kept, if the server still knows it. */
    restoreSession: fromPromise<ConsoleMe | null>(async ({ signal }) => {
      if (!tokens.get()) return null
      try {
        return await api.me(signal)
      } catch (err) {
        if (isSignedOut(err)) return null
        throw err
      }
    }),
    signIn: fromPromise<ConsoleMe, ConsoleSignInRequest>(async ({ input, signal }) => {
      await api.signIn(input, signal)
      return me(signal)
    }),
    signOut: fromPromise<void>(({ signal }) => api.signOut(signal)),
    storeLanguage: fromPromise<void, { language: Language }>(async ({ input }) =>
      languages.set(input.language),
    ),
    createStaff: fromPromise<NewStaffReply, NewStaffRequest>(({ input, signal }) =>
      api.createStaff(input, signal),
    ),
    suggestPassword: fromPromise<string>(async () => suggestPassword(random)),
    changePassword: fromPromise<void, PasswordChangeRequest>(({ input, signal }) =>
      api.changePassword(input, signal),
    ),
    today: fromPromise<string, { timeZone: string }>(async ({ input }) => dayIn(now(), input.timeZone)),
    readAudit: fromPromise<AuditPage, AuditQuery>(({ input, signal }) => api.readAudit(input, signal)),
    exportAudit: fromPromise<void, Pick<AuditQuery, 'from' | 'to'>>(async ({ input, signal }) => {
      save(await api.exportAudit(input, signal))
    }),
    searchBorrowers: fromPromise<BorrowerHit[], { q: string }>(({ input, signal }) =>
      api.searchBorrowers(input.q, signal),
    ),
    readOrder: fromPromise<OrderStory, { orderNo: string }>(({ input, signal }) =>
      api.readOrder(input.orderNo, signal),
    ),
    actOnOrder: fromPromise<OrderStory, ActOnOrderInput>(({ input, signal }) =>
      api.actOnOrder(input.orderNo, input.action, input.request, signal),
    ),
    resolveSuspense: fromPromise<SuspenseResolveReply, { id: number; request: SuspenseResolveRequest }>(
      ({ input, signal }) => api.resolveSuspense(input.id, input.request, signal),
    ),
    readInbox: fromPromise<InboxPage, { status: InboxFilter; page: number }>(({ input, signal }) =>
      api.readInbox(input, signal),
    ),
    readTicket: fromPromise<ConsoleTicket, { ticketId: string }>(({ input, signal }) =>
      api.readTicket(input.ticketId, signal),
    ),
    replyToTicket: fromPromise<void, { ticketId: string; text: string; pictures: string[] }>(
      ({ input, signal }) => api.replyToTicket(input.ticketId, input.text, input.pictures, signal),
    ),
    // A picture chosen for a reply, in base64 (the server checks its bytes).
    readPicture: fromPromise<string, { file: File }>(
      ({ input }) =>
        new Promise<string>((resolve, reject) => {
          const reader = new FileReader()
          reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
          reader.onerror = () => reject(reader.error ?? new Error('unreadable picture'))
          reader.readAsDataURL(input.file)
        }),
    ),
    moveTicket: fromPromise<void, { ticketId: string; status: FeedbackStatusCode }>(({ input, signal }) =>
      api.moveTicket(input.ticketId, input.status, signal),
    ),
    // The picture as an object URL the page shows; the inbox's picture keeper lets it go when it is closed. Made
    // only while the desk still wants it: a read stopped (another receipt opened, the page left) as its bytes came
    // makes no URL, since none would be given to the keeper.
    readTicketFile: fromPromise<string, { url: string }>(async ({ input, signal }) => {
      const blob = await api.readTicketFile(input.url, signal)
      signal.throwIfAborted()
      return URL.createObjectURL(blob)
    }),
    readBooks: fromPromise<BooksPage, BooksQuery>(({ input, signal }) => api.readBooks(input, signal)),
    exportBooks: fromPromise<void, BooksQuery & { report: BooksReportName }>(async ({ input, signal }) => {
      save(await api.exportBooks(input, signal))
    }),
    readProducts: fromPromise<ConsoleProduct[]>(({ signal }) => api.readProducts(signal)),
    readProductVersions: fromPromise<ConsoleProductVersion[], { id: string }>(({ input, signal }) =>
      api.readProductVersions(input.id, signal),
    ),
    saveProduct: fromPromise<ProductEditReply, { id: string; request: ProductEditRequest }>(
      ({ input, signal }) => api.saveProduct(input.id, input.request, signal),
    ),
    readProofs: fromPromise<ProofItem[], { state: ProofState }>(({ input, signal }) =>
      api.readProofs(input.state, signal),
    ),
    readProof: fromPromise<ProofDetail, { ticketId: string }>(({ input, signal }) =>
      api.readProof(input.ticketId, signal),
    ),
    // Pictures need the member's token, so they are read here and shown from local object URLs; the proofs desk's
    // picture keeper lets them go when they are replaced or closed. None is made for a read stopped meanwhile.
    readReceipts: fromPromise<string[], { urls: string[] }>(async ({ input, signal }) => {
      const blobs = await Promise.all(input.urls.map((url) => api.readReceipt(url, signal)))
      signal.throwIfAborted()
      return blobs.map((blob) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : ''))
    }),
    approveProof: fromPromise<ProofDecisionReply, { ticketId: string; request: ProofApproveRequest }>(
      ({ input, signal }) => api.approveProof(input.ticketId, input.request, signal),
    ),
    rejectProof: fromPromise<ProofDecisionReply, { ticketId: string; request: ProofRejectRequest }>(
      ({ input, signal }) => api.rejectProof(input.ticketId, input.request, signal),
    ),
  }
}

export type ConsoleActors = ReturnType<typeof createConsoleActors>

/** Lets go of an object URL made for a picture (readTicketFile, readReceipts): the page no longer shows it. */
function releaseObjectUrl(url: string | null): void {
  if (url?.startsWith('blob:') && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url)
}

/**
 * A desk's picture keeper (machines/kit/picture-keeper.ts; the proofs desk and the inbox invoke it), letting go
 * through `release`. It owns the letting go of the pictures a desk shows: told what is shown now (`pictures.kept`
 * with their object URLs, none once they are closed), it lets go at once of every one it held that is not in the new
 * set; stopped — with the desk that invokes it, when its page is left: a stopped machine runs no exit actions, its
 * children are stopped — it lets go of all it holds. A picture is let go of once.
 */
export function pictureKeeperReleasing(release: (url: string) => void) {
  return fromCallback<{ type: 'pictures.kept'; urls: string[] }>(({ receive }) => {
    let kept = new Set<string>()
    receive((event) => {
      const next = new Set(event.urls)
      for (const url of kept) if (!next.has(url)) release(url)
      kept = next
    })
    return () => {
      for (const url of kept) release(url)
      kept = new Set()
    }
  })
}

/** The keeper the console's composition gives its desks (src/console/compose.ts): lets go of object URLs. */
export const pictureKeeper = pictureKeeperReleasing(releaseObjectUrl)
