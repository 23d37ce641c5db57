/**
 * The console's root machine's input, context and events (machines/console-app.machine.ts).
 */
import type { ConsolePage, ConsolePermission, ConsoleRouteName, StaffMember } from '../../domain/console'
import type { Language } from '../../domain/countries'
import type { ConsoleDrafts, ConsoleSessionEndedEvent, Message } from '../console-calls'
import type { SignInNotice } from '../console-sign-in.machine'

export interface ConsoleAppInput {
  /** The page the console was opened at (its hash); null or absent: the overview. */
  entry?: ConsoleRouteName | null
  language: Language
  /** The member's time zone (IANA): days of the audit log begin there and times are shown in it. */
  timeZone: string
}

export interface ConsoleAppContext {
  member: StaffMember | null
  permissions: ConsolePermission[]
  /** The page shown, or the one start-up or sign-in leads to. */
  route: ConsolePage
  /** The page to go back to after signing in (the session ended there, or it was asked for signed out). */
  returnTo: ConsolePage | null
  /** What was typed when the session ended, by form, for `draftsOf` only. */
  drafts: ConsoleDrafts
  draftsOf: number | null
  /** Why the sign-in page shows, when it is not the first visit. */
  notice: SignInNotice | null
  /** The username of the member last signed in here, filled in on the sign-in page. */
  lastUsername: string
  language: Language
  timeZone: string
  /** Start-up could not reach the server. */
  error: Message | null
}

export type RouteEvent = { type: 'xstate.route'; to: `#${ConsoleRouteName}` }

export type ConsoleAppEvent =
  | RouteEvent
  | { type: 'console.signOutRequested' }
  | ConsoleSessionEndedEvent
  | { type: 'console.languageChosen'; language: Language }
  | { type: 'console.retried' }
