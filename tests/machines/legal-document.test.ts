import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { legalDocumentMachine, type LegalDocumentInput } from '../../machines/legal-document.machine'
import type { AgreementDocument } from '../../domain/api-types'

const DOC: AgreementDocument = { title: 'Privacy policy', version: '2026-01', language: 'en', html: '<p>Data</p>' }

describe('legal document', () => {
  it('reads the document the route names for the borrower’s country, and retries after a failure', async () => {
    const asked: LegalDocumentInput[] = []
    let fail = true
    const actor = createActor(
      legalDocumentMachine.provide({
        actors: {
          loadLegalDocument: fromPromise(async ({ input }: { input: LegalDocumentInput }) => {
            asked.push(input)
            if (fail) throw { ok: false, kind: 'network', message: 'errors.network' }
            return DOC
          }),
        },
      }),
      { input: { document: 'privacy-policy', country: 'MX' } },
    ).start()
    const failed = await waitFor(actor, (s) => s.hasTag('loadFailed'))
    expect(failed.context.error).toEqual({ key: 'errors.network' })
    fail = false
    actor.send({ type: 'document.retried' })
    const shown = await waitFor(actor, (s) => s.context.text !== null)
    expect(shown.context.text).toEqual(DOC)
    expect(asked).toEqual([
      { document: 'privacy-policy', country: 'MX' },
      { document: 'privacy-policy', country: 'MX' },
    ])
  })
})
