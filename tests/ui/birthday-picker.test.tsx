import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import fc from 'fast-check'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { birthdayYearRange, isBirthdayAllowed } from '../../domain/enums'
import { BirthdayPicker, birthdayDays, birthdayMonths, birthdayYears } from '../../ui/birthday-picker'
import { renderUi, t } from './render-ui'

const TODAY = new Date(Date.UTC(2025, 5, 15)) // 15 June 2025

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <BirthdayPicker value={value} onChange={setValue} today={TODAY} />
      <p data-testid="value">{value || 'none'}</p>
    </>
  )
}

const optionValues = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value)
    .filter(Boolean)
    .map(Number)

describe('the birthday picker', () => {
  it('offers exactly the years from 18 to 65 years ago, on a fixed day', () => {
    renderUi(<Harness />)
    const years = optionValues(screen.getByRole('combobox', { name: t('ui.birthday.year') }))
    expect(birthdayYearRange(TODAY)).toEqual({ minYear: 1960, maxYear: 2007 })
    expect(years[0]).toBe(2007)
    expect(years[years.length - 1]).toBe(1960)
    expect(years).toHaveLength(48)
    expect(years.some((y) => y > 2007 || y < 1960)).toBe(false)
  })

  it('asks for the year first, then the month, then the day', async () => {
    const user = userEvent.setup()
    renderUi(<Harness />)
    expect(screen.getByRole('combobox', { name: t('ui.birthday.month') })).toBeDisabled()
    expect(screen.getByRole('combobox', { name: t('ui.birthday.day') })).toBeDisabled()
    await user.selectOptions(screen.getByRole('combobox', { name: t('ui.birthday.year') }), '1990')
    expect(screen.getByRole('combobox', { name: t('ui.birthday.month') })).toBeEnabled()
    expect(screen.getByRole('combobox', { name: t('ui.birthday.day') })).toBeDisabled()
  })

  it('gives the date as YYYY-MM-DD once all three are chosen, with month names in the locale', async () => {
    const user = userEvent.setup()
    renderUi(<Harness />)
    await user.selectOptions(screen.getByRole('combobox', { name: t('ui.birthday.year') }), '1990')
    await user.selectOptions(screen.getByRole('combobox', { name: t('ui.birthday.month') }), 'March')
    expect(screen.getByTestId('value')).toHaveTextContent('none')
    await user.selectOptions(screen.getByRole('combobox', { name: t('ui.birthday.day') }), '7')
    expect(screen.getByTestId('value')).toHaveTextContent('1990-03-07')
  })

  it('in the youngest year offers only the days on which the borrower is already 18', async () => {
    const user = userEvent.setup()
    renderUi(<Harness />)
    await user.selectOptions(screen.getByRole('combobox', { name: t('ui.birthday.year') }), '2007')
    expect(optionValues(screen.getByRole('combobox', { name: t('ui.birthday.month') }))).toEqual([
      1, 2, 3, 4, 5, 6,
    ])
    await user.selectOptions(screen.getByRole('combobox', { name: t('ui.birthday.month') }), '6')
    const days = optionValues(screen.getByRole('combobox', { name: t('ui.birthday.day') }))
    expect(days[days.length - 1]).toBe(15)
  })

  it('offers 29 February only in leap years, and drops it when the year changes to one without', async () => {
    const user = userEvent.setup()
    renderUi(<Harness initial="2004-02-29" />)
    expect(optionValues(screen.getByRole('combobox', { name: t('ui.birthday.day') }))).toContain(29)
    await user.selectOptions(screen.getByRole('combobox', { name: t('ui.birthday.year') }), '2005')
    expect(screen.getByTestId('value')).toHaveTextContent('none')
    expect(screen.getByRole('combobox', { name: t('ui.birthday.month') })).toHaveValue('2')
    expect(optionValues(screen.getByRole('combobox', { name: t('ui.birthday.day') }))).not.toContain(29)
  })

  it('never offers a date that is not real or not allowed, whatever the day it is used', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (today) => {
          const offered = birthdayYears(today).flatMap((year) =>
            birthdayMonths(year, today).map((month) => ({
              year,
              month,
              days: birthdayDays(year, month, today),
            })),
          )
          const pad = (n: number) => String(n).padStart(2, '0')
          const refused = offered.flatMap(({ year, month, days }) =>
            days
              .map((day) => `${year}-${pad(month)}-${pad(day)}`)
              .filter((iso) => !isBirthdayAllowed(iso, today)),
          )
          expect(refused).toEqual([])
          expect(offered.every(({ days }) => days.length > 0)).toBe(true)
        },
      ),
      { numRuns: 8 },
    )
  })
})
