import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import rule from '../../scripts/eslint/screen-contract.js'

RuleTester.describe = describe
RuleTester.it = it

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } })

describe('screens read machines through their views and the journey through its selectors', () => {
  tester.run('screen-contract', rule, {
    valid: [
      // A machine's view, read once.
      { code: 'const { order, busy } = useView(home, homeView)' },
      // A named journey selector.
      { code: 'const order = useSelector(journey, selectLatestOrder)' },
      // Tags and can() are the contract.
      { code: "const busy = useSelector(journey, (s) => s.hasTag('busy') && s.can({ type: 'order.follow' }))" },
      // A child, typed by the journey.
      { code: 'const watch = useSelector(journey, (s) => s.children.orderWatch)' },
      // A React context or an i18n value is no machine's.
      { code: 'const value = useContext(ThemeContext); const language = i18n.language' },
      // A cast that is no actor's ref.
      { code: 'const values = personal as Values | null' },
    ],
    invalid: [
      { code: 'const order = useSelector(journey, (s) => s.context.order)', errors: [{ messageId: 'contextRead' }] },
      { code: 'const values = useSelector(form, (s) => s?.context.values)', errors: [{ messageId: 'contextRead' }] },
      { code: 'const values = actor.getSnapshot().context.values', errors: [{ messageId: 'contextRead' }] },
      {
        code: "const paying = useSelector(repayment, (s) => s.matches({ cashier: 'paying' }))",
        errors: [{ messageId: 'matches' }],
      },
      {
        code: 'const form = useSelector(tickets, (s) => s?.children.ticketForm) as SubmitFormRef | undefined',
        errors: [{ messageId: 'childCast' }],
      },
      {
        code: 'const form = child as ActorRefFrom<typeof submitMachine>',
        errors: [{ messageId: 'childCast' }],
      },
    ],
  })
})
