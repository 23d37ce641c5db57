/** Issue 20: a risk officer or an admin changes a loan product; the editor checks it as it is typed. */
import { describe, expect, it } from 'vitest'
import { expectAccessible, openConsole, screen, signIn, withConsoleServer, within } from './console-harness'

const { fake } = withConsoleServer()

describe('changing a loan product', () => {
  it('lowers a rate: says what is wrong while typing, saves only a good product, and lists the new version', async () => {
    const api = fake()
    const console = openConsole('/products')
    await signIn(console)
    await screen.findByRole('heading', { level: 1, name: 'Loan products' })
    await screen.findByText('3 products')
    await expectAccessible()
    const { user } = console
    await user.click(screen.getByRole('button', { name: 'Change Quick Loan' }))
    const json = screen.getByLabelText(/^Configuration \(JSON\)/)
    expect(JSON.parse((json as HTMLTextAreaElement).value).interest).toEqual({ dailyPpm: 900 })
    expect(screen.getByText('The configuration passes every rule.')).toBeInTheDocument()
    expect(await screen.findByText('Version 1')).toBeInTheDocument()
    await expectAccessible()

    const config = JSON.parse((json as HTMLTextAreaElement).value)
    await user.clear(json)
    await user.paste('{"id": "tz-haraka",')
    expect(screen.getByText(/This is not valid JSON/)).toBeInTheDocument()
    expect(json).toHaveAttribute('aria-invalid', 'true')
    await user.clear(json)
    await user.paste(JSON.stringify({ ...config, interest: { dailyPpm: 1_000 } }))
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'LI' &&
          /^interest: the annual rate 36\.5% .* is above the cap of 36%/.test(el.textContent ?? ''),
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save as a new version' })).toBeDisabled()

    await user.clear(json)
    await user.paste(JSON.stringify({ ...config, interest: { dailyPpm: 800 } }))
    expect(screen.getByText('The configuration passes every rule.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }))
    expect(await screen.findByText('Say why the product changes.')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^Why/), 'Lower rate from December')
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }))

    expect(
      await screen.findByText('tz-haraka saved as version 2. New orders use it from now on.'),
    ).toBeInTheDocument()
    expect(api.products[0]!.config.interest).toEqual({ dailyPpm: 800 })
    expect(api.versions.get('tz-haraka')![0]).toMatchObject({
      staff: 'ana.admin',
      note: 'Lower rate from December',
    })
    expect(screen.getAllByText(/version 2/)[0]).toBeInTheDocument()
    await expectAccessible()
  })

  it('tells the second of two editors that someone saved first, and starts again from their version when asked', async () => {
    const api = fake()
    const console = openConsole('/products')
    await signIn(console)
    await console.user.click(await screen.findByRole('button', { name: 'Change Quick Loan' }))
    // Someone else saves version 2 meanwhile.
    api.products[0] = {
      ...api.products[0]!,
      version: 2,
      config: { ...api.products[0]!.config, interest: { dailyPpm: 700 } },
    }
    await console.user.type(screen.getByLabelText(/^Why/), 'mine')
    await console.user.click(screen.getByRole('button', { name: 'Save as a new version' }))
    const alert = await screen.findByRole('alert')
    expect(
      within(alert).getByText(/Someone saved version 2 of this product while you were typing/),
    ).toBeInTheDocument()
    expect(screen.getByLabelText(/^Why/)).toHaveValue('mine')
    await console.user.click(within(alert).getByRole('button', { name: 'Start again from version 2' }))
    await screen.findByRole('heading', { name: 'Changing tz-haraka (version 2)' })
    const json = screen.getByLabelText(/^Configuration \(JSON\)/) as HTMLTextAreaElement
    expect(JSON.parse(json.value).interest).toEqual({ dailyPpm: 700 })
  })

  it('has no products page for a support agent', async () => {
    fake()
    const console = openConsole('/products')
    await signIn(console, 'amina.support', 'support password 1')
    await screen.findByRole('heading', { level: 1, name: /Welcome/ })
    const nav = screen.getByRole('navigation', { name: 'Console pages' })
    expect(within(nav).queryByRole('button', { name: 'Products' })).toBeNull()
    expect(within(nav).getByRole('button', { name: 'Overview' })).toBeInTheDocument()
  })
})
