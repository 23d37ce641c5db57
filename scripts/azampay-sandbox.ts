/**
 * `npx tsx scripts/azampay-sandbox.ts <mpesa|airtel|tigo|halopesa> <wallet number> [payout]`: the AzamPay adapter's
 * contract against AzamPay's own sandbox (docs/operations.md "Tanzania: AzamPay"), outside the test suite — it
 * needs the network and the lender's sandbox app, which the suite never has; the suite runs the same adapter
 * against tests/server/helpers/fake-azampay.ts.
 *
 * Reads the KOPA_AZAMPAY_* settings (server/payments/config.ts; KOPA_AZAMPAY_ENV defaults to the sandbox) and, in
 * order: gets a token, looks the wallet's name up, pushes a 1,000 TZS MNO checkout to the wallet and asks its
 * status until it is final (two minutes at most), and with `payout` sends 1,000 TZS to it by createtransfer and
 * asks its status the same way. It prints what each step answered — states, AzamPay's words, whether a name was
 * found and how many parts it has, never the name itself. The sandbox cannot reach a callback URL on this machine:
 * results come from the status query. Exit code 0 when every answer was readable, 1 otherwise.
 */
import { AZAMPAY_OPERATORS, AzamPayProvider } from '../server/payments/azampay'
import { loadPaymentSettings } from '../server/payments/config'
import { nameParts } from '../server/payments/names'
import type { ProviderAck, TransferKind } from '../server/payments/provider'

const [wallet, account, payout] = process.argv.slice(2)
if (!wallet || !AZAMPAY_OPERATORS[wallet] || !account || (payout && payout !== 'payout')) {
  console.error(
    'usage: npx tsx scripts/azampay-sandbox.ts <mpesa|airtel|tigo|halopesa> <wallet number> [payout]',
  )
  process.exit(2)
}
const settings = loadPaymentSettings('test', process.env).azampay
if (!settings) {
  console.error('Set KOPA_AZAMPAY_APP_NAME, KOPA_AZAMPAY_CLIENT_ID, KOPA_AZAMPAY_CLIENT_SECRET and the rest')
  process.exit(2)
}
const azampay = new AzamPayProvider({ ...settings, now: () => Date.now() })
const print = (step: string, answer: unknown) => console.log(JSON.stringify({ step, ...(answer as object) }))
const AMOUNT_MINOR = 1_000 * 100

/** Asks the status every 5 seconds until it is final, two minutes at most. */
async function follow(kind: TransferKind, reference: string, ack: ProviderAck): Promise<void> {
  const providerRef = ack.result === 'accepted' ? ack.providerRef : null
  for (let i = 0; i < 24; i++) {
    const status = await azampay.status({
      kind,
      reference,
      providerRef,
      amountMinor: AMOUNT_MINOR,
      walletProvider: wallet,
    })
    print(`${kind} status`, status)
    if (status.state !== 'pending') return
    await new Promise((r) => setTimeout(r, 5_000))
  }
}

try {
  await azampay.accessToken()
  print('token', { ok: true })
  const found = await azampay.lookupName({ account, walletProvider: wallet })
  print(
    'name lookup',
    found.found
      ? { found: true, nameParts: nameParts(found.name).length }
      : { found: false, reason: found.reason },
  )
  const collection = `SBXPY${Date.now()}`
  const pushed = await azampay.requestPayment({
    reference: collection,
    amountMinor: AMOUNT_MINOR,
    currency: 'TZS',
    payer: account,
    description: collection,
    walletProvider: wallet,
  })
  print('checkout', pushed)
  if (pushed.result !== 'refused') await follow('collection', collection, pushed)
  if (payout) {
    const reference = `SBXPO${Date.now()}`
    const sent = await azampay.disburse({
      reference,
      amountMinor: AMOUNT_MINOR,
      currency: 'TZS',
      account,
      walletProvider: wallet,
      ...(found.found ? { payeeName: found.name } : {}),
    })
    print('createtransfer', sent)
    if (sent.result !== 'refused') await follow('payout', reference, sent)
  }
} catch (error) {
  console.error(`AzamPay gave no readable answer: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
