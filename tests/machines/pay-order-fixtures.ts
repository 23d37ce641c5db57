/** Replies of the money path as the server sends them (domain/api-types.ts), for the screen machines' tests. */
import type { PaymentOrder } from '../../machines/payment-order.machine'
import type { PaymentChannel } from '../../domain/api-types'

const iso = (ms: number) => new Date(ms).toISOString()

/** A pending payment order the server created at `createdAt` (15 minutes to pay), answered at `serverNow`. */
export function payOrder(
  at: { createdAt: number; serverNow: number; receivedAt: number },
  over: Partial<PaymentOrder> = {},
): PaymentOrder {
  return {
    payOrderId: 'PY-1',
    orderNo: 'KP261203000000001',
    purpose: 'repayment',
    amountMinor: 300_000,
    currency: 'TZS',
    channelId: 'mpesa',
    status: 'pending',
    createdAt: iso(at.createdAt),
    expiresAt: iso(at.createdAt + 15 * 60_000),
    instructions: { payTo: null, reference: null, pushSent: true },
    serverNow: at.serverNow,
    receivedAt: at.receivedAt,
    ...over,
  }
}

export function channel(channelId: string, available: boolean): PaymentChannel {
  return { channelId, kind: 'push', provider: null, nameKey: `wallets.${channelId}`, available }
}
