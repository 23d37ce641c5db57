import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { helpContentMachine, type HelpContentKind } from '../../machines/help-content.machine'
import type { DownloadAddress, FaqContent, FaqItem } from '../../domain/api-types'

const FAQ: FaqContent = {
  language: 'sw',
  sections: [
    {
      id: 'loans',
      title: 'Mikopo',
      items: [{ id: 'q1', question: 'Naweza kukopa kiasi gani?', answer: 'Hadi TSh 500,000.' }],
    },
  ],
}
const QUESTIONS: FaqItem[] = [
  { id: 'f1', question: 'Nimelipa lakini deni halijabadilika', answer: 'Subiri saa 48.' },
]
const ADDRESS: DownloadAddress = { url: 'https://kopa.example/app.apk', version: '2.4.0' }
const OFFLINE = { ok: false, kind: 'network', message: 'errors.network' }

function start(kind: HelpContentKind, answers: { fail?: boolean; inApp?: boolean } = {}) {
  const calls: string[] = []
  let fail = answers.fail ?? false
  const answer = <T>(name: string, value: T) =>
    fromPromise(async () => {
      calls.push(name)
      if (fail) throw OFFLINE
      return value
    })
  const actor = createActor(
    helpContentMachine.provide({
      actors: {
        loadFaq: answer('faq', FAQ),
        loadQuestions: answer('questions', QUESTIONS),
        loadDownloadAddress: answer('downloadAddress', answers.inApp ? null : ADDRESS),
      },
    }),
    { input: { kind } },
  ).start()
  return { actor, calls, recover: () => (fail = false) }
}

describe('help content', () => {
  it('reads only the FAQ on the FAQ screen, busy until it arrives', async () => {
    const { actor, calls } = start('faq')
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const shown = await waitFor(actor, (s) => s.matches('shown'))
    expect(shown.context.faq).toEqual(FAQ)
    expect(shown.hasTag('busy')).toBe(false)
    expect(calls).toEqual(['faq'])
  })

  it('reads the questions shown before a ticket', async () => {
    const { actor, calls } = start('questions')
    const shown = await waitFor(actor, (s) => s.matches('shown'))
    expect(shown.context.questions).toEqual(QUESTIONS)
    expect(calls).toEqual(['questions'])
  })

  it('reads where to download the app in a browser, and says the borrower is in the app inside the shell', async () => {
    const browser = start('downloadAddress')
    const inBrowser = await waitFor(browser.actor, (s) => s.matches('shown'))
    expect(inBrowser.context).toMatchObject({ download: ADDRESS, inApp: false })

    const shell = start('downloadAddress', { inApp: true })
    const inShell = await waitFor(shell.actor, (s) => s.matches('shown'))
    expect(inShell.context).toMatchObject({ download: null, inApp: true })
  })

  it('says why a failed read failed and reads again when the borrower retries', async () => {
    const { actor, calls, recover } = start('faq', { fail: true })
    const failed = await waitFor(actor, (s) => s.hasTag('loadFailed'))
    expect(failed.context.error).toEqual({ key: 'errors.network' })
    expect(failed.can({ type: 'content.retried' })).toBe(true)
    recover()
    actor.send({ type: 'content.retried' })
    const shown = await waitFor(actor, (s) => s.matches('shown'))
    expect(shown.context).toMatchObject({ faq: FAQ, error: null })
    expect(calls).toEqual(['faq', 'faq'])
  })

  it('offers no retry once the content is shown', async () => {
    const { actor } = start('questions')
    const shown = await waitFor(actor, (s) => s.matches('shown'))
    expect(shown.can({ type: 'content.retried' })).toBe(false)
  })
})
