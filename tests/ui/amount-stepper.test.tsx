import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import fc from 'fast-check'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { formatMoney } from '../../domain/money'
import { AmountStepper, lastStep, snapToStep } from '../../ui/amount-stepper'
import { TenureChips } from '../../ui/tenure-chips'
import { renderUi, t } from './render-ui'

const TSH = (minor: number) => formatMoney(minor, 'TZS', 'en-TZ')

function Stepper({ initial, min, max, step }: { initial: number; min: number; max: number; step: number }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <AmountStepper value={value} min={min} max={max} step={step} onChange={setValue} label="Loan amount" />
      <p data-testid="value">{value}</p>
    </>
  )
}

describe('the amount stepper', () => {
  it('never produces an amount off the step or outside the range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        (min, span, step, wanted) => {
          const max = min + span
          const amount = snapToStep(wanted, min, max, step)
          expect(Number.isSafeInteger(amount)).toBe(true)
          expect((amount - min) % step).toBe(0)
          expect(amount).toBeGreaterThanOrEqual(min)
          expect(amount).toBeLessThanOrEqual(max)
        },
      ),
    )
  })

  it('shows the amount as money and moves by one step with the buttons', async () => {
    const user = userEvent.setup()
    renderUi(<Stepper initial={500_000_00} min={100_000_00} max={3_000_000_00} step={50_000_00} />)
    expect(document.querySelector('output.k-stepper__value')?.textContent).toBe(TSH(500_000_00))
    await user.click(
      screen.getByRole('button', { name: t('ui.stepper.increase', { amount: TSH(50_000_00) }) }),
    )
    expect(screen.getByTestId('value')).toHaveTextContent(String(550_000_00))
    await user.click(
      screen.getByRole('button', { name: t('ui.stepper.decrease', { amount: TSH(50_000_00) }) }),
    )
    await user.click(
      screen.getByRole('button', { name: t('ui.stepper.decrease', { amount: TSH(50_000_00) }) }),
    )
    expect(screen.getByTestId('value')).toHaveTextContent(String(450_000_00))
  })

  it('stops at the last step below the maximum and disables the button there', async () => {
    const user = userEvent.setup()
    // 1,000 to 60,500 in steps of 1,000: the highest amount on the grid is 60,000.
    renderUi(<Stepper initial={59_000_00} min={1_000_00} max={60_500_00} step={1_000_00} />)
    const more = screen.getByRole('button', { name: t('ui.stepper.increase', { amount: TSH(1_000_00) }) })
    await user.click(more)
    expect(screen.getByTestId('value')).toHaveTextContent(String(60_000_00))
    expect(more).toBeDisabled()
    expect(lastStep(1_000_00, 60_500_00, 1_000_00)).toBe(60_000_00)
  })

  it('snaps the slider to the step and names the amount for screen readers', () => {
    renderUi(<Stepper initial={1_000_00} min={1_000_00} max={60_000_00} step={1_000_00} />)
    const slider = screen.getByRole('slider', { name: 'Loan amount' })
    fireEvent.change(slider, { target: { value: String(12_345_67) } })
    expect(screen.getByTestId('value')).toHaveTextContent(String(12_000_00))
    expect(slider).toHaveAttribute('aria-valuetext', TSH(12_000_00))
  })

  it('has buttons at least as large as a finger', () => {
    renderUi(<Stepper initial={1_000_00} min={1_000_00} max={60_000_00} step={1_000_00} />)
    for (const button of screen.getAllByRole('button')) expect(button).toHaveClass('k-icon-btn')
  })
})

describe('the tenure chips', () => {
  function Chips() {
    const [days, setDays] = useState<number | null>(91)
    return <TenureChips options={[91, 120, 180]} value={days} onChange={setDays} label="Tenure" />
  }

  it('are a radio group with one chip per tenure, the chosen one checked', async () => {
    const user = userEvent.setup()
    renderUi(<Chips />)
    expect(screen.getByRole('radiogroup', { name: 'Tenure' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: t('ui.tenure.days', { count: 91 }) })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: t('ui.tenure.days', { count: 180 }) }))
    expect(screen.getByRole('radio', { name: t('ui.tenure.days', { count: 180 }) })).toBeChecked()
    expect(screen.getByRole('radio', { name: t('ui.tenure.days', { count: 91 }) })).not.toBeChecked()
  })

  it('move the choice with the arrow keys', async () => {
    const user = userEvent.setup()
    renderUi(<Chips />)
    screen.getByRole('radio', { name: t('ui.tenure.days', { count: 91 }) }).focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: t('ui.tenure.days', { count: 120 }) })).toBeChecked()
    expect(screen.getByRole('radio', { name: t('ui.tenure.days', { count: 120 }) })).toHaveFocus()
  })
})
