/**
 * `npx tsx scripts/smileid-sandbox.ts <TZ|KE|MX> <selfie> <id-front> <id-back>`: the Smile ID adapter's contract
 * against Smile ID's own sandbox (docs/operations.md "Identity: Smile ID"), outside the test suite — it needs the
 * network and the lender's sandbox keys, which the suite never has; the suite runs the same adapter against
 * tests/server/helpers/fake-smile-id.ts.
 *
 * Reads KOPA_SMILEID_PARTNER_ID, KOPA_SMILEID_API_KEY, KOPA_SMILEID_CALLBACK_URL and the other KOPA_SMILEID_*
 * settings (server/kyc/config.ts; KOPA_SMILEID_BASE_URL defaults to the sandbox), runs one document verification
 * job with the three images — signed prep_upload, zip upload, job_status until the result — on an in-memory
 * database, and prints the vendor's verdict (result, code, text, score, reason: no personal data). The sandbox
 * cannot reach a callback URL on this machine: the result comes from job_status. Exit code 0 when Smile ID gave a
 * final result, 1 otherwise.
 */
import { readFileSync } from 'node:fs'
import { isCountryCode } from '../domain/countries'
import { openDatabase } from '../server/db/client'
import { migrate } from '../server/db/migrate'
import { users } from '../server/db/schema/core'
import { loadKycSettings } from '../server/kyc/config'
import { createSmileIdKyc } from '../server/kyc/smile-id'
import { inspectImage } from '../server/uploads'

const [country, selfiePath, frontPath, backPath] = process.argv.slice(2)
if (!country || !isCountryCode(country) || !selfiePath || !frontPath || !backPath) {
  console.error('usage: npx tsx scripts/smileid-sandbox.ts <TZ|KE|MX> <selfie> <id-front> <id-back>')
  process.exit(2)
}
const settings = loadKycSettings('test', { KOPA_KYC_PROVIDER: 'smileid', ...process.env })
if (settings.provider !== 'smileid') throw new Error('unreachable')
const image = (file: string) => {
  const read = inspectImage(readFileSync(file))
  if (!read) throw new Error(`${file} is not a JPEG, PNG or WebP image`)
  return read
}

const database = await openDatabase({ url: '', dataDir: ':memory:' })
try {
  await migrate(database)
  const [user] = await database.db
    .insert(users)
    .values({ country, mobile: `sandbox-${Date.now()}`, lang: 'en', createdAt: new Date() })
    .returning()
  // The sandbox takes its time: wait up to two minutes unless KOPA_SMILEID_RESULT_WAIT_MS says otherwise.
  const smile = createSmileIdKyc({
    ...settings.smileId,
    resultWaitMs: process.env.KOPA_SMILEID_RESULT_WAIT_MS ? settings.smileId.resultWaitMs : 120_000,
  })
  smile.attach(database.db)
  const result = await smile.liveness.check(image(selfiePath), country, {
    userId: user!.id,
    idFront: image(frontPath),
    idBack: image(backPath),
  })
  console.log(
    JSON.stringify(
      { passed: result.passed, problem: result.problem ?? null, ...result.vendorResult },
      null,
      2,
    ),
  )
  process.exitCode = result.vendorResult && result.vendorResult.resultCode ? 0 : 1
} finally {
  await database.close()
}
