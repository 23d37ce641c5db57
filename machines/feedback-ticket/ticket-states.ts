/**
 * The open ticket (machines/feedback-ticket.machine.ts `detail`, feedbackDetail): the ticket, then its thread read a
 * page at a time (a long thread opens on its latest page); a message box with images while the ticket is open, the
 * rating once it is resolved.
 */
import { not } from 'xstate'
import { callErrors, loadErrors, loadFailedState } from '../kit/loadable'
import { outputParams } from '../kit/params'
import { uploadQueue } from '../kit/upload-queue'
import type { FeedbackTicketContext } from './feedback-ticket-context'
import { messageRequest, THREAD_PAGE_SIZE } from './feedback-ticket-rules'
import { ENDED, feedbackTicketSetup } from './feedback-ticket-setup'

/** A page of the thread read with loadMessages: the first, the latest of a long thread, or the one before. */
const threadPage = (page: (c: FeedbackTicketContext) => number) => ({
  src: 'loadMessages' as const,
  input: ({ context }: { context: FeedbackTicketContext }) => ({
    feedbackId: context.feedbackId!,
    page: page(context),
    pageSize: THREAD_PAGE_SIZE,
  }),
})

export const ticketStates = feedbackTicketSetup.createStateConfig({
  description:
    'feedbackDetail: one ticket and its thread (its latest page first); a message box with images while it is ' +
    'open, the rating once resolved.',
  initial: 'loading',
  on: { 'detail.closed': { target: 'list', actions: 'startOver' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadTicket',
        input: ({ context }) => ({ feedbackId: context.feedbackId! }),
        onDone: { target: 'loadingThread', actions: { type: 'keepTicket', params: outputParams } },
        onError: loadErrors(ENDED),
      },
    },
    loadingThread: {
      description: "The thread's first page; a longer thread is shown from its latest page.",
      tags: ['busy'],
      invoke: {
        ...threadPage(() => 1),
        onDone: [
          {
            guard: { type: 'threadLonger', params: outputParams },
            target: 'loadingLatest',
            actions: { type: 'aimAtLatestPage', params: outputParams },
          },
          { target: 'shown', actions: { type: 'keepThread', params: outputParams } },
        ],
        onError: loadErrors(ENDED),
      },
    },
    loadingLatest: {
      tags: ['busy'],
      invoke: {
        ...threadPage((c) => c.threadFirstPage),
        onDone: { target: 'shown', actions: { type: 'keepThread', params: outputParams } },
        onError: loadErrors(ENDED),
      },
    },
    loadFailed: loadFailedState('tickets.refreshed'),
    shown: {
      type: 'parallel',
      on: {
        'message.changed': {
          actions: { type: 'changeMessage', params: ({ event }) => ({ text: event.text }) },
        },
        'message.sent': [
          { guard: 'ticketResolved' },
          { guard: not('receiptsSettled'), actions: 'showReceiptsUploading' },
          { guard: 'messageValid', target: 'sending' },
          { actions: 'showMessageProblem' },
        ],
        'ticket.rated': {
          guard: { type: 'rateable', params: ({ event }) => ({ rating: event.rating }) },
          target: 'rating',
        },
      },
      states: {
        thread: {
          initial: 'idle',
          states: {
            idle: { on: { 'thread.earlier': { guard: 'earlierPages', target: 'loadingEarlier' } } },
            loadingEarlier: {
              tags: ['loadingEarlier'],
              invoke: {
                ...threadPage((c) => c.threadFirstPage - 1),
                onDone: { target: 'idle', actions: { type: 'keepEarlier', params: outputParams } },
                onError: callErrors(ENDED, 'idle'),
              },
            },
          },
        },
        attachments: uploadQueue(
          'message',
          "A message's images, one at a time: compress, then upload (/feedback/uploadFile).",
          'ticketResolved',
        ),
        images: {
          description: "The ticket's and the thread's images, fetched with the session as they appear.",
          initial: 'idle',
          states: {
            idle: { always: { guard: 'imagesToAsk', target: 'loading', actions: 'askImages' } },
            loading: {
              invoke: {
                src: 'loadImages',
                input: ({ context }) => ({ files: context.imagesLoading }),
                onDone: { target: 'idle', actions: { type: 'keepImages', params: outputParams } },
                onError: { target: 'idle', actions: 'imagesNotRead' },
              },
            },
          },
        },
      },
    },
    sending: {
      tags: ['busy', 'sending'],
      invoke: {
        src: 'leaveMessage',
        input: ({ context }) => messageRequest(context),
        onDone: { target: 'loading', actions: 'clearMessage' },
        onError: callErrors(ENDED, 'shown'),
      },
    },
    rating: {
      tags: ['busy', 'rating'],
      invoke: {
        src: 'rateTicket',
        input: ({ context, event }) => ({
          feedbackId: context.feedbackId!,
          rating: event.type === 'ticket.rated' ? event.rating : 0,
        }),
        onDone: 'loading',
        onError: callErrors(ENDED, 'shown'),
      },
    },
  },
})
