/**
 * legalDocument — the privacy policy (/privacy_policy, /privacy) and the terms of service (/terms_of_service,
 * /agreements) as the server writes them for the borrower's country and language (server/content/legal.ts:
 * GET /legal/<document>.json, an AgreementDocument quoting the live configuration). Public: no session needed.
 *
 * Input (LegalDocumentInput): { document, country }
 * Events: document.retried
 * Tags:   busy (loading), loadFailed
 * Actors the composition provides:
 *   loadLegalDocument ({ document, country }) → AgreementDocument   (GET /legal/<document>.json)
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { AgreementDocument } from '../domain/api-types'
import type { CountryCode } from '../domain/countries'
import { failureOf, messageOf, type Message } from './kit/call-failure'

export const LEGAL_DOCUMENTS = ['privacy-policy', 'terms-of-service'] as const
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number]

export interface LegalDocumentInput {
  document: LegalDocumentName
  country: CountryCode
}

export interface LegalDocumentContext extends LegalDocumentInput {
  text: AgreementDocument | null
  error: Message | null
}

export type LegalDocumentEvent = { type: 'document.retried' }

export const legalDocumentMachine = setup({
  types: {
    context: {} as LegalDocumentContext,
    events: {} as LegalDocumentEvent,
    input: {} as LegalDocumentInput,
    tags: {} as 'busy' | 'loadFailed',
  },
  actors: {
    loadLegalDocument: fromPromise<AgreementDocument, LegalDocumentInput>(() => {
      throw new Error("The 'loadLegalDocument' actor is provided by the composition")
    }),
  },
  actions: {
    keep: assign((_, params: { text: AgreementDocument }) => ({ text: params.text, error: null })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: messageOf(failureOf(params.error)) })),
  },
}).createMachine({
  id: 'legalDocument',
  description: 'A public legal text (privacy policy, terms of service) read from the server.',
  context: ({ input }) => ({ ...input, text: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadLegalDocument',
        input: ({ context }) => ({ document: context.document, country: context.country }),
        onDone: {
          target: 'shown',
          actions: { type: 'keep', params: ({ event }) => ({ text: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { tags: ['loadFailed'], on: { 'document.retried': 'loading' } },
    shown: {},
  },
})

/** What a legal document page shows — its one read of this machine: the text, or that it failed and why. */
export function legalDocumentView(s: SnapshotFrom<typeof legalDocumentMachine>) {
  return { document: s.context.text, failed: s.hasTag('loadFailed'), error: s.context.error }
}
