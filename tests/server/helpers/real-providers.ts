/**
 * Providers that are not simulated, for tests that start a production server. They move no money and read no
 * pixels, but they do not say they are simulated — as a lender's own vendor would not — so production starts with
 * them (server/production-readiness.ts).
 */
import type { KycProviders } from '../../../server/kyc/providers'
import type { PaymentProvider } from '../../../server/payments/provider'

/** OCR and liveness "vendors" that recognise every card and pass every face. */
export function realKyc(): KycProviders {
  return {
    ocr: { name: 'test-ocr-vendor', read: async () => ({ recognized: true, fields: {} }) },
    liveness: { name: 'test-liveness-vendor', check: async () => ({ passed: true, score: 0.9 }) },
  }
}

/** A wallet "provider" that accepts every request and never calls back. */
export function realPaymentProvider(name = 'test-wallets'): PaymentProvider {
  return {
    name,
    disburse: async (request) => ({ result: 'accepted', providerRef: `${name}-${request.reference}` }),
    requestPayment: async (request) => ({ result: 'accepted', providerRef: `${name}-${request.reference}` }),
    status: async () => ({ state: 'pending' }),
    verifyCallback: () => ({ ok: false, reason: 'this test provider sends no callbacks' }),
    callbackReply: (accepted) => ({ accepted }),
  }
}
