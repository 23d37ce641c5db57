/**
 * console-products — a risk officer or an admin changes a loan product (issue 20 item 5). The products are listed
 * with their version; opening one gives its configuration as JSON text, its names in the console's languages,
 * whether borrowers are offered it, and a note saying why (kept with the version and in the audit log), beside its
 * earlier versions. Every keystroke is checked with the rules the server starts with (domain/product.ts
 * `editedProductProblems`, the same `validateProduct`), so a product that would be refused cannot be sent. Saving
 * makes the next version, which new orders use at once; approved orders keep their frozen prices.
 *
 * Saved only on the version opened: when someone saved another since (409), the editor says which and keeps what
 * was typed; "Start again from it" reopens the product as it now is. The server's own problems (422) and refused
 * fields (400) are shown where they belong. A call that finds the session ended tells the console with the editor
 * as typed, which it gives back once the member has signed in again (machines/console-app.machine.ts).
 *
 * Input: { timeZone, draft? } — the member's zone; the editor as typed before the session ended
 * Events: product.opened {id}, product.textChanged {text}, product.nameChanged {language, name},
 *         product.activeChanged {active}, product.noteChanged {note}, product.saved, product.closed,
 *         product.reopened, products.retried
 * Tags:   busy (reading the products), saving, failed
 * Actors the composition provides (services/console/console-actors.ts):
 *   readProducts () → ConsoleProduct[]                                   (GET /console/api/products)
 *   readProductVersions ({ id }) → ConsoleProductVersion[]               (GET /console/api/products/:id/versions)
 *   saveProduct ({ id, request }) → ProductEditReply                     (PUT /console/api/products/:id)
 */
import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate'
import {
  consoleFailureOf,
  isSignedOut,
  type ConsoleProduct,
  type ConsoleProductVersion,
  type ProductEditReply,
  type ProductEditRequest,
} from '../domain/console'
import {
  consoleCallErrors,
  sessionEndedTo,
  failureTo,
  failureMessage,
  refusedWith,
  type ConsoleSessionEndedEvent,
  msg,
} from './console-calls'
import { notProvided } from './kit/not-provided'
import {
  checked,
  draftErrors,
  draftFromRecord,
  draftOf,
  draftRecord,
  editRequest,
  PRODUCT_NAME_MAX,
  type ProductNameLanguage,
  type ProductsContext,
  type ProductsEvent,
  type ProductsInput,
} from './console-products/product-draft'

type ErrorParams = { error: unknown }

