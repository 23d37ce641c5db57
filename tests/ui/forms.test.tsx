import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createForm, FORM_ERROR } from 'final-form'
import { Form } from 'react-final-form'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { DEPENDENT_FIELDS } from '../../domain/enums'
import { loginSchema } from '../../domain/schemas/account'
import { questionnaireSchema } from '../../domain/schemas/questionnaire'
import { CheckboxField, FormValuesSpy, SelectField, TextField } from '../../ui/form-fields'
import { createClearingDecorator, isEmptyValue, toFormErrors, validateWith } from '../../ui/forms'
import { renderUi, t } from './render-ui'

type Values = Record<string, unknown>

describe('validateWith: the valibot adapter', () => {
  it('puts a schema error at its field as the i18n key', () => {
    const validate = validateWith(loginSchema('TZ'))
    expect(validate({ mobile: '0754 123 456', code: '12' })).toEqual({ code: 'validation.captcha.format' })
    expect(validate({ code: '123456' })).toEqual({ mobile: 'validation.mobile.required' })
  })

  it('returns no errors for a valid form', () => {
    expect(validateWith(loginSchema('TZ'))({ mobile: '0754123456', code: '123456' })).toEqual({})
  })

  it('nests errors of nested fields and sends a whole-form error to final-form’s FORM_ERROR', () => {
    const errors = validateWith(questionnaireSchema())({ answers: { '1': 'yes' } }) as Record<string, unknown>
    expect(errors[FORM_ERROR]).toBe('validation.questionnaire.incomplete')
    expect((errors.answers as Record<string, unknown>)['2']).toBe('validation.questionnaire.unanswered')
    expect((errors.answers as Record<string, unknown>)['1']).toBeUndefined()
  })

  it('turns a server’s flat field map into the nested shape', () => {
    expect(toFormErrors({ 'work.city': 'validation.city.required', _form: 'errors.x' })).toEqual({
      work: { city: 'validation.city.required' },
      [FORM_ERROR]: 'errors.x',
    })
  })
})

describe('a required field', () => {
  const schema = v.object({
    firstName: v.pipe(v.string('validation.name.required'), v.minLength(3, 'validation.name.tooShort')),
  })

  function NameForm({ onSubmit = vi.fn() }: { onSubmit?: () => void }) {
    return (
      <Form<Values> onSubmit={onSubmit} validate={validateWith(schema)}>
        {({ handleSubmit }) => (
          <form noValidate onSubmit={handleSubmit}>
            <TextField name="firstName" label="First name" required autoComplete="given-name" />
            <TextField name="nickname" label="Nickname" />
            <button type="submit">Save</button>
          </form>
        )}
      </Form>
    )
  }

  it('is starred, and its input says it is required', () => {
    renderUi(<NameForm />)
    const input = screen.getByRole('textbox', { name: /First name/ })
    expect(input).toHaveAttribute('aria-required', 'true')
    expect(input.closest('.k-field')!.querySelector('.k-field__star')).toHaveTextContent('*')
    expect(
      screen.getByRole('textbox', { name: 'Nickname' }).closest('.k-field')!.querySelector('.k-field__star'),
    ).toBeNull()
  })

  it('shows no red line or error before the borrower has been in it', () => {
    renderUi(<NameForm />)
    const input = screen.getByRole('textbox', { name: /First name/ })
    expect(input.closest('.k-field')).not.toHaveClass('k-field--missing')
    expect(input).not.toHaveAttribute('aria-invalid')
  })

  it('shows the red line and the translated message once left empty', async () => {
    const user = userEvent.setup()
    renderUi(<NameForm />)
    const input = screen.getByRole('textbox', { name: /First name/ })
    await user.click(input)
    await user.tab()
    expect(input.closest('.k-field')).toHaveClass('k-field--missing')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(t('validation.name.required'))
  })

  it('drops the red line but keeps the error when a value is there but wrong', async () => {
    const user = userEvent.setup()
    renderUi(<NameForm />)
    const input = screen.getByRole('textbox', { name: /First name/ })
    await user.type(input, 'Jo')
    await user.tab()
    expect(input.closest('.k-field')).not.toHaveClass('k-field--missing')
    expect(input.closest('.k-field')).toHaveClass('k-field--invalid')
    expect(input).toHaveAccessibleDescription(t('validation.name.tooShort'))
  })

  it('shows every error when the form is submitted untouched, and does not submit', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    renderUi(<NameForm onSubmit={onSubmit} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByRole('textbox', { name: /First name/ }).closest('.k-field')).toHaveClass(
      'k-field--missing',
    )
  })

  it('shows a message the server sent for the field as it is, until the value changes', async () => {
    const user = userEvent.setup()
    const serverMessage = 'Jina hili: halikubaliki.'
    renderUi(<NameForm onSubmit={() => toFormErrors({ firstName: serverMessage })} />)
    const input = screen.getByRole('textbox', { name: /First name/ })
    await user.type(input, 'Amina')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(input).toHaveAccessibleDescription(serverMessage)
    await user.type(input, 'h')
    expect(input).not.toHaveAttribute('aria-invalid')
  })

  it('as a tick box shows the red line until it is ticked', async () => {
    const user = userEvent.setup()
    renderUi(
      <Form<Values>
        onSubmit={vi.fn()}
        validate={validateWith(v.object({ agreed: v.literal(true, 'validation.agreement.required') }))}
      >
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <CheckboxField name="agreed" label="I agree to the loan agreement" required />
            <button type="submit">Confirm</button>
          </form>
        )}
      </Form>,
    )
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    const box = screen.getByRole('checkbox', { name: 'I agree to the loan agreement' })
    expect(box.closest('.k-field')).toHaveClass('k-field--missing')
    expect(box).toHaveAccessibleDescription(t('validation.agreement.required'))
    await user.click(box)
    expect(box.closest('.k-field')).not.toHaveClass('k-field--missing')
    expect(box).not.toHaveAttribute('aria-invalid')
  })
})

