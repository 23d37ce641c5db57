import { describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { helpContentMachine, type HelpContentKind } from '../../machines/help-content.machine'
import { languageMachine } from '../../machines/language.machine'
import type { ApiResult } from '../../domain/api-result'
import type { ApiClient } from '../../services/api/client'
import { createHelpContentActors } from '../../services/actors/help-content-actors'
import { createLanguageActors } from '../../services/actors/language-actors'
import { createMemoryStorage, createStorage } from '../../services/storage/storage'

const ANSWERS: Record<string, unknown> = {
  '/app/faq': { language: 'es', sections: [{ id: 's', title: 'Préstamos', items: [] }] },
  '/feedback/list/question_answer': {
    items: [{ id: 'q', question: '¿Cuándo llega?', answer: 'En 60 minutos.' }],
  },
  '/app-download/getAddress': { url: 'https://kopa.example/app.apk', version: '2.4.0' },
}

function fakeApi() {
  const paths: string[] = []
  const request = vi.fn(async (path: string): Promise<ApiResult<unknown>> => {
    paths.push(path)
    return { ok: true, data: ANSWERS[path] }
  })
  return { api: { request } as unknown as Pick<ApiClient, 'request'>, paths }
}

async function load(kind: HelpContentKind, inApp: boolean) {
  const { api, paths } = fakeApi()
  const actor = createActor(helpContentMachine.provide({ actors: createHelpContentActors({ api, inApp }) }), {
    input: { kind },
  }).start()
  return { snapshot: await waitFor(actor, (s) => s.matches('shown')), paths }
}

describe('help content actors', () => {
  it('read the FAQ and the questions before a ticket from their calls', async () => {
    const faq = await load('faq', false)
    expect(faq.paths).toEqual(['/app/faq'])
    expect(faq.snapshot.context.faq?.sections[0]?.title).toBe('Préstamos')
    const questions = await load('questions', false)
    expect(questions.paths).toEqual(['/feedback/list/question_answer'])
    expect(questions.snapshot.context.questions).toHaveLength(1)
  })

  it('ask for the download address only outside the native shell', async () => {
    const browser = await load('downloadAddress', false)
    expect(browser.paths).toEqual(['/app-download/getAddress'])
    expect(browser.snapshot.context.download?.url).toBe('https://kopa.example/app.apk')
    const shell = await load('downloadAddress', true)
    expect(shell.paths).toEqual([])
    expect(shell.snapshot.context.inApp).toBe(true)
  })
})

describe('language actors', () => {
  it("keep the borrower's language under spec §3's `language` key", async () => {
    const backend = createMemoryStorage()
    const storage = createStorage(backend)
    storage.set('language', 'en')
    const actor = createActor(languageMachine.provide({ actors: createLanguageActors({ storage }) })).start()
    await waitFor(actor, (s) => s.matches('ready') && s.context.language === 'en')
    actor.send({ type: 'language.chosen', language: 'sw' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(backend.getItem('language')).toBe('sw')
  })
})
