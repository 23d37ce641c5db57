import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { isValidNida } from '../../domain/identity-numbers'
import { CodeInput, NidaInput } from '../../ui/segmented-input'
import { renderUi, t } from './render-ui'

function Nida({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <NidaInput value={value} onChange={setValue} />
      <p data-testid="value">{value || 'none'}</p>
    </>
  )
}

function Code({ onComplete = vi.fn() }: { onComplete?: (code: string) => void }) {
  const [value, setValue] = useState('')
  return (
    <>
      <CodeInput value={value} onChange={setValue} onComplete={onComplete} />
      <p data-testid="value">{value || 'none'}</p>
    </>
  )
}

const nidaBox = (n: number, digits: number) =>
  screen.getByRole('textbox', { name: t('ui.nida.part', { n, total: 4, digits }) })
const codeBox = (n: number) => screen.getByRole('textbox', { name: t('ui.code.digit', { n, total: 6 }) })

describe('the NIDA number boxes', () => {
  it('are four numeric boxes of 8, 5, 5 and 2 digits', () => {
    renderUi(<Nida />)
    const boxes = screen.getAllByRole('textbox')
    expect(boxes).toHaveLength(4)
    expect(boxes.map((b) => b.style.getPropertyValue('--k-len'))).toEqual(['8', '5', '5', '2'])
    for (const box of boxes) expect(box).toHaveAttribute('inputmode', 'numeric')
  })

  it('move focus on to the next box as each part is complete, and join the parts 8-5-5-2', async () => {
    const user = userEvent.setup()
    renderUi(<Nida />)
    await user.click(nidaBox(1, 8))
    await user.keyboard('1990051')
    expect(nidaBox(1, 8)).toHaveFocus()
    await user.keyboard('7')
    expect(nidaBox(2, 5)).toHaveFocus()
    await user.keyboard('12345')
    expect(nidaBox(3, 5)).toHaveFocus()
    await user.keyboard('00002')
    expect(nidaBox(4, 2)).toHaveFocus()
    await user.keyboard('26')
    expect(screen.getByTestId('value')).toHaveTextContent('19900517-12345-00002-26')
    expect(isValidNida(screen.getByTestId('value').textContent!)).toBe(true)
  })

  it('ignore letters and other characters', async () => {
    const user = userEvent.setup()
    renderUi(<Nida />)
    await user.type(nidaBox(1, 8), '12a-3')
    expect(nidaBox(1, 8)).toHaveValue('123')
  })

  it('spread a pasted number over all four boxes', async () => {
    const user = userEvent.setup()
    renderUi(<Nida />)
    await user.click(nidaBox(1, 8))
    await user.paste('12345678-12345-00002-26')
    expect(screen.getAllByRole('textbox').map((b) => (b as HTMLInputElement).value)).toEqual([
      '12345678',
      '12345',
      '00002',
      '26',
    ])
    expect(screen.getByTestId('value')).toHaveTextContent('12345678-12345-00002-26')
  })

  it('show a saved number in its boxes and go back a box with Backspace in an empty one', async () => {
    const user = userEvent.setup()
    renderUi(<Nida initial="12345678-12345--" />)
    expect(nidaBox(2, 5)).toHaveValue('12345')
    await user.click(nidaBox(3, 5))
    await user.keyboard('{Backspace}')
    expect(nidaBox(2, 5)).toHaveFocus()
    expect(nidaBox(2, 5)).toHaveValue('1234')
  })

  it('give an empty value when every box is cleared', async () => {
    const user = userEvent.setup()
    renderUi(<Nida initial="12---" />)
    await user.clear(nidaBox(1, 8))
    expect(screen.getByTestId('value')).toHaveTextContent('none')
  })
})

describe('the SMS code input', () => {
  it('has six numeric boxes and offers the phone’s one-time-code autofill', () => {
    renderUi(<Code />)
    expect(screen.getAllByRole('textbox')).toHaveLength(6)
    expect(codeBox(1)).toHaveAttribute('autocomplete', 'one-time-code')
    expect(codeBox(1)).toHaveAttribute('inputmode', 'numeric')
  })

  it('moves on by itself after each digit and reports the code once complete', async () => {
    const user = userEvent.setup()
    const onComplete = vi.fn()
    renderUi(<Code onComplete={onComplete} />)
    await user.click(codeBox(1))
    await user.keyboard('48')
    expect(codeBox(3)).toHaveFocus()
    await user.keyboard('2913')
    expect(screen.getByTestId('value')).toHaveTextContent('482913')
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('482913')
  })

  it('fills all six boxes from one paste', async () => {
    const user = userEvent.setup()
    const onComplete = vi.fn()
    renderUi(<Code onComplete={onComplete} />)
    await user.click(codeBox(1))
    await user.paste('Your code: 123 456')
    expect(screen.getAllByRole('textbox').map((b) => (b as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ])
    expect(onComplete).toHaveBeenCalledWith('123456')
    expect(codeBox(6)).toHaveFocus()
  })

  it('takes a whole code that autofill puts into the first box at once', () => {
    renderUi(<Code />)
    fireEvent.change(codeBox(1), { target: { value: '654321' } })
    expect(screen.getByTestId('value')).toHaveTextContent('654321')
    expect(codeBox(6)).toHaveValue('1')
  })
})
