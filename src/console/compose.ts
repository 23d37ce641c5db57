/**
 * The console's composition: its I/O (services/console) injected into its machines (machines/console-*) with
 * `.provide()`, each by the name its machine gives it.
 */
import { consoleAppMachine } from '../../machines/console-app.machine'
import { consoleAuditMachine } from '../../machines/console-audit.machine'
import { consolePasswordMachine } from '../../machines/console-password.machine'
import { consoleProductsMachine } from '../../machines/console-products.machine'
import { consoleProofsMachine } from '../../machines/console-proofs.machine'
import { consoleBooksMachine } from '../../machines/console-books.machine'
import { consoleLoansMachine } from '../../machines/console-loans.machine'
import { consoleInboxMachine } from '../../machines/console-inbox.machine'
import { consoleSignInMachine } from '../../machines/console-sign-in.machine'
import { consoleStaffMachine } from '../../machines/console-staff.machine'
import type { ConsoleActors } from '../../services/console/console-actors'

export function composeConsole(actors: ConsoleActors) {
  return consoleAppMachine.provide({
    actors: {
      restoreSession: actors.restoreSession,
      signOut: actors.signOut,
      storeLanguage: actors.storeLanguage,
      signInForm: consoleSignInMachine.provide({ actors: { signIn: actors.signIn } }),
      staffForm: consoleStaffMachine.provide({
        actors: { createStaff: actors.createStaff, suggestPassword: actors.suggestPassword },
      }),
      auditLog: consoleAuditMachine.provide({
        actors: { today: actors.today, readAudit: actors.readAudit, exportAudit: actors.exportAudit },
      }),
      productsEditor: consoleProductsMachine.provide({
        actors: {
          readProducts: actors.readProducts,
          readProductVersions: actors.readProductVersions,
          saveProduct: actors.saveProduct,
        },
      }),
      loansDesk: consoleLoansMachine.provide({
        actors: {
          searchBorrowers: actors.searchBorrowers,
          readOrder: actors.readOrder,
          actOnOrder: actors.actOnOrder,
        },
      }),
      inboxDesk: consoleInboxMachine.provide({
        actors: {
          readInbox: actors.readInbox,
          readTicket: actors.readTicket,
          replyToTicket: actors.replyToTicket,
          moveTicket: actors.moveTicket,
          readTicketFile: actors.readTicketFile,
          readPicture: actors.readPicture,
        },
      }),
      booksReader: consoleBooksMachine.provide({
        actors: {
          today: actors.today,
          readBooks: actors.readBooks,
          exportBooks: actors.exportBooks,
          resolveSuspense: actors.resolveSuspense,
        },
      }),
      proofsDesk: consoleProofsMachine.provide({
        actors: {
          readProofs: actors.readProofs,
          readProof: actors.readProof,
          readReceipts: actors.readReceipts,
          approveProof: actors.approveProof,
          rejectProof: actors.rejectProof,
        },
      }),
      passwordForm: consolePasswordMachine.provide({ actors: { changePassword: actors.changePassword } }),
    },
  })
}