describe('the clearing decorator (spec §4 form dependencies)', () => {
  function formWith(initialValues: Values) {
    const form = createForm<Values>({ onSubmit: vi.fn(), initialValues })
    for (const name of [
      'state',
      'city',
      'employmentType',
      'industryCategory',
      'payFrequency',
      'monthlyPayday',
      'monthlyPaydayTwo',
      'companyName',
    ])
      form.registerField(name, () => undefined, { value: true })
    createClearingDecorator<Values>(DEPENDENT_FIELDS)(form)
    return form
  }

  it('clears the city when the state changes', () => {
    const form = formWith({ state: 'Arusha', city: 'Arusha City Council' })
    form.change('state', 'Dodoma')
    expect(form.getState().values).toEqual({ state: 'Dodoma' })
  })

  it('clears industry, experience, frequency and paydays when the work type changes, and nothing else', () => {
    const form = formWith({
      employmentType: 'employee',
      industryCategory: 'trade',
      payFrequency: 'Monthly',
      monthlyPayday: 5,
      companyName: 'Duka',
    })
    form.change('employmentType', 'self_employed')
    expect(form.getState().values).toEqual({ employmentType: 'self_employed', companyName: 'Duka' })
  })

  it('clears the paydays when the pay frequency changes', () => {
    const form = formWith({ payFrequency: 'Biweekly', monthlyPayday: 1, monthlyPaydayTwo: 15 })
    form.change('payFrequency', 'Weekly')
    expect(form.getState().values).toEqual({ payFrequency: 'Weekly' })
  })

  it('keeps the city when another field changes, or the state is set to the same value', () => {
    const form = formWith({ state: 'Arusha', city: 'Arusha City Council' })
    form.change('companyName', 'Duka')
    form.change('state', 'Arusha')
    expect(form.getState().values.city).toBe('Arusha City Council')
  })

  it('keeps a restored draft’s city when the form is initialised with it', () => {
    const form = formWith({})
    form.initialize({ state: 'Dodoma', city: 'Dodoma City Council' })
    expect(form.getState().values).toEqual({ state: 'Dodoma', city: 'Dodoma City Council' })
    form.change('state', 'Arusha')
    expect(form.getState().values).toEqual({ state: 'Arusha' })
  })

  it('works as a react-final-form decorator with the picker fields', async () => {
    const user = userEvent.setup()
    const regions = [
      { value: 'Arusha', label: 'Arusha' },
      { value: 'Dodoma', label: 'Dodoma' },
    ]
    const districts = [{ value: 'Karatu', label: 'Karatu' }]
    renderUi(
      <Form<Values>
        onSubmit={vi.fn()}
        initialValues={{ state: 'Arusha', city: 'Karatu' }}
        decorators={[createClearingDecorator(DEPENDENT_FIELDS)]}
      >
        {() => (
          <>
            <SelectField name="state" label="Region" options={regions} required />
            <SelectField name="city" label="District" options={districts} required />
          </>
        )}
      </Form>,
    )
    expect(screen.getByRole('button', { name: /District/ })).toHaveTextContent('Karatu')
    await user.click(screen.getByRole('button', { name: /Region/ }))
    await user.click(screen.getByRole('option', { name: 'Dodoma' }))
    expect(screen.getByRole('button', { name: /Region/ })).toHaveTextContent('Dodoma')
    expect(screen.getByRole('button', { name: /District/ })).toHaveTextContent(t('ui.picker.choose'))
  })
})

describe('forwarding values for drafts', () => {
  it('calls onValuesChange after each change, not for the starting values', async () => {
    const user = userEvent.setup()
    const onValuesChange = vi.fn()
    renderUi(
      <Form<Values> onSubmit={vi.fn()} initialValues={{ firstName: 'A' }}>
        {() => (
          <>
            <TextField name="firstName" label="First name" />
            <FormValuesSpy onValuesChange={onValuesChange} />
          </>
        )}
      </Form>,
    )
    await act(async () => undefined)
    expect(onValuesChange).not.toHaveBeenCalled()
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'mina')
    expect(onValuesChange).toHaveBeenLastCalledWith({ firstName: 'Amina' })
    expect(onValuesChange).toHaveBeenCalledTimes(4)
  })
})

describe('what counts as empty', () => {
  it('treats nothing, blank text and an empty list as empty, and zero or false as filled', () => {
    expect([undefined, null, '', '  ', []].every(isEmptyValue)).toBe(true)
    expect([0, false, 'a', ['x']].some(isEmptyValue)).toBe(false)
  })
})
