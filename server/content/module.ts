/**
 * Content: the FAQ (/app/faq) and the questions shown before a feedback ticket (/feedback/list/question_answer),
 * both built from the live configuration (server/content/faq.ts); the rejection notice with its retry date and the
 * lender's suggested services (/app/isRejectRecommendation); where to download the app (/app-download/getAddress);
 * and the public privacy policy and terms of service pages (GET /legal/<document>[.json], server/content/legal.ts).
 *
 * Which country's figures a caller sees: the session's country; before login, Mexico for Spanish and otherwise the
 * configured IP country (config.ipCountry, default Tanzania).
 */
import type { FastifyRequest } from 'fastify'
import type { RejectRecommendation } from '../../domain/api-types'
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  isCountryCode,
  LANGUAGES,
  type CountryCode,
  type Language,
} from '../../domain/countries'
import { OrderStatus } from '../../domain/order-status'
import type { ServerContext, ServerModule, Session } from '../context'
import { languageOf } from '../i18n'
import { faqContent, feedbackQuestions } from './faq'
import { loadFacts } from './facts'
import { LEGAL_DOCUMENTS, legalDocument, legalPage, type LegalDocument } from './legal'
import { latestOrder } from './orders'

/** A service the lender suggests after a rejection (a partner's app). */
export interface RecommendedApp {
  name: string
  packageName: string
  url: string
}

export interface ContentOptions {
  /** Suggested after a rejection; none unless the lender configures partners. */
  recommendedApps?: readonly RecommendedApp[]
  /** The native app's current version, shown with the download address (null: not stated). */
  appVersion?: string | null
}

/** The country whose figures a caller sees (see the module comment). */
export function contentCountry(ctx: ServerContext, session: Session | null, lang: Language): CountryCode {
  if (session) return session.country
  if (lang === 'es') return 'MX'
  return ctx.config.ipCountry || DEFAULT_COUNTRY
}

export async function faqFor(ctx: ServerContext, country: CountryCode, lang: Language) {
  const facts = await loadFacts(
    { q: ctx.db, t: ctx.t, collection: ctx.config.collection, now: ctx.clock.now() },
    country,
    lang,
  )
  return { facts, faq: faqContent(facts) }
}

/** The Play Store page of the configured package name. */
export function storeUrl(packageName: string): string {
  return `https://play.google.com/store/apps/details?id=${encodeURIComponent(packageName)}`
}

/** ?lang=, then the lang header, then the browser's Accept-Language, then the country's own language. */
function pageLanguage(req: FastifyRequest, country: CountryCode): Language {
  const query = req.query as Record<string, unknown>
  if (typeof query.lang === 'string') return languageOf(query.lang)
  if (typeof req.headers.lang === 'string') return languageOf(req.headers.lang)
  const accepted = (req.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().slice(0, 2).toLowerCase())
    .find((code) => (LANGUAGES as readonly string[]).includes(code))
  return (accepted as Language | undefined) ?? COUNTRIES[country].defaultLanguage
}

export function createContentModule(options: ContentOptions = {}): ServerModule {
  const apps = options.recommendedApps ?? []
  return {
    name: 'content',
    register(host) {
      host.registerHandler('/app/faq', async (req, ctx) => {
        return (await faqFor(ctx, contentCountry(ctx, req.session, req.lang), req.lang)).faq
      })

      host.registerHandler('/feedback/list/question_answer', async (req, ctx) => {
        const { faq } = await faqFor(ctx, contentCountry(ctx, req.session, req.lang), req.lang)
        return { items: feedbackQuestions(faq) }
      })

      host.registerHandler('/app/isRejectRecommendation', async (req, ctx): Promise<RejectRecommendation> => {
        const order = await latestOrder(ctx.db, req.session!.userId)
        if (order?.status !== OrderStatus.Reject) return { show: false, retryAt: null, apps: [] }
        const retryAt = order.retryAt
        const waiting = retryAt === null || retryAt.getTime() > ctx.clock.nowMs()
        return {
          show: waiting,
          retryAt: retryAt?.toISOString() ?? null,
          apps: waiting ? apps.map((a) => ({ ...a })) : [],
        }
      })

      host.registerHandler('/app-download/getAddress', (_req, ctx) => ({
        url: ctx.config.appDownloadUrl || storeUrl(ctx.config.packageName),
        version: options.appVersion ?? null,
      }))

      const documentOf = async (req: FastifyRequest, doc: LegalDocument) => {
        const query = req.query as Record<string, unknown>
        const country = isCountryCode(query.country)
          ? query.country
          : host.config.ipCountry || DEFAULT_COUNTRY
        const lang = pageLanguage(req, country)
        const facts = await loadFacts(
          { q: host.db, t: host.t, collection: host.config.collection, now: host.clock.now() },
          country,
          lang,
        )
        return legalDocument(doc, facts)
      }
      for (const doc of LEGAL_DOCUMENTS) {
        host.fastify.get(`/legal/${doc}`, async (req, reply) => {
          await host.clock.current()
          return reply
            .header('cache-control', 'public, max-age=300')
            .header('x-content-type-options', 'nosniff')
            .type('text/html; charset=utf-8')
            .send(legalPage(await documentOf(req, doc)))
        })
        host.fastify.get(`/legal/${doc}.json`, async (req, reply) => {
          await host.clock.current()
          return reply.header('cache-control', 'public, max-age=300').send(await documentOf(req, doc))
        })
      }
    },
  }
}

export const contentModule = createContentModule()
