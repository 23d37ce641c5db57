/**
 * The console's composition: its I/O (services/console) injected into its machines (machines/console-*) with
 * `.provide()`, each by the name its machine gives it. The pages only some roles open bring their machines with
 * them: each is fetched (its own chunk, beside the page's screen) when the page first opens (`loadPage`), and
 * provided by its name from then on — the console app invokes it only once it is in.
 */
import { fromPromise, type AnyActorLogic } from 'xstate'
import { consoleAppMachine, type LazyPage } from '../../machines/console-app.machine'
import { consolePasswordMachine } from '../../machines/console-password.machine'
import { consoleSignInMachine } from '../../machines/console-sign-in.machine'
import { pictureKeeper, type ConsoleActors } from '../../services/console/console-actors'

/**
 * Each page's machine: the name the console app invokes it by, and its module, fetched when the page first opens
 * and provided with its I/O.
 */
const PAGES: Record<LazyPage, { actor: string; load: (actors: ConsoleActors) => Promise<AnyActorLogic> }> = {
  staff: {
    actor: 'staffForm',
    load: async (actors) =>
      (await import('../../machines/console-staff.machine')).consoleStaffMachine.provide({
        actors: { createStaff: actors.createStaff, suggestPassword: actors.suggestPassword },
      }),
  },
  audit: {
    actor: 'auditLog',
    load: async (actors) =>
      (await import('../../machines/console-audit.machine')).consoleAuditMachine.provide({
        actors: { today: actors.today, readAudit: actors.readAudit, exportAudit: actors.exportAudit },
      }),
  },
  products: {
    actor: 'productsEditor',
    load: async (actors) =>
      (await import('../../machines/console-products.machine')).consoleProductsMachine.provide({
        actors: {
          readProducts: actors.readProducts,
          readProductVersions: actors.readProductVersions,
          saveProduct: actors.saveProduct,
        },
      }),
  },
  loans: {
    actor: 'loansDesk',
    load: async (actors) =>
      (await import('../../machines/console-loans.machine')).consoleLoansMachine.provide({
        actors: {
          searchBorrowers: actors.searchBorrowers,
          readOrder: actors.readOrder,
          actOnOrder: actors.actOnOrder,
        },
      }),
  },
  inbox: {
    actor: 'inboxDesk',
    load: async (actors) =>
      (await import('../../machines/console-inbox.machine')).consoleInboxMachine.provide({
        actors: {
          readInbox: actors.readInbox,
          readTicket: actors.readTicket,
          replyToTicket: actors.replyToTicket,
          moveTicket: actors.moveTicket,
          readTicketFile: actors.readTicketFile,
          readPicture: actors.readPicture,
          pictureKeeper,
        },
      }),
  },
  books: {
    actor: 'booksReader',
    load: async (actors) =>
      (await import('../../machines/console-books.machine')).consoleBooksMachine.provide({
        actors: {
          today: actors.today,
          readBooks: actors.readBooks,
          exportBooks: actors.exportBooks,
          resolveSuspense: actors.resolveSuspense,
        },
      }),
  },
  proofs: {
    actor: 'proofsDesk',
    load: async (actors) =>
      (await import('../../machines/console-proofs.machine')).consoleProofsMachine.provide({
        actors: {
          readProofs: actors.readProofs,
          readProof: actors.readProof,
          readReceipts: actors.readReceipts,
          approveProof: actors.approveProof,
          rejectProof: actors.rejectProof,
          pictureKeeper,
        },
      }),
  },
}

export function composeConsole(actors: ConsoleActors) {
  const loaded: Record<string, AnyActorLogic> = {}
  const app = consoleAppMachine.provide({
    actors: {
      restoreSession: actors.restoreSession,
      signOut: actors.signOut,
      storeLanguage: actors.storeLanguage,
      loadPage: fromPromise<void, { page: LazyPage }>(async ({ input }) => {
        const page = PAGES[input.page]
        loaded[page.actor] = await page.load(actors)
      }),
      signInForm: consoleSignInMachine.provide({ actors: { signIn: actors.signIn } }),
      passwordForm: consolePasswordMachine.provide({ actors: { changePassword: actors.changePassword } }),
    },
  })
  // XState looks a child's logic up by name when it invokes it: each page's, once its module is in.
  const table = app.implementations.actors as Record<string, unknown>
  for (const { actor } of Object.values(PAGES))
    Object.defineProperty(table, actor, { enumerable: true, configurable: true, get: () => loaded[actor] })
  return app
}
