/**
 * Issue 13 ("The borrower never waits blind") in the kit: errors that are seen, space kept for them, a step
 * indicator, sheets that keep the keyboard inside, pick-list buttons with only the ARIA a button may carry, and
 * colours that can be read.
 */
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ReactElement } from 'react'
import { Form } from 'react-final-form'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BottomSheet } from '../../ui/bottom-sheet'
import { Dialog } from '../../ui/dialog'
import { useErrorFocus } from '../../ui/error-focus'
import { RadioGroupField, SelectField, TextField } from '../../ui/form-fields'
import { validateWith } from '../../ui/forms'
import { AlertNotice } from '../../ui/notice'
import { PickerSelect } from '../../ui/picker'
import { StepIndicator } from '../../ui/step-indicator'
import { css, renderUi, t } from './render-ui'

const scrolled = vi.fn()
beforeEach(() => {
  scrolled.mockReset()
  Element.prototype.scrollIntoView = scrolled
})
afterEach(() => {
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
})

const SCHEMA = v.object({
  first: v.pipe(v.string('validation.name.required'), v.minLength(1, 'validation.name.required')),
  middle: v.optional(v.string()),
  choice: v.picklist(['a', 'b'], 'validation.select'),
  last: v.pipe(v.string('validation.name.required'), v.minLength(1, 'validation.name.required')),
})

function ErrorForm({ onSubmit = () => undefined }: { onSubmit?: () => void }): ReactElement {
  const focus = useErrorFocus()
  return (
    <Form onSubmit={onSubmit} validate={validateWith(SCHEMA)} subscription={{}}>
      {({ handleSubmit }) => (
        <form
          ref={focus.formRef}
          noValidate
          onSubmit={(event) => {
            void Promise.resolve(handleSubmit(event)).then(focus.focusFirstError)
          }}
        >
          {focus.announcer}
          <TextField name="first" label="First name" required />
          <TextField name="middle" label="Middle name" />
          <RadioGroupField
            name="choice"
            label="Choice"
            required
            options={[
              { value: 'a', label: 'A' },
              { value: 'b', label: 'B' },
            ]}
          />
          <TextField name="last" label="Last name" required />
          <button type="submit">Next</button>
        </form>
      )}
    </Form>
  )
}

describe('a submit that finds errors is seen (issue 13: Next with an empty field at the top did nothing visible)', () => {
  it('scrolls to the first field in error, focuses it and announces how many fields need the borrower', async () => {
    const user = userEvent.setup()
    const { container } = renderUi(<ErrorForm />)
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Mushi')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    const first = screen.getByRole('textbox', { name: /^First name/ })
    await vi.waitFor(() => expect(first).toHaveFocus())
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }))
    const live = container.querySelector('[aria-live="assertive"]')!
    expect(live).toHaveTextContent(
      t('ui.form.errors', { count: 2, first: `First name: ${t('validation.name.required')}` }),
    )
  })

  it('focuses a radio group in error at its first radio, in the order the form is read', async () => {
    const user = userEvent.setup()
    renderUi(<ErrorForm />)
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Asha')
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Mushi')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: 'A' })).toHaveFocus())
    expect(screen.getByRole('radio', { name: 'A' })).toHaveAccessibleDescription(t('validation.select'))
  })

  it('does nothing when the form has no error', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    renderUi(<ErrorForm onSubmit={onSubmit} />)
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Asha')
    await user.click(screen.getByRole('radio', { name: 'B' }))
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Mushi')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(onSubmit).toHaveBeenCalled()
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)))
    expect(scrolled).not.toHaveBeenCalled()
  })
})

describe('errors keep their space (issue 13: an error shown on leaving a field pushed the next control 27 px)', () => {
  it('every field has its error line before any error, and the error appears inside it', async () => {
    const user = userEvent.setup()
    const { container } = renderUi(<ErrorForm />)
    const field = screen.getByRole('textbox', { name: /^First name/ }).closest('.k-field')!
    const before = Array.from(field.children).map((el) => el.className)
    expect(field.querySelector('.k-field__slot')).not.toBeNull()
    expect(field.querySelector('.k-field__error')).toBeNull()
    await user.click(screen.getByRole('textbox', { name: /^First name/ }))
    await user.tab()
    expect(field.querySelector('.k-field__slot > .k-field__error')).toHaveTextContent(t('validation.name.required'))
    expect(Array.from(field.children).map((el) => el.className)).toEqual(before.map((c) => c))
    expect(container.querySelectorAll('.k-field__slot').length).toBeGreaterThanOrEqual(4)
  })

  it('the line keeps the height of one line of error text', () => {
    expect(css).toMatch(/\.k-field__slot\s*\{[^}]*min-height:\s*1\.3125rem/)
    expect(css).toMatch(/\.k-field__error\s*\{[^}]*font-size:\s*0\.875rem/)
  })
})

