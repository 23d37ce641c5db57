import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import rule from '../../scripts/eslint/xstate-conventions.js'

RuleTester.describe = describe
RuleTester.it = it

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } })

describe('the machines keep the xstate conventions of the kit', () => {
  tester.run('xstate-conventions', rule, {
    valid: [
      // What an actor returned reaches the guard as typed params.
      { code: "const g = (_, { output }: Output<Offer>) => output.ok; const a = { type: 'keepOffer', params: outputParams }" },
      { code: 'const failure = failureOf(errorOf(event))' },
      // A machine's own output is not the event.
      { code: 'const out = ({ event }) => event.output as LendingOutput' },
      { code: "import { notProvided } from './kit/not-provided'" },
      { code: 'export function notProvided() {}', filename: 'machines/kit/not-provided.ts' },
    ],
    invalid: [
      { code: 'const offer = (event as { output?: Offer }).output', errors: [{ messageId: 'eventCast' }] },
      {
        code: 'const offer = (event as unknown as { output: Offer }).output',
        errors: [{ messageId: 'eventCast' }],
      },
      { code: "const f = sendTo('session', ({ event }) => event as SessionEvent)", errors: [{ messageId: 'eventCast' }] },
      { code: 'const e = (args.event as { error?: unknown }).error', errors: [{ messageId: 'eventCast' }] },
      {
        code: 'function notProvided(name) { return () => { throw new Error(name) } }',
        filename: 'machines/lending.machine.ts',
        errors: [{ messageId: 'localNotProvided' }],
      },
    ],
  })
})
