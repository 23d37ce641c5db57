/**
 * Sending SMS. A provider takes a number (E.164) and a text. Two come with the server:
 * - the development provider (demo and test modes): writes the text to the development outbox (shown at
 *   GET /dev/sms with the number masked) and logs that a message went out, to a masked number;
 * - the webhook provider (any mode, KOPA_SMS_WEBHOOK_URL): POSTs `{ to, text }` as JSON to the lender's SMS
 *   gateway adapter, with `Authorization: Bearer KOPA_SMS_WEBHOOK_TOKEN` when set.
 * Production refuses to start with the development provider (server/app.ts).
 */
import { desc } from 'drizzle-orm'
import type { Queryable } from './db/client'
import { devSmsOutbox } from './db/schema/core'
import { maskMobile, type Log } from './log'

export interface SmsMessage {
  /** E.164, e.g. +255712345678. */
  readonly to: string
  readonly text: string
}

export interface SmsProvider {
  readonly name: string
  /** Throws when the message could not be handed over. */
  send(message: SmsMessage, q: Queryable): Promise<void>
}

export function createDevSmsProvider(log: Log, now: () => Date): SmsProvider {
  return {
    name: 'development',
    async send(message, q) {
      const masked = maskMobile(message.to)
      await q.insert(devSmsOutbox).values({ maskedMobile: masked, text: message.text, createdAt: now() })
      log.info({ to: masked }, 'development SMS written to the outbox')
    },
  }
}

export interface OutboxEntry {
  maskedMobile: string
  text: string
  createdAt: Date
}

export async function latestOutbox(q: Queryable, limit = 20): Promise<OutboxEntry[]> {
  return q
    .select({
      maskedMobile: devSmsOutbox.maskedMobile,
      text: devSmsOutbox.text,
      createdAt: devSmsOutbox.createdAt,
    })
    .from(devSmsOutbox)
    .orderBy(desc(devSmsOutbox.id))
    .limit(limit)
}

export function createWebhookSmsProvider(
  url: string,
  token: string,
  log: Log,
  timeoutMs = 10_000,
): SmsProvider {
  return {
    name: 'webhook',
    async send(message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!res.ok) {
        log.warn({ to: maskMobile(message.to), status: res.status }, 'SMS gateway refused the message')
        throw new Error(`SMS gateway answered ${res.status}`)
      }
      log.info({ to: maskMobile(message.to) }, 'SMS handed to the gateway')
    },
  }
}