describe('a form failure is seen where the borrower is (issue 13: the offline message was out of view)', () => {
  it('is an alert brought into view when it appears', () => {
    renderUi(<AlertNotice>No internet connection</AlertNotice>)
    expect(screen.getByRole('alert')).toHaveTextContent('No internet connection')
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' })
  })
})

describe('the step indicator', () => {
  it('says which step of how many, and the step', () => {
    renderUi(<StepIndicator number={2} total={4} name="Your ID" />)
    expect(screen.getByText(t('ui.steps.count', { number: 2, total: 4 }))).toBeInTheDocument()
    expect(screen.getByText('Your ID')).toBeInTheDocument()
    expect(t('ui.steps.count', { number: 2, total: 4 })).toBe('Step 2 of 4')
  })
})

function SheetHarness({ withDialog = false }: { withDialog?: boolean }): ReactElement {
  const [open, setOpen] = useState(false)
  const [dialog, setDialog] = useState(false)
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      <BottomSheet open={open} title="Sheet" onClose={() => setOpen(false)}>
        <ul role="listbox" aria-label="Options">
          <li role="option" aria-selected tabIndex={0}>
            One
          </li>
          <li role="option" aria-selected={false} tabIndex={-1} data-testid="roving">
            Two
          </li>
        </ul>
        <button type="button" onClick={() => setDialog(true)}>
          Ask
        </button>
      </BottomSheet>
      {withDialog && (
        <Dialog open={dialog} title="Sure?" onConfirm={() => setDialog(false)} onCancel={() => setDialog(false)} />
      )}
    </main>
  )
}

describe('sheets and dialogs keep the keyboard inside (issue 13: Tab left an open bottom sheet)', () => {
  it('Tab and Shift+Tab from an option the list skips (tabindex -1) stay in the sheet', async () => {
    const user = userEvent.setup()
    renderUi(<SheetHarness />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    const sheet = screen.getByRole('dialog', { name: 'Sheet' })
    for (const shift of [false, true]) {
      act(() => screen.getByTestId('roving').focus())
      await user.keyboard(shift ? '{Shift>}{Tab}{/Shift}' : '{Tab}')
      expect(sheet).toContainElement(document.activeElement as HTMLElement)
    }
    act(() => sheet.focus())
    await user.tab()
    expect(sheet).toContainElement(document.activeElement as HTMLElement)
    expect(document.activeElement).not.toBe(sheet)
  })

  it('in a pick-list, Tab after the arrow keys moved down the options stays in the sheet', async () => {
    const user = userEvent.setup()
    function Pick(): ReactElement {
      const [value, setValue] = useState<string>()
      return (
        <main>
          <PickerSelect
            title="Marital status"
            options={[
              { value: 'single', label: 'Single' },
              { value: 'married', label: 'Married' },
              { value: 'divorced', label: 'Divorced' },
            ]}
            value={value}
            onChange={setValue}
          />
          <button type="button">After</button>
        </main>
      )
    }
    renderUi(<Pick />)
    await user.click(screen.getByRole('button', { name: /Choose/ }))
    const sheet = screen.getByRole('dialog', { name: 'Marital status' })
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(screen.getByRole('option', { name: 'Divorced' })).toHaveFocus()
    for (let i = 0; i < 4; i++) {
      await user.tab()
      expect(sheet).toContainElement(document.activeElement as HTMLElement)
    }
  })

  it('brings focus back when something moves it out, and returns it to the opener on close', async () => {
    const user = userEvent.setup()
    renderUi(<SheetHarness />)
    const opener = screen.getByRole('button', { name: 'Open' })
    await user.click(opener)
    const sheet = screen.getByRole('dialog', { name: 'Sheet' })
    act(() => screen.getByRole('button', { name: 'Elsewhere', hidden: true }).focus())
    expect(sheet).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(opener).toHaveFocus()
  })

  it('a dialog opened over a sheet traps the keyboard until it closes, then the sheet does again', async () => {
    const user = userEvent.setup()
    renderUi(<SheetHarness withDialog />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    const sheet = screen.getByRole('dialog', { name: 'Sheet' })
    const ask = within(sheet).getByRole('button', { name: 'Ask' })
    await user.click(ask)
    const dialog = screen.getByRole('alertdialog', { name: 'Sure?' })
    for (let i = 0; i < 3; i++) {
      await user.tab()
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
    }
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(ask).toHaveFocus()
    await user.tab()
    expect(sheet).toContainElement(document.activeElement as HTMLElement)
  })
})

describe('pick-list buttons carry only the ARIA a button may (axe aria-allowed-attr, critical)', () => {
  it('a required pick-list is not aria-required (a button cannot be), and says its error', async () => {
    const user = userEvent.setup()
    renderUi(
      <Form onSubmit={() => undefined} validate={() => ({ pick: 'validation.select' })} subscription={{}}>
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <SelectField
              name="pick"
              label="Education"
              required
              options={[{ value: 'a', label: 'A' }]}
            />
            <button type="submit">Go</button>
          </form>
        )}
      </Form>,
    )
    await user.click(screen.getByRole('button', { name: 'Go' }))
    const pick = screen.getByRole('button', { name: /^Education/ })
    expect(pick).not.toHaveAttribute('aria-required')
    expect(pick).toHaveAttribute('aria-invalid', 'true')
    expect(pick).toHaveAccessibleDescription(t('validation.select'))
  })

  it('also when a caller hands it aria-required', () => {
    renderUi(
      <PickerSelect title="X" options={[]} value={undefined} onChange={() => undefined} aria-required />,
    )
    expect(screen.getByRole('button')).not.toHaveAttribute('aria-required')
  })
})

