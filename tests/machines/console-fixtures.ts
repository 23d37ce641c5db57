/**
 * The staff console's machines in tests: members, their permissions, refusals as the console API answers them, and
 * the root machine with every I/O actor a stub the test can answer (the composition's shape, src/console/compose.ts).
 */
import { vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type {
  AuditPage,
  AuditQuery,
  BooksPage,
  BooksQuery,
  BooksReportName,
  BorrowerHit,
  OrderStory,
  ActOnOrderInput,
  SuspenseResolveReply,
  SuspenseResolveRequest,
  ConsoleFailure,
  ConsoleMe,
  ConsolePermission,
  ConsoleProduct,
  ConsoleProductVersion,
  ProductEditReply,
  ProductEditRequest,
  ConsoleSignInRequest,
  NewStaffReply,
  NewStaffRequest,
  PasswordChangeRequest,
  StaffMember,
} from '../../domain/console'
import type { Language } from '../../domain/countries'
import { consoleAppMachine, type LazyPage } from '../../machines/console-app.machine'
import { type ConsoleAppInput } from '../../machines/console-app/console-app-context'
import { consoleAuditMachine } from '../../machines/console-audit.machine'
import { consolePasswordMachine } from '../../machines/console-password.machine'
import { consoleProductsMachine } from '../../machines/console-products.machine'
import { consoleBooksMachine } from '../../machines/console-books.machine'
import { consoleLoansMachine } from '../../machines/console-loans.machine'
import { consoleSignInMachine } from '../../machines/console-sign-in.machine'
import { consoleStaffMachine } from '../../machines/console-staff.machine'

export const ADMIN: StaffMember = { id: 1, username: 'ana.admin', displayName: 'Ana Mwita', role: 'admin' }
export const OTHER_ADMIN: StaffMember = {
  id: 7,
  username: 'juma.admin',
  displayName: 'Juma Ali',
  role: 'admin',
}
export const SUPPORT: StaffMember = {
  id: 2,
  username: 'amina.support',
  displayName: 'Amina Juma',
  role: 'support',
}

export const ADMIN_PERMISSIONS: ConsolePermission[] = [
  'audit.read',
  'audit.export',
  'staff.manage',
  'tickets.answer',
  'repayments.review',
  'decisions.read',
  'loans.read',
  'products.edit',
  'books.read',
  'loans.cancel',
  'money.adjust',
]
export const SUPPORT_PERMISSIONS: ConsolePermission[] = ['tickets.answer', 'loans.read', 'loans.cancel']

export const meOf = (member: StaffMember): ConsoleMe => ({
  staff: member,
  permissions: member.role === 'admin' ? ADMIN_PERMISSIONS : SUPPORT_PERMISSIONS,
})

/** Books that agree and in which nothing moved on the days asked. */
export const emptyBooks = (query: BooksQuery): BooksPage => ({
  now: '2026-03-10T09:00:00.000Z',
  check: {
    ok: true,
    entries: 0,
    orders: 0,
    transfers: 0,
    problems: [],
    figures: {
      suspenseMinor: {},
      refundDueMinor: {},
      observationsUnmatched: 0,
      receiptsInSuspense: 0,
      observationsError: 0,
      transfersExpired: 0,
      transfersOverdue: 0,
    },
  },
  settlement: {
    from: `${query.from}T00:00:00.000Z`,
    to: `${query.to}T00:00:00.000Z`,
    rows: [],
    differences: 0,
  },
  totals: [],
  suspense: [],
})

/** A refusal as the console API's client throws it. */
export const refused = (
  status: number,
  error: string,
  more: Partial<Extract<ConsoleFailure, { kind: 'refused' }>> = {},
): ConsoleFailure => ({ kind: 'refused', status, error, fields: [], ...more })
export const SIGNED_OUT = refused(401, 'signedOut')
export const NETWORK: ConsoleFailure = { kind: 'network' }

export interface ConsoleAnswers {
  restoreSession?: () => Promise<ConsoleMe | null>
  signIn?: (request: ConsoleSignInRequest) => Promise<ConsoleMe>
  signOut?: () => Promise<void>
  storeLanguage?: (input: { language: string }) => Promise<void>
  createStaff?: (request: NewStaffRequest) => Promise<NewStaffReply>
  suggestPassword?: () => Promise<string>
  changePassword?: (request: PasswordChangeRequest) => Promise<void>
  today?: (input: { timeZone: string }) => Promise<string>
  readAudit?: (query: AuditQuery) => Promise<AuditPage>
  exportAudit?: (query: { from: string; to: string }) => Promise<void>
  searchBorrowers?: (input: { q: string }) => Promise<BorrowerHit[]>
  readOrder?: (input: { orderNo: string }) => Promise<OrderStory>
  readBooks?: (query: BooksQuery) => Promise<BooksPage>
  actOnOrder?: (input: ActOnOrderInput) => Promise<OrderStory>
  resolveSuspense?: (input: { id: number; request: SuspenseResolveRequest }) => Promise<SuspenseResolveReply>
  exportBooks?: (query: BooksQuery & { report: BooksReportName }) => Promise<void>
  readProducts?: () => Promise<ConsoleProduct[]>
  readProductVersions?: (input: { id: string }) => Promise<ConsoleProductVersion[]>
  saveProduct?: (input: { id: string; request: ProductEditRequest }) => Promise<ProductEditReply>
}

/** Every I/O actor of the console as a spy, answering as told (or as a quiet server would). */
export function consoleStubs(answers: ConsoleAnswers = {}) {
  return {
    restoreSession: vi.fn(answers.restoreSession ?? (async () => null)),
    signIn: vi.fn(answers.signIn ?? (async () => meOf(ADMIN))),
    signOut: vi.fn(answers.signOut ?? (async () => undefined)),
    storeLanguage: vi.fn(answers.storeLanguage ?? (async () => undefined)),
    createStaff: vi.fn(
      answers.createStaff ??
        (async (request: NewStaffRequest) => ({
          staff: { id: 9, username: request.username, displayName: request.displayName, role: request.role },
          otpauthUri: `otpauth://totp/Kopa%20console%3A${request.username}?secret=JBSWY3DPEHPK3PXP&issuer=Kopa+console`,
        })),
    ),
    suggestPassword: vi.fn(answers.suggestPassword ?? (async () => 'Suggested-Pass-2026')),
    changePassword: vi.fn(answers.changePassword ?? (async () => undefined)),
    today: vi.fn(answers.today ?? (async () => '2026-03-10')),
    readAudit: vi.fn(answers.readAudit ?? (async () => ({ rows: [], nextAfterId: null }))),
    exportAudit: vi.fn(answers.exportAudit ?? (async () => undefined)),
    searchBorrowers: vi.fn(answers.searchBorrowers ?? (async () => [])),
    readOrder: vi.fn(
      answers.readOrder ??
        (async (): Promise<OrderStory> => {
          throw refused(404, 'notFound')
        }),
    ),
    readBooks: vi.fn(answers.readBooks ?? (async (query: BooksQuery) => emptyBooks(query))),
    actOnOrder: vi.fn(
      answers.actOnOrder ??
        (async (): Promise<OrderStory> => {
          throw refused(409, 'notAllowed')
        }),
    ),
    resolveSuspense: vi.fn(
      answers.resolveSuspense ??
        (async (): Promise<SuspenseResolveReply> => {
          throw refused(409, 'alreadyResolved')
        }),
    ),
    exportBooks: vi.fn(answers.exportBooks ?? (async () => undefined)),
    readProducts: vi.fn(answers.readProducts ?? (async () => [])),
    readProductVersions: vi.fn(answers.readProductVersions ?? (async () => [])),
    saveProduct: vi.fn(
      answers.saveProduct ??
        (async (input: { id: string; request: ProductEditRequest }): Promise<ProductEditReply> => {
          throw refused(404, 'notFound', { fields: [input.id] })
        }),
    ),
  }
}

export type ConsoleStubs = ReturnType<typeof consoleStubs>

export function provideConsole(stubs: ConsoleStubs) {
  return {
    // The pages' machines are given here, so a page's module is in at once.
    loadPage: fromPromise<void, { page: LazyPage }>(async () => {}),
    signInForm: consoleSignInMachine.provide({
      actors: { signIn: fromPromise(({ input }: { input: ConsoleSignInRequest }) => stubs.signIn(input)) },
    }),
    staffForm: consoleStaffMachine.provide({
      actors: {
        createStaff: fromPromise(({ input }: { input: NewStaffRequest }) => stubs.createStaff(input)),
        suggestPassword: fromPromise(() => stubs.suggestPassword()),
      },
    }),
    auditLog: consoleAuditMachine.provide({
      actors: {
        today: fromPromise(({ input }: { input: { timeZone: string } }) => stubs.today(input)),
        readAudit: fromPromise(({ input }: { input: AuditQuery }) => stubs.readAudit(input)),
        exportAudit: fromPromise(({ input }: { input: { from: string; to: string } }) =>
          stubs.exportAudit(input),
        ),
      },
    }),
    loansDesk: consoleLoansMachine.provide({
      actors: {
        searchBorrowers: fromPromise(({ input }: { input: { q: string } }) => stubs.searchBorrowers(input)),
        readOrder: fromPromise(({ input }: { input: { orderNo: string } }) => stubs.readOrder(input)),
        actOnOrder: fromPromise(({ input }: { input: ActOnOrderInput }) => stubs.actOnOrder(input)),
      },
    }),
    booksReader: consoleBooksMachine.provide({
      actors: {
        today: fromPromise(({ input }: { input: { timeZone: string } }) => stubs.today(input)),
        readBooks: fromPromise(({ input }: { input: BooksQuery }) => stubs.readBooks(input)),
        exportBooks: fromPromise(({ input }: { input: BooksQuery & { report: BooksReportName } }) =>
          stubs.exportBooks(input),
        ),
        resolveSuspense: fromPromise(
          ({ input }: { input: { id: number; request: SuspenseResolveRequest } }) =>
            stubs.resolveSuspense(input),
        ),
      },
    }),
    productsEditor: consoleProductsMachine.provide({
      actors: {
        readProducts: fromPromise(() => stubs.readProducts()),
        readProductVersions: fromPromise(({ input }: { input: { id: string } }) =>
          stubs.readProductVersions(input),
        ),
        saveProduct: fromPromise(({ input }: { input: { id: string; request: ProductEditRequest } }) =>
          stubs.saveProduct(input),
        ),
      },
    }),
    passwordForm: consolePasswordMachine.provide({
      actors: {
        changePassword: fromPromise(({ input }: { input: PasswordChangeRequest }) =>
          stubs.changePassword(input),
        ),
      },
    }),
  }
}

/** The console's root machine running on stubs. */
export function startConsole(answers: ConsoleAnswers = {}, input: Partial<ConsoleAppInput> = {}) {
  const stubs = consoleStubs(answers)
  const actor = createActor(
    consoleAppMachine.provide({
      actors: {
        restoreSession: fromPromise(() => stubs.restoreSession()),
        signOut: fromPromise(() => stubs.signOut()),
        storeLanguage: fromPromise(({ input }: { input: { language: Language } }) =>
          stubs.storeLanguage(input),
        ),
        ...provideConsole(stubs),
      },
    }),
    { input: { language: 'en', timeZone: 'Africa/Dar_es_Salaam', ...input } },
  ).start()
  return { actor, stubs }
}
