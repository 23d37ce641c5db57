/**
 * `npm run console:admin -- --username ana.admin --name "Ana Mwita"`: creates a staff admin of the lender's
 * console (issue 20) in the database the server uses (scripts/operator-db.ts), the first one or another, and prints
 * once what they need to sign in: a generated password (theirs to change at POST /console/api/password) and the
 * otpauth:// URI for their authenticator app. The creation is in the audit log, by no staff member (this command).
 *
 * Exit status: 0 created, 2 could not (bad arguments, no database, migrations missing, username taken).
 */
import { randomBytes } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { createClock } from '../server/clock'
import { createStaff } from '../server/console/staff'
import { otpauthUri } from '../server/console/totp'
import { isUniqueViolation, type Database } from '../server/db/client'
import { CannotRun, expectMigrated, openConfigured } from './operator-db'

const USAGE = 'usage: npm run console:admin -- --username <a-z0-9._-, 3 to 40> --name "<display name>"'
const TOTP_ISSUER = 'Kopa console'

export async function main(
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
  print: (text: string) => void = (text) => console.log(text),
  printError: (text: string) => void = (text) => console.error(text),
): Promise<number> {
  const arg = (name: string) => {
    const at = argv.indexOf(name)
    return at >= 0 ? argv[at + 1] : undefined
  }
  const username = arg('--username')?.trim().toLowerCase()
  const displayName = arg('--name')?.trim()
  if (!username || !/^[a-z0-9._-]{3,40}$/.test(username) || !displayName || displayName.length > 80) {
    printError(`console:admin: ${USAGE}`)
    return 2
  }
  let database: Database | null = null
  try {
    const opened = await openConfigured(env)
    database = opened.database
    await expectMigrated(database)
    const clock = createClock(database.db, { adjustable: !opened.production })
    await clock.sync()
    // 20 random bytes, base64url: 27 characters, well above the console's 12.
    const password = randomBytes(20).toString('base64url')
    const { member, totpSecret } = await createStaff(
      database.db,
      clock.now(),
      { username, displayName, role: 'admin', password },
      null,
    )
    print(
      [
        `Created admin ${member.username} (staff ${member.id}).`,
        `Password (shown once): ${password}`,
        `Authenticator (scan or paste into the app): ${otpauthUri(TOTP_ISSUER, member.username, totpSecret)}`,
      ].join('\n'),
    )
    return 0
  } catch (err) {
    if (isUniqueViolation(err)) printError(`console:admin: the username ${username} is taken`)
    else if (err instanceof CannotRun) printError(`console:admin: ${err.message}`)
    else printError(`console:admin: ${err instanceof Error ? err.message : String(err)}`)
    return 2
  } finally {
    await database?.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main()
}