export const consoleProductsMachine = setup({
  types: {
    context: {} as ProductsContext,
    events: {} as ProductsEvent,
    input: {} as ProductsInput,
    tags: {} as 'busy' | 'saving' | 'failed',
  },
  actors: {
    readProducts: fromPromise<ConsoleProduct[]>(notProvided('readProducts', 'services/console')),
    readProductVersions: fromPromise<ConsoleProductVersion[], { id: string }>(
      notProvided('readProductVersions', 'services/console'),
    ),
    saveProduct: fromPromise<ProductEditReply, { id: string; request: ProductEditRequest }>(
      notProvided('saveProduct', 'services/console'),
    ),
  },
  guards: {
    reopening: ({ context }) =>
      context.restore !== null ||
      (context.reopen !== null && context.products.some((p) => p.id === context.reopen)),
    known: ({ context }, params: { id: string }) => context.products.some((p) => p.id === params.id),
    draftSendable: ({ context }) =>
      context.draft !== null &&
      !context.notJson &&
      context.problems.length === 0 &&
      Object.keys(draftErrors(context.draft)).length === 0,
    sessionEnded: (_, params: ErrorParams) => isSignedOut(params.error),
    changedMeanwhile: (_, params: ErrorParams) => refusedWith(params.error, 409, 'changedMeanwhile'),
    invalidProduct: (_, params: ErrorParams) => refusedWith(params.error, 422, 'invalidProduct'),
    refusedAtFields: (_, params: ErrorParams) => refusedWith(params.error, 400, 'invalidInput'),
  },
  actions: {
    takeProducts: assign((_, params: { products: ConsoleProduct[] }) => ({
      products: params.products,
      error: null,
    })),
    showFailure: assign((_, params: ErrorParams) => ({ error: failureMessage(params.error) })),
    open: assign(({ context }, params: { id: string }) => {
      const draft = draftOf(context.products.find((p) => p.id === params.id)!)
      return {
        draft,
        ...checked(context.products, draft),
        fieldErrors: {},
        versions: null,
        error: null,
        saved: null,
        staleVersion: null,
      }
    }),
    /** After "Start again" or a new sign-in: the product as it now is, or the draft as it was typed. */
    reopen: assign(({ context }) => {
      const draft = context.restore ?? draftOf(context.products.find((p) => p.id === context.reopen)!)
      return {
        draft,
        ...checked(context.products, draft),
        fieldErrors: {},
        versions: null,
        staleVersion: null,
        reopen: null,
        restore: null,
      }
    }),
    changeText: assign(({ context }, params: { text: string }) => {
      const draft = { ...context.draft!, text: params.text }
      return { draft, ...checked(context.products, draft) }
    }),
    changeName: assign(({ context }, params: { language: ProductNameLanguage; name: string }) => ({
      draft: { ...context.draft!, names: { ...context.draft!.names, [params.language]: params.name } },
      fieldErrors: { ...context.fieldErrors, names: undefined },
    })),
    changeActive: assign(({ context }, params: { active: boolean }) => ({
      draft: { ...context.draft!, active: params.active },
    })),
    changeNote: assign(({ context }, params: { note: string }) => ({
      draft: { ...context.draft!, note: params.note },
      fieldErrors: { ...context.fieldErrors, note: undefined },
    })),
    showDraftErrors: assign(({ context }) => ({ fieldErrors: draftErrors(context.draft!) })),
    takeVersions: assign((_, params: { versions: ConsoleProductVersion[] }) => ({
      versions: params.versions,
    })),
    clearError: assign({ error: null }),
    close: assign({
      draft: null,
      problems: [],
      notJson: false,
      fieldErrors: {},
      versions: null,
      staleVersion: null,
    }),
    takeSaved: assign(({ context }, params: { reply: ProductEditReply }) => ({
      products: context.products.map((p) => (p.id === params.reply.product.id ? params.reply.product : p)),
      saved: {
        id: params.reply.product.id,
        version: params.reply.product.version,
        changed: params.reply.changed,
      },
    })),
    showStale: assign((_, params: ErrorParams) => {
      const failure = consoleFailureOf(params.error)
      return { staleVersion: failure.kind === 'refused' ? (failure.version ?? null) : null }
    }),
    showServerProblems: assign((_, params: ErrorParams) => {
      const failure = consoleFailureOf(params.error)
      return { problems: failure.kind === 'refused' ? (failure.problems ?? []) : [] }
    }),
    /** The server named fields the editor also checks (note, names): their messages. */
    showRefusedFields: assign(({ context }, params: ErrorParams) => {
      const failure = consoleFailureOf(params.error)
      const fields = failure.kind === 'refused' ? failure.fields : []
      const errors = draftErrors(context.draft!)
      return {
        fieldErrors: {
          note: fields.includes('note') ? (errors.note ?? msg('console.products.noteRequired')) : undefined,
          names: fields.some((f) => f.startsWith('names'))
            ? (errors.names ?? msg('console.products.nameLong', { max: PRODUCT_NAME_MAX }))
            : undefined,
        },
        error: fields.some((f) => f !== 'note' && !f.startsWith('names'))
          ? msg('console.error.failed')
          : null,
      }
    }),
    startAgain: assign(({ context }) => ({ reopen: context.draft!.id, draft: null, staleVersion: null })),
    reportSessionEnded: sendParent(({ context }): ConsoleSessionEndedEvent => ({
      type: 'console.sessionEnded',
      form: 'products',
      ...(context.draft ? { draft: draftRecord(context.draft) } : {}),
    })),
  },
}).createMachine({
  id: 'consoleProducts',
  description:
    'A risk officer or admin changes a loan product: checked live, saved as its next version, for new orders.',
  context: ({ input }) => ({
    products: [],
    draft: null,
    problems: [],
    notJson: false,
    fieldErrors: {},
    versions: null,
    error: null,
    saved: null,
    staleVersion: null,
    reopen: null,
    restore: draftFromRecord(input.draft),
    timeZone: input.timeZone,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'readProducts',
        onDone: [
          {
            guard: 'reopening',
            target: 'editing',
            actions: [
              { type: 'takeProducts', params: ({ event }) => ({ products: event.output }) },
              'reopen',
            ],
          },
          {
            target: 'browsing',
            actions: { type: 'takeProducts', params: ({ event }) => ({ products: event.output }) },
          },
        ],
        onError: consoleCallErrors('failed'),
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'products.retried': 'loading' },
    },
    browsing: {
      description: 'The products with their versions; one may be opened.',
      on: {
        'product.opened': {
          guard: { type: 'known', params: ({ event }) => event },
          target: 'editing',
          actions: { type: 'open', params: ({ event }) => event },
        },
      },
    },
    editing: {
      description: 'The editor, checked at each change, beside the product’s earlier versions.',
      type: 'parallel',
      on: { 'product.closed': { target: 'browsing', actions: 'close' } },
      states: {
        form: {
          initial: 'typing',
          states: {
            typing: {
              on: {
                'product.textChanged': { actions: { type: 'changeText', params: ({ event }) => event } },
                'product.nameChanged': { actions: { type: 'changeName', params: ({ event }) => event } },
                'product.activeChanged': { actions: { type: 'changeActive', params: ({ event }) => event } },
                'product.noteChanged': { actions: { type: 'changeNote', params: ({ event }) => event } },
                'product.saved': [
                  { guard: 'draftSendable', target: 'saving', actions: 'clearError' },
                  { actions: 'showDraftErrors' },
                ],
                'product.reopened': { target: '#consoleProducts.loading', actions: 'startAgain' },
              },
            },
            saving: {
              tags: ['saving'],
              on: { 'product.closed': {} },
              invoke: {
                src: 'saveProduct',
                input: ({ context }) => ({ id: context.draft!.id, request: editRequest(context.draft!) }),
                onDone: {
                  target: '#consoleProducts.browsing',
                  actions: [{ type: 'takeSaved', params: ({ event }) => ({ reply: event.output }) }, 'close'],
                },
                onError: [
                  sessionEndedTo('typing'),
                  {
                    guard: { type: 'changedMeanwhile', params: ({ event }) => ({ error: event.error }) },
                    target: 'typing',
                    actions: { type: 'showStale', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    guard: { type: 'invalidProduct', params: ({ event }) => ({ error: event.error }) },
                    target: 'typing',
                    actions: { type: 'showServerProblems', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    guard: { type: 'refusedAtFields', params: ({ event }) => ({ error: event.error }) },
                    target: 'typing',
                    actions: { type: 'showRefusedFields', params: ({ event }) => ({ error: event.error }) },
                  },
                  failureTo('typing', 'showFailure'),
                ],
              },
            },
          },
        },
        history: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'readProductVersions',
                input: ({ context }) => ({ id: context.draft!.id }),
                onDone: {
                  target: 'shown',
                  actions: { type: 'takeVersions', params: ({ event }) => ({ versions: event.output }) },
                },
                onError: 'unavailable',
              },
            },
            shown: {},
            unavailable: {},
          },
        },
      },
    },
  },
})

/** What the products page shows. */
export function productsView(s: SnapshotFrom<typeof consoleProductsMachine>) {
  const c = s.context
  return {
    loading: s.hasTag('busy'),
    failed: s.hasTag('failed'),
    error: c.error,
    products: c.products,
    saved: c.saved,
    draft: c.draft,
    problems: c.problems,
    notJson: c.notJson,
    noteError: c.fieldErrors.note ?? null,
    namesError: c.fieldErrors.names ?? null,
    saving: s.hasTag('saving'),
    canSave: s.can({ type: 'product.saved' }) && !c.notJson && c.problems.length === 0,
    staleVersion: c.staleVersion,
    versions: c.versions,
    historyUnavailable: s.matches({ editing: { history: 'unavailable' } }),
    timeZone: c.timeZone,
  }
}
