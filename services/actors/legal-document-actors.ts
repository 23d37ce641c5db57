/**
 * The legal texts' I/O (machines/legal-document.machine.ts): the server's public documents
 * (server/content/legal.ts) at GET /legal/<document>.json?country=&lang= — plain JSON like the public web pages,
 * not an API call. Composition: `legalDocumentMachine.provide({ actors: createLegalDocumentActors({ api, language })
 * })`.
 */
import { fromPromise } from 'xstate'
import type { ApiFailure } from '../../domain/api-result'
import type { AgreementDocument } from '../../domain/api-types'
import type { CountryCode, Language } from '../../domain/countries'
import type { ApiClient } from '../api/client'

interface LegalDocumentInput {
  document: 'privacy-policy' | 'terms-of-service'
  country: CountryCode
}

const NETWORK: ApiFailure = { ok: false, kind: 'network', message: 'errors.network' }
const REFUSED: ApiFailure = {
  ok: false,
  kind: 'rejected',
  code: 1500,
  message: '',
  messageKey: 'errors.requestFailed',
}

function isDocument(value: unknown): value is AgreementDocument {
  const doc = value as Partial<AgreementDocument> | null
  return typeof doc?.title === 'string' && typeof doc.html === 'string' && typeof doc.version === 'string'
}

export function createLegalDocumentActors({
  api,
  language,
}: {
  api: Pick<ApiClient, 'axios'>
  /** The interface language now. */
  language: () => Language
}) {
  return {
    loadLegalDocument: fromPromise<AgreementDocument, LegalDocumentInput>(async ({ input, signal }) => {
      let response
      try {
        response = await api.axios.get(`/legal/${input.document}.json`, {
          params: { country: input.country, lang: language() },
          signal,
        })
      } catch {
        throw NETWORK
      }
      if (response.status !== 200 || !isDocument(response.data)) throw REFUSED
      return response.data
    }),
  }
}
