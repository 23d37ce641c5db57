/**
 * docs/native-bridge.md is what the shell's developers build from, so it must name exactly what the code sends
 * and listens to. This test reads the document's headings and tables and compares them with the lists the bridge
 * exports; adding an action or an event without documenting it (or leaving a removed one in the document) fails.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  BRIDGE_ACTION_NAMES,
  BRIDGE_ACTIONS,
  BRIDGE_EVENTS,
  PERMISSIONS,
  SHELL_ERROR_CODES,
  UPLOAD_FLAGS,
} from '../../services/bridge/native-bridge'

const doc = readFileSync(new URL('../../docs/native-bridge.md', import.meta.url), 'utf8')
const source = readFileSync(new URL('../../services/bridge/native-bridge.ts', import.meta.url), 'utf8')

/** The text of the `## N. Title` section whose title starts with `title`. */
function section(title: string): string {
  const parts = doc.split(/^(?=## )/m)
  const found = parts.find((p) => new RegExp(`^## \\d+\\. ${title}\\b`).test(p))
  if (!found) throw new Error(`docs/native-bridge.md has no section "${title}"`)
  return found
}

/** The `### \`name\`` subsections of a section, by name. */
function subsections(text: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const part of text.split(/^(?=### )/m).slice(1)) {
    const name = /^### `([^`]+)`/.exec(part)?.[1]
    if (name) map.set(name, part)
  }
  return map
}

/** The rows of the first table in `text` whose header starts with `firstHeader`, as arrays of trimmed cells. */
function table(text: string, firstHeader: string): string[][] {
  const lines = text.split('\n')
  const start = lines.findIndex((l) => new RegExp(`^\\|\\s*${firstHeader}\\s*\\|`).test(l))
  if (start < 0) throw new Error(`no table starting with "${firstHeader}"`)
  const rows: string[][] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
  }
  return rows
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, '')
const sorted = (names: Iterable<string>) => [...names].sort()

describe('docs/native-bridge.md', () => {
  const actions = section('Actions')
  const events = section('Events')

  it('documents every action the bridge sends, in the summary table and in a section of its own, and no other', () => {
    const summary = table(actions, 'Action').map((row) => unquote(row[0]!))
    expect(sorted(summary)).toEqual(sorted(BRIDGE_ACTION_NAMES))
    expect(sorted(subsections(actions).keys())).toEqual(sorted(BRIDGE_ACTION_NAMES))
  })

  it('gives each action the timeout class the code uses', () => {
    const documented = Object.fromEntries(table(actions, 'Action').map((row) => [unquote(row[0]!), row[1]]))
    expect(documented).toEqual(BRIDGE_ACTIONS)
  })

  it('documents every event the bridge listens to, in the summary table and in a section of its own, and no other', () => {
    const summary = table(events, 'Event').map((row) => unquote(row[0]!))
    expect(sorted(summary)).toEqual(sorted(BRIDGE_EVENTS))
    expect(sorted(subsections(events).keys())).toEqual(sorted(BRIDGE_EVENTS))
  })

  it('lists a web fallback for every action', () => {
    const fallbacks = table(section('Web fallbacks'), 'Action').map((row) => unquote(row[0]!))
    expect(sorted(fallbacks.filter((name) => name !== 'events'))).toEqual(
      sorted(BRIDGE_ACTION_NAMES.filter((name) => name !== 'hello')),
    )
  })

  it('gives every action and event an example whose JSON is valid and names it', () => {
    const all = [
      ...[...subsections(actions)].map(([name, text]) => ({ kind: 'action', name, text })),
      ...[...subsections(events)].map(([name, text]) => ({ kind: 'event', name, text })),
    ]
    for (const { kind, name, text } of all) {
      const lines = text.split('\n').filter((line) => /^[→←] /.test(line))
      expect(lines.length, name).toBeGreaterThan(0)
      const messages = lines.map(
        (line) => JSON.parse(line.slice(2).replace(/…/g, '')) as Record<string, unknown>,
      )
      for (const message of messages) expect(message.v, name).toBe(1)
      if (kind === 'event') {
        expect(messages.map((m) => m.event)).toEqual([name])
      } else {
        const [call, reply] = messages
        expect(call).toMatchObject({ action: name, id: expect.any(String), payload: expect.any(Object) })
        expect(reply).toMatchObject({ id: call!.id, ok: true })
      }
    }
  })

  it('lists exactly the error codes a shell may answer with', () => {
    const codes = table(section('Errors'), 'Code').map((row) => unquote(row[0]!))
    expect(sorted(codes)).toEqual(sorted(SHELL_ERROR_CODES))
  })

  it('lists every permission name and every upload flag the code uses', () => {
    const permissions = table(subsections(actions).get('queryPermissions')!, 'Permission').map((row) =>
      unquote(row[0]!),
    )
    expect(sorted(permissions)).toEqual(sorted(PERMISSIONS))
    const timeSdk = table(subsections(actions).get('timeSDK')!, 'Payload field').map((row) =>
      unquote(row[0]!),
    )
    for (const flag of UPLOAD_FLAGS) expect(timeSdk).toContain(flag)
  })

  it('documents exactly the fields timeSDK sends (tests/services/bridge-native.test.ts checks the code sends these)', () => {
    const timeSdk = table(subsections(actions).get('timeSDK')!, 'Payload field').map((row) =>
      unquote(row[0]!),
    )
    expect(sorted(timeSdk)).toEqual(
      sorted(['orderNo', 'userId', 'step', 'isSubmit', 'packageNames', ...UPLOAD_FLAGS]),
    )
  })
})

describe('the bridge’s own lists', () => {
  it('name every action the code sends and every event it emits (no name outside the lists)', () => {
    const sent = [...source.matchAll(/\b(?:invoke|handledBy|call)\(\s*'([A-Za-z]+)'/g)].map((m) => m[1]!)
    const logged = [...source.matchAll(/logEvent\([^,]+,\s*'([A-Za-z]+)'/g)].map((m) => m[1]!)
    const emitted = [...source.matchAll(/\bemit\(\s*'([A-Za-z]+)'/g)].map((m) => m[1]!)
    expect(sent.length + logged.length).toBeGreaterThan(10)
    for (const action of [...sent, ...logged]) expect(BRIDGE_ACTION_NAMES).toContain(action)
    for (const event of emitted) expect(BRIDGE_EVENTS).toContain(event)
  })
})
