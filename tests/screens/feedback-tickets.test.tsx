import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import FeedbackDetailScreen from '../../screens/feedback/feedback-detail'
import FeedbackListScreen from '../../screens/feedback/feedback-list'
import type { FeedbackDetail, FeedbackItem } from '../../domain/api-types'
import type { FeedbackStatusCode } from '../../domain/enums'
import { renderUserCentre, routeOf, startUserCentre, t, type UserCentreIo } from './user-center-harness'

const SCREENS = { feedbackList: FeedbackListScreen, feedbackDetail: FeedbackDetailScreen }

function item(
  feedbackId: string,
  status: FeedbackStatusCode,
  extra: Partial<FeedbackItem> = {},
): FeedbackItem {
  return {
    feedbackId,
    type: 1,
    status,
    summary: 'Nimelipa jana lakini deni bado lipo',
    createTime: '2026-10-30T07:00:00.000Z',
    updatedAt: '2026-10-31T07:00:00.000Z',
    unread: false,
    rating: null,
    ...extra,
  }
}

function detail(status: FeedbackStatusCode, extra: Partial<FeedbackDetail> = {}): FeedbackDetail {
  return {
    ...item('F-1', status),
    description: 'I repaid TSh 10,748 yesterday but the app still shows the loan.',
    receiverAccount: '0754123456',
    contact: '0754123456',
    contactTime: 'morning',
    receipts: [],
    loanOrderId: 'L-1001',
    messages: [
      {
        messageId: 'M-1',
        from: 'support',
        content: 'We found your payment and updated the loan.',
        attachments: [],
        createTime: '2026-10-31T08:00:00.000Z',
      },
    ],
    canRate: status === 4,
    ...extra,
  }
}

async function openList(io: Partial<UserCentreIo>) {
  const journey = startUserCentre({ entry: 'feedbackList', io })
  await renderUserCentre(SCREENS, journey.actor, { route: 'feedbackList' })
  return journey
}

async function openTicket(ticket: () => FeedbackDetail, io: Partial<UserCentreIo> = {}) {
  const user = userEvent.setup()
  const journey = await openList({
    loadTickets: async () => ({ items: [item('F-1', ticket().status)], page: 1, pageSize: 20, total: 1 }),
    loadTicket: async () => ticket(),
    ...io,
  })
  await user.click(
    await screen.findByRole('button', { name: new RegExp(t('enums.feedbackType.repaidBillNotUpdated')) }),
  )
  await screen.findByText(ticket().description)
  expect(routeOf(journey.actor)).toBe('feedbackDetail')
  return { user, journey }
}

describe('feedback list', () => {
  it('marks a ticket with an unread reply with a red dot and names each status', async () => {
    await openList({
      loadRedDot: async () => ({ unread: 1 }),
      loadTickets: async () => ({
        items: [item('F-1', 3, { unread: true }), item('F-2', 1, { type: 7 }), item('F-3', 4, { type: 2 })],
        page: 1,
        pageSize: 20,
        total: 3,
      }),
    })
    const rows = await screen.findAllByRole('button', { name: /./ })
    const ticketRows = rows.filter((row) => row.closest('ul'))
    expect(ticketRows).toHaveLength(3)
    expect(within(ticketRows[0]!).getByRole('img', { name: t('feedback.list.newReply') })).toBeInTheDocument()
    expect(ticketRows[0]).toHaveTextContent(t('enums.feedbackStatus.needReply'))
    expect(within(ticketRows[1]!).queryByRole('img')).not.toBeInTheDocument()
    expect(ticketRows[1]).toHaveTextContent(t('enums.feedbackType.loanNotReceived'))
    expect(ticketRows[1]).toHaveTextContent(t('enums.feedbackStatus.processing'))
    expect(ticketRows[2]).toHaveTextContent(t('enums.feedbackStatus.done'))
    // The status sits with the summary, not in a value column that squeezed the summary at 360 px.
    for (const row of ticketRows) expect(row.querySelector('.k-row__value')).toBeNull()
    expect(await screen.findByText('1 ticket has a new reply')).toBeInTheDocument()
  })

  it('says so when there is no ticket yet, and starts a new one with the questions first', async () => {
    const user = userEvent.setup()
    const journey = await openList({})
    expect(await screen.findByText(t('feedback.list.empty'))).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: t('feedback.list.new') }))
    await waitFor(() => expect(routeOf(journey.actor)).toBe('feedbackFaq'))
  })
})

