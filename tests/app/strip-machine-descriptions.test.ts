/**
 * Issue 12: the app's build leaves out the machines' `description` texts (scripts/vite/strip-machine-descriptions.ts).
 * What it removes must be only the prose of states and transitions: a data object's `description` (a ticket's, a
 * form's initial values) stays, and the machine that results is the same machine.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'
import { descriptionSpans, MACHINE_FILE } from '../../scripts/vite/strip-machine-descriptions'

const strip = (code: string) => {
  let out = code
  for (const [start, end] of [...descriptionSpans(code)].reverse()) out = out.slice(0, start) + out.slice(end)
  return out
}

describe('the machines without their descriptions', () => {
  it('removes the prose of a state or a transition, with its comma, wherever it stands', () => {
    expect(strip("const s = { description: 'first’s', on: { go: 'b' } }")).toBe("const s = { on: { go: 'b' } }")
    expect(strip("const s = { initial: 'a', description: 'a ' + `b`, states: {} }")).toBe(
      "const s = { initial: 'a', states: {} }",
    )
    expect(strip("const t = { target: 'b', description: \"last\" }")).toBe("const t = { target: 'b' }")
  })

  it('leaves a data object’s description, and one that is not plain text', () => {
    for (const code of [
      "const values = { description: '', images: [] }",
      "const ticket = { id: 1, type: 'loan', description: 'Slow pay-out' }",
      'const s = { on: {}, description: text }',
      'const s = { on: {}, description: `for ${name}` }',
    ])
      expect(strip(code)).toBe(code)
  })

  it('leaves the journey a valid module with every state and transition but no description', () => {
    // The journey and its state fragments (machines/journey/) are stripped alike.
    const folder = path.resolve(import.meta.dirname, '../../machines')
    const files = [
      path.join(folder, 'journey.machine.ts'),
      ...readdirSync(path.join(folder, 'journey')).map((name) => path.join(folder, 'journey', name)),
    ]
    let spanCount = 0
    for (const file of files) {
      const source = readFileSync(file, 'utf8')
      const stripped = strip(source)
      expect(() => parseAst(stripped, { lang: 'ts' })).not.toThrow()
      // What went is descriptions only: each removed span is one `description:` and its comma, with no state,
      // transition, invocation or action in it.
      const spans = descriptionSpans(source).map(([start, end]) => source.slice(start, end))
      spanCount += spans.length
      for (const span of spans) {
        expect(span, span).toMatch(/^(\s*,\s*)?description:/)
        expect(span.match(/\bdescription:/g), span).toHaveLength(1)
        expect(span, span).not.toMatch(/\b(states|on|invoke|target|guard|actions|entry|exit|always|after|tags|meta):\s*[[{'"`]/)
      }
    }
    expect(spanCount).toBeGreaterThan(20)
  })

  it('strips every file of machines/, the journey’s fragments in their folder too', () => {
    expect(MACHINE_FILE.test('/app/machines/journey.machine.ts')).toBe(true)
    expect(MACHINE_FILE.test('/app/machines/journey/loan-states.ts')).toBe(true)
    expect(MACHINE_FILE.test('/app/screens/journey/loan-states.ts')).toBe(false)
  })
})
