/**
 * help content — the public texts of the user centre and the feedback screens, read from the server in the
 * borrower's language (the API client sends the chosen language with every call):
 *   'faq'             the FAQ (user_center/faq), sections of questions and answers      (GET /app/faq)
 *   'questions'       the questions shown before writing a ticket (feedback_faq)        (GET /feedback/list/question_answer)
 *   'downloadAddress' where to get the app, for the "run in the app" prompt (open_app) (GET /app-download/getAddress)
 * Inside the native shell there is nothing to download: the download-address actor answers null and the screen
 * says the borrower is in the app already. All three calls are public (no session needed).
 *
 * Input (HelpContentInput): { kind }
 * Events: content.retried
 * Tags:   busy (loading), loadFailed
 * Actors the composition provides (services/actors/help-content-actors.ts):
 *   loadFaq             () → FaqContent
 *   loadQuestions       () → FaqItem[]
 *   loadDownloadAddress () → DownloadAddress | null   (null: running inside the native shell)
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { DownloadAddress, FaqContent, FaqItem } from '../domain/api-types'
import { failureOf, messageOf, type Message } from './kit/call-failure'
import { notProvided } from './kit/not-provided'

export const HELP_CONTENT_KINDS = ['faq', 'questions', 'downloadAddress'] as const
export type HelpContentKind = (typeof HELP_CONTENT_KINDS)[number]

export interface HelpContentInput {
  kind: HelpContentKind
}

export interface HelpContentContext {
  kind: HelpContentKind
  faq: FaqContent | null
  questions: FaqItem[] | null
  /** The download address; null until read, and when the borrower is in the app already (`inApp`). */
  download: DownloadAddress | null
  /** The page runs inside the native shell: there is nothing to download. */
  inApp: boolean
  error: Message | null
}

export type HelpContentEvent = { type: 'content.retried' }

export const helpContentMachine = setup({
  types: {
    context: {} as HelpContentContext,
    events: {} as HelpContentEvent,
    input: {} as HelpContentInput,
    tags: {} as 'busy' | 'loadFailed',
  },
  actors: {
    loadFaq: fromPromise<FaqContent>(notProvided('loadFaq', 'services/actors/help-content-actors.ts')),
    loadQuestions: fromPromise<FaqItem[]>(
      notProvided('loadQuestions', 'services/actors/help-content-actors.ts'),
    ),
    loadDownloadAddress: fromPromise<DownloadAddress | null>(
      notProvided('loadDownloadAddress', 'services/actors/help-content-actors.ts'),
    ),
  },
  guards: {
    kindIs: ({ context }, params: { kind: HelpContentKind }) => context.kind === params.kind,
  },
  actions: {
    keepFaq: assign((_, params: { faq: FaqContent }) => ({ faq: params.faq, error: null })),
    keepQuestions: assign((_, params: { items: FaqItem[] }) => ({ questions: params.items, error: null })),
    keepDownload: assign((_, params: { address: DownloadAddress | null }) => ({
      download: params.address,
      inApp: params.address === null,
      error: null,
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: messageOf(failureOf(params.error)) })),
  },
}).createMachine({
  id: 'helpContent',
  description:
    'A public text of the user centre (FAQ, questions before a ticket, download address), read once.',
  context: ({ input }) => ({
    kind: input.kind,
    faq: null,
    questions: null,
    download: null,
    inApp: false,
    error: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      always: [
        { guard: { type: 'kindIs', params: { kind: 'faq' } }, target: 'loadingFaq' },
        { guard: { type: 'kindIs', params: { kind: 'questions' } }, target: 'loadingQuestions' },
        { target: 'loadingDownloadAddress' },
      ],
    },
    loadingFaq: {
      tags: ['busy'],
      invoke: {
        src: 'loadFaq',
        onDone: {
          target: 'shown',
          actions: { type: 'keepFaq', params: ({ event }) => ({ faq: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingQuestions: {
      tags: ['busy'],
      invoke: {
        src: 'loadQuestions',
        onDone: {
          target: 'shown',
          actions: { type: 'keepQuestions', params: ({ event }) => ({ items: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingDownloadAddress: {
      tags: ['busy'],
      invoke: {
        src: 'loadDownloadAddress',
        onDone: {
          target: 'shown',
          actions: { type: 'keepDownload', params: ({ event }) => ({ address: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The call failed (offline, timeout): the screen offers a retry.',
      tags: ['loadFailed'],
      on: { 'content.retried': 'choosing' },
    },
    shown: {},
  },
})

/**
 * What the FAQ, open-app and feedback_faq pages show — their one read of this machine: the content loaded, or that
 * it failed.
 */
export function helpContentView(s: SnapshotFrom<typeof helpContentMachine>) {
  const { context } = s
  return {
    faq: context.faq,
    questions: context.questions,
    download: context.download,
    inApp: context.inApp,
    failed: s.hasTag('loadFailed'),
    error: context.error,
  }
}
