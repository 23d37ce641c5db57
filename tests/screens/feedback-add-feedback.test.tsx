import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { FormValues } from '../../machines/submit.machine'
import AddFeedbackScreen from '../../screens/feedback/add-feedback'
import FeedbackFaqScreen from '../../screens/feedback/feedback-faq'
import FeedbackListScreen from '../../screens/feedback/feedback-list'
import FeedbackResultScreen from '../../screens/feedback/feedback-result'
import type { Language } from '../../domain/countries'
import { renderUserCentre, routeOf, startUserCentre, t, type UserCentreIo } from './user-center-harness'

const SCREENS = {
  feedbackList: FeedbackListScreen,
  feedbackFaq: FeedbackFaqScreen,
  addFeedback: AddFeedbackScreen,
  feedbackResult: FeedbackResultScreen,
}
const MB = 1024 * 1024

const photo = (name: string, bytes = 200 * 1024) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })

/** Opens the feedback list, then the questions before a ticket, then the form. */
async function openForm(
  opts: { language?: Language; drafts?: Map<string, FormValues>; io?: Partial<UserCentreIo> } = {},
) {
  const user = userEvent.setup()
  const journey = startUserCentre({
    entry: 'feedbackList',
    drafts: opts.drafts,
    io: {
      loadQuestions: async () => [
        {
          id: 'q1',
          question: 'I repaid but my loan still shows',
          answer: 'Payments can take up to 48 hours to show.',
        },
      ],
      ...opts.io,
    },
  })
  await renderUserCentre(SCREENS, journey.actor, { route: 'feedbackList', language: opts.language })
  await user.click(screen.getByRole('button', { name: t('feedback.list.new') }))
  expect(await screen.findByText('I repaid but my loan still shows')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: t('feedback.faq.write') }))
  await screen.findByRole('heading', { level: 1, name: t('feedback.add.title') })
  expect(routeOf(journey.actor)).toBe('addFeedback')
  return { user, journey }
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!
const addPhoto = (user: UserEvent, file: File) => user.upload(fileInput(), file)

async function chooseType(user: UserEvent, label: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${t('feedback.add.type')}`) }))
  await user.click(within(await screen.findByRole('dialog')).getByRole('option', { name: label }))
}

describe('new feedback', () => {
  it('takes at most 3 receipts, each uploaded with its progress', async () => {
    const { user, journey } = await openForm()
    for (const name of ['one.jpg', 'two.jpg', 'three.jpg']) await addPhoto(user, photo(name))
    await waitFor(() => expect(screen.getAllByText(t('feedback.add.receiptStatus.uploaded'))).toHaveLength(3))
    expect(screen.queryByRole('button', { name: t('feedback.add.addReceipt') })).not.toBeInTheDocument()
    expect(screen.getByText(t('feedback.add.receiptsFull', { count: 3 }))).toBeInTheDocument()
    // Whatever reaches the machine beyond the third is refused with the domain's message.
    await addPhoto(user, photo('four.jpg'))
    expect(await screen.findByText('You can add at most 3 images')).toBeInTheDocument()
    expect(journey.inputsOf('uploadReceipt')).toHaveLength(3)

    await user.click(
      screen.getByRole('button', { name: t('feedback.add.removeReceipt', { name: 'two.jpg' }) }),
    )
    expect(screen.getByRole('button', { name: t('feedback.add.addReceipt') })).toBeInTheDocument()
  })

  const tooLarge: [Language, string][] = [
    ['en', 'The file is larger than 20 MB'],
    ['sw', 'Faili ni kubwa kuliko MB 20'],
    ['es', 'El archivo pesa más de 20 MB'],
  ]
  it.each(tooLarge)('refuses a picture over 20 MB, in %s', async (language, message) => {
    const { user, journey } = await openForm({ language })
    await addPhoto(user, photo('huge.jpg', 20 * MB + 1))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(journey.inputsOf('uploadReceipt')).toEqual([])
  })

  it('asks for the account only for a problem about money that moved, and sends the ticket with its receipts', async () => {
    const { user, journey } = await openForm()
    await chooseType(user, t('enums.feedbackType.other'))
    expect(
      screen.queryByRole('textbox', { name: new RegExp(t('feedback.add.receiverAccount')) }),
    ).not.toBeInTheDocument()
    await chooseType(user, t('enums.feedbackType.repaidBillNotUpdated'))
    const account = screen.getByRole('textbox', { name: new RegExp(t('feedback.add.receiverAccount')) })
    await user.type(
      screen.getByRole('textbox', { name: new RegExp(t('feedback.add.description')) }),
      'Paid yesterday, still owing',
    )
    await user.type(
      screen.getByRole('textbox', { name: new RegExp(t('feedback.add.contact')) }),
      '0754123456',
    )
    await user.click(screen.getByRole('button', { name: t('feedback.add.submit') }))
    expect(await screen.findByText(t('validation.feedback.receiverAccount'))).toBeInTheDocument()
    expect(journey.inputsOf('createTicket')).toEqual([])

    await user.type(account, '0754123456')
    await addPhoto(user, photo('mpesa.jpg'))
    await waitFor(() =>
      expect(screen.getByText(t('feedback.add.receiptStatus.uploaded'))).toBeInTheDocument(),
    )
    await user.click(screen.getByRole('button', { name: t('feedback.add.submit') }))
    expect(
      await screen.findByRole('heading', { level: 1, name: t('feedback.result.title') }),
    ).toBeInTheDocument()
    expect(screen.getByText(t('feedback.result.number', { id: 'F-77' }))).toBeInTheDocument()
    expect(journey.inputsOf('createTicket')).toEqual([
      {
        type: 1,
        description: 'Paid yesterday, still owing',
        receiverAccount: '0754123456',
        contact: '0754123456',
        contactTime: 'anytime',
        receipts: ['file-r1'],
      },
    ])

    await user.click(screen.getByRole('button', { name: t('feedback.result.back') }))
    await waitFor(() => expect(routeOf(journey.actor)).toBe('feedbackList'))
  })

  it('keeps what was typed when the borrower leaves and comes back, even after the app was closed', async () => {
    const drafts = new Map<string, FormValues>()
    const first = await openForm({ drafts })
    await first.user.type(
      screen.getByRole('textbox', { name: new RegExp(t('feedback.add.description')) }),
      'Loan never arrived',
    )
    await first.user.click(screen.getByRole('button', { name: t('ui.header.back') }))
    await waitFor(() => expect(routeOf(first.journey.actor)).toBe('feedbackList'))
    first.journey.actor.stop()
    document.body.innerHTML = ''

    await openForm({ drafts })
    expect(screen.getByRole('textbox', { name: new RegExp(t('feedback.add.description')) })).toHaveValue(
      'Loan never arrived',
    )
  })

  it('says a contact is needed in Kiswahili', async () => {
    const { user } = await openForm({ language: 'sw' })
    await chooseType(user, t('enums.feedbackType.other'))
    await user.type(screen.getByRole('textbox', { name: new RegExp(t('feedback.add.description')) }), 'Swali')
    await user.click(screen.getByRole('button', { name: t('feedback.add.submit') }))
    expect(await screen.findByText(t('validation.feedback.contactRequired'))).toBeInTheDocument()
    expect(t('validation.feedback.contactRequired')).not.toBe(
      'Please enter a phone number or an e-mail address',
    )
  })
})