/** WCAG 2.x relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}
/** A colour token of the stylesheet's :root as #rrggbb (a #rgb one expanded). */
function token(name: string): string {
  const hex = new RegExp(`--k-${name}:\\s*#([0-9a-f]{6}|[0-9a-f]{3})\\b`, 'i').exec(css)?.[1] ?? ''
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`
}

describe('colours that can be read (axe color-contrast, serious)', () => {
  it.each([
    ['on-primary-soft', 'primary'],
    ['on-primary', 'primary'],
    ['disabled-text', 'disabled-bg'],
    ['muted', 'surface'],
    ['muted', 'bg'],
    ['primary-strong', 'surface'],
  ])('--k-%s on --k-%s is at least 4.5:1', (fg, bg) => {
    expect(contrast(token(fg), token(bg))).toBeGreaterThanOrEqual(4.5)
  })

  it("home's green card and repay's brand card soften their text with a colour, never an opacity", () => {
    const brandRules = css.match(/\.k-card--brand[^{]*\{[^}]*\}/g) ?? []
    expect(brandRules.length).toBeGreaterThan(0)
    for (const rule of brandRules) expect(rule).not.toMatch(/opacity/)
    expect(css).toMatch(/\.k-card--brand \.k-muted\s*\{\s*color:\s*var\(--k-on-primary-soft\)/)
  })

  it('a disabled button (the resend countdown) keeps readable text instead of fading to half', () => {
    const disabled = css.match(/\.k-btn:disabled[^{]*\{[^}]*\}/)?.[0] ?? ''
    expect(disabled).toMatch(/color:\s*var\(--k-disabled-text\)/)
    expect(disabled).not.toMatch(/opacity/)
  })
})

describe('the NIDA boxes fit a 320 px phone (issue 13: digits clipped, the fourth box 35 px wide)', () => {
  it('no box is narrower than a tap target, and below 375 px they take two rows', () => {
    expect(css).toMatch(/\.k-segments--nida \.k-segment\s*\{[^}]*min-width:\s*var\(--k-tap\)/)
    expect(css).toMatch(/@media \(max-width: 374px\)\s*\{\s*\.k-segments--nida\s*\{[^}]*grid-template-columns:\s*8fr 5fr/)
  })
})