describe('feedback detail', () => {
  it('shows the thread and offers the 1–5 rating only once the ticket is done', async () => {
    let rated: number | null = null
    const { user, journey } = await openTicket(() => detail(4, { rating: rated, canRate: rated === null }), {
      rateTicket: async (input) => {
        rated = input.rating
        return {}
      },
    })
    expect(screen.getByText('We found your payment and updated the loan.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: t('feedback.detail.message') })).not.toBeInTheDocument()
    const send = screen.getByRole('button', { name: t('feedback.detail.sendRating') })
    expect(send).toBeDisabled()
    await user.click(screen.getByRole('radio', { name: t('feedback.detail.stars', { count: 4 }) }))
    await user.click(send)
    expect(await screen.findByText(t('feedback.detail.rated', { count: 4 }))).toBeInTheDocument()
    expect(journey.inputsOf('rateTicket')).toEqual([{ feedbackId: 'F-1', rating: 4 }])
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
  })

  it.each([1, 2, 3] as FeedbackStatusCode[])(
    'offers no rating while the ticket is open (status %i), only the message box',
    async (status) => {
      const { user, journey } = await openTicket(() => detail(status))
      expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument()
      expect(screen.queryByRole('button', { name: t('feedback.detail.sendRating') })).not.toBeInTheDocument()
      await user.type(
        screen.getByRole('textbox', { name: t('feedback.detail.message') }),
        'Still not updated',
      )
      await user.click(screen.getByRole('button', { name: t('feedback.detail.send') }))
      await waitFor(() =>
        expect(journey.inputsOf('leaveMessage')).toEqual([
          { feedbackId: 'F-1', content: 'Still not updated', attachments: [] },
        ]),
      )
    },
  )

  it('says a message is needed before sending an empty one', async () => {
    const { user, journey } = await openTicket(() => detail(3))
    await user.click(screen.getByRole('button', { name: t('feedback.detail.send') }))
    expect(await screen.findByText(t('validation.feedback.message'))).toBeInTheDocument()
    expect(journey.inputsOf('leaveMessage')).toEqual([])
  })

  it('opens a long thread on its latest messages, with the earlier ones a tap away', async () => {
    const thread = Array.from({ length: 23 }, (_, i) => ({
      messageId: `M-${i + 1}`,
      from: 'support' as const,
      content: `Message number ${i + 1}`,
      attachments: [],
      createTime: '2026-10-31T08:00:00.000Z',
    }))
    const { user, journey } = await openTicket(() => detail(3, { messages: thread }), {
      loadMessages: async ({ page, pageSize }) => ({
        items: thread.slice((page - 1) * pageSize, page * pageSize),
        page,
        pageSize,
        total: thread.length,
      }),
    })
    expect(await screen.findByText('Message number 23')).toBeInTheDocument()
    expect(screen.queryByText('Message number 20')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: t('feedback.detail.earlier') }))
    expect(await screen.findByText('Message number 1')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: t('feedback.detail.earlier') })).not.toBeInTheDocument()
    expect(journey.inputsOf('loadMessages')).toEqual([
      { feedbackId: 'F-1', page: 1, pageSize: 20 },
      { feedbackId: 'F-1', page: 2, pageSize: 20 },
      { feedbackId: 'F-1', page: 1, pageSize: 20 },
    ])
  })

  it('shows the pictures of the thread and the receipts, and says which one cannot be shown', async () => {
    const file = (fileId: string) => ({ fileId, url: `/feedback/files/${fileId}`, contentType: 'image/png', size: 9 })
    await openTicket(
      () =>
        detail(3, {
          receipts: [file('R-1')],
          messages: [
            {
              messageId: 'M-1',
              from: 'support',
              content: 'Is this the payment?',
              attachments: [file('A-1'), file('A-2')],
              createTime: '2026-10-31T08:00:00.000Z',
            },
          ],
        }),
      {
        loadImages: async ({ files }) =>
          Object.fromEntries(
            files.filter((f) => f.fileId !== 'A-2').map((f) => [f.fileId, new Blob(['png'], { type: 'image/png' })]),
          ),
      },
    )
    expect(await screen.findByRole('img', { name: t('feedback.detail.picture', { number: 1 }) })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: t('feedback.detail.receiptPicture', { number: 1 }) })).toBeInTheDocument()
    expect(await screen.findByText(t('feedback.detail.pictureMissing', { number: 2 }))).toBeInTheDocument()
    const thread = screen.getByRole('list')
    expect(within(thread).getAllByRole('listitem')).toHaveLength(1)
  })

  it('attaches a picture to a message: uploaded with its progress, then sent with the message', async () => {
    const { user, journey } = await openTicket(() => detail(3))
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!
    await user.upload(picker, new File([new Uint8Array(2048)], 'mpesa.png', { type: 'image/png' }))
    // The progress shows while it uploads (the harness reports half way after 5 ms, done after 150 ms).
    await screen.findByRole('progressbar', { name: t('ui.image.uploading', { percent: 50 }) })
    expect(await screen.findByText(t('feedback.add.receiptStatus.uploaded'))).toBeInTheDocument()
    expect(journey.inputsOf('uploadFile')).toEqual(['r1'])
    expect(journey.inputsOf('uploadReceipt')).toEqual([])
    await user.type(screen.getByRole('textbox', { name: t('feedback.detail.message') }), 'Here is the SMS')
    await user.click(screen.getByRole('button', { name: t('feedback.detail.send') }))
    await waitFor(() =>
      expect(journey.inputsOf('leaveMessage')).toEqual([
        { feedbackId: 'F-1', content: 'Here is the SMS', attachments: ['file-r1'] },
      ]),
    )
  })

  it('goes back to the list', async () => {
    const { user, journey } = await openTicket(() => detail(1))
    await user.click(screen.getByRole('button', { name: t('ui.header.back') }))
    await waitFor(() => expect(routeOf(journey.actor)).toBe('feedbackList'))
  })
})
