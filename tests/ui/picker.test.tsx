import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { statesOf } from '../../domain/admin-areas'
import { Picker, PickerSelect, type PickerOption } from '../../ui/picker'
import { css, renderUi, t } from './render-ui'

const MARITAL: PickerOption<string>[] = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married' },
  { value: 'divorced', label: 'Divorced' },
]
const REGIONS: PickerOption<string>[] = statesOf('TZ').map((r) => ({ value: r.code, label: r.name }))

function Harness({ options, initial }: { options: PickerOption<string>[]; initial?: string }) {
  const [value, setValue] = useState<string | undefined>(initial)
  return (
    <>
      <span id="lbl">Region</span>
      <PickerSelect
        title="Region"
        options={options}
        value={value}
        onChange={setValue}
        aria-labelledby="lbl"
      />
      <output data-testid="value">{value}</output>
    </>
  )
}

describe('the bottom-sheet picker', () => {
  it('opens as a modal dialog at half the screen height, with the options in a listbox', async () => {
    const user = userEvent.setup()
    renderUi(<Harness options={MARITAL} />)
    const field = screen.getByRole('button', { name: /Region/ })
    expect(field).toHaveAttribute('aria-haspopup', 'dialog')
    await user.click(field)
    const dialog = screen.getByRole('dialog', { name: 'Region' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveClass('k-sheet')
    expect(css).toMatch(/\.k-sheet\s*\{[^}]*height:\s*50vh;[^}]*height:\s*50dvh;/)
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Single', 'Married', 'Divorced'])
  })

  it('shows the chosen option in the field after a tap and closes', async () => {
    const user = userEvent.setup()
    renderUi(<Harness options={MARITAL} />)
    expect(screen.getByRole('button', { name: /Region/ })).toHaveTextContent(t('ui.picker.choose'))
    await user.click(screen.getByRole('button', { name: /Region/ }))
    await user.click(screen.getByRole('option', { name: 'Married' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Region/ })).toHaveTextContent('Married')
    expect(screen.getByTestId('value')).toHaveTextContent('married')
  })

  it('marks the current value as selected and focuses it when it opens', async () => {
    const user = userEvent.setup()
    renderUi(<Harness options={MARITAL} initial="divorced" />)
    await user.click(screen.getByRole('button', { name: /Region/ }))
    const selected = screen.getByRole('option', { name: 'Divorced' })
    expect(selected).toHaveAttribute('aria-selected', 'true')
    expect(selected).toHaveFocus()
  })

  it('can be used with the keyboard: arrows move, Enter chooses', async () => {
    const user = userEvent.setup()
    renderUi(<Harness options={MARITAL} />)
    screen.getByRole('button', { name: /Region/ }).focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('option', { name: 'Single' })).toHaveFocus()
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(screen.getByTestId('value')).toHaveTextContent('divorced')
  })

  it('closes on Escape without changing the value and gives focus back to the field', async () => {
    const user = userEvent.setup()
    renderUi(<Harness options={MARITAL} initial="single" />)
    const field = screen.getByRole('button', { name: /Region/ })
    await user.click(field)
    await user.keyboard('{ArrowDown}{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByTestId('value')).toHaveTextContent('single')
    expect(field).toHaveFocus()
  })

  it('keeps Tab inside the sheet while it is open', async () => {
    const user = userEvent.setup()
    renderUi(<Harness options={MARITAL} />)
    await user.click(screen.getByRole('button', { name: /Region/ }))
    const dialog = screen.getByRole('dialog')
    for (let i = 0; i < 5; i++) {
      await user.tab()
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
    }
  })

  it('offers a search box for the long list of regions that ignores case and accents', async () => {
    const user = userEvent.setup()
    renderUi(<Harness options={[...REGIONS, { value: 'x', label: 'Mérida' }]} />)
    await user.click(screen.getByRole('button', { name: /Region/ }))
    const search = screen.getByRole('searchbox', { name: t('ui.picker.search') })
    expect(search).toHaveFocus()
    await user.type(search, 'ARUSHA')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Arusha'])
    await user.clear(search)
    await user.type(search, 'merida')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Mérida'])
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('value')).toHaveTextContent('x')
  })

  it('says so when nothing matches the search', async () => {
    const user = userEvent.setup()
    renderUi(<Harness options={REGIONS} />)
    await user.click(screen.getByRole('button', { name: /Region/ }))
    await user.type(screen.getByRole('searchbox'), 'zzz')
    expect(screen.queryAllByRole('option')).toHaveLength(0)
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent(
      t('ui.picker.noResults', { query: 'zzz' }),
    )
  })

  it('has no search box for a short list', async () => {
    renderUi(
      <Picker open title="Status" options={MARITAL} value={undefined} onSelect={vi.fn()} onClose={vi.fn()} />,
    )
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
  })

  it('closes when the backdrop is tapped', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    renderUi(
      <Picker open title="Status" options={MARITAL} value={undefined} onSelect={vi.fn()} onClose={onClose} />,
    )
    await user.click(document.querySelector('.k-backdrop')!)
    expect(onClose).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: t('ui.sheet.close') }))
    expect(onClose).toHaveBeenCalledTimes(2)
  })
})
