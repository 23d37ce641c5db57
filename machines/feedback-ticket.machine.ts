/**
 * feedback ticket — the borrower's tickets with customer service: the list (with the red dot of unread
 * replies), a new ticket with receipt images, the thread of one ticket with a message box, and the 1–5 rating of
 * a resolved one.
 *
 * Receipts: at most `maxReceipts` (decisions.md: 3 unless configured), each an image of at most 20 MB before
 * compression (the domain's rules), run by the kit's upload queue (machines/kit/upload-queue.ts); the ticket can
 * be sent once none is still on its way. The form itself (type, description, account, contact, time) is the
 * submit machine, invoked as `ticketForm` with the domain's feedback schema, so it keeps a draft; the screen
 * sends form.changed to that child and ticket.submitted here, which adds the uploaded receipts.
 *
 * The thread of a ticket is read with /feedback/list/leave-message, THREAD_PAGE_SIZE messages a page, oldest
 * first: a long thread opens on its latest page, and `thread.earlier` reads the page before. A message may carry
 * images like a new ticket's receipts (the same rules, compression and progress; `receipts` holds them while the
 * message is written), uploaded with /feedback/uploadFile. The images of the thread and the ticket's receipts are
 * served only to the borrower's session, so they are fetched (`loadImages`) and kept as Blobs in `images`.
 *
 * Input (FeedbackTicketInput): { country, maxReceipts? }
 * Events: tickets.more, tickets.refreshed, ticket.opened {feedbackId}, ticket.started, composing.cancelled,
 *         receipt.added {file}, receipt.removed {localId}, receipt.retried {localId}, ticket.submitted,
 *         result.acknowledged, message.changed {text}, message.sent, thread.earlier, ticket.rated {rating},
 *         detail.closed (and, from the upload actor: receipt.progressed, receipt.uploaded, receipt.failed)
 * Tags:   busy, uploading, canSubmit, created, loadFailed, loadingEarlier, sending (a message), rating; the
 *         message box and the stars ask snapshot.can() ({ type: 'message.sent' } only while the ticket is not
 *         resolved; { type: 'ticket.rated', rating } only for a resolved, unrated one; { type: 'thread.earlier' }
 *         while earlier pages remain). The screens read it through the views (feedback-ticket/feedback-ticket-view.ts).
 * Output: { outcome: 'sessionEnded' } — it runs while the borrower is in the feedback screens
 * Actors the composition provides:
 *   loadTickets     ({ page }) → Page<FeedbackItem>                   (POST /feedback/list/feedback)
 *   loadRedDot      () → RedDot                                       (GET /feedback/red-dot-marker)
 *   compressReceipt ({ file }) → Blob                                 (the image compressor)
 *   uploadReceipt   callback ({ localId, file, to }) → sends receipt.progressed / receipt.uploaded /
 *                   receipt.failed                  (to 'ticket': POST /feedback/upload/credential,
 *                                                    to 'message': POST /feedback/uploadFile)
 *   ticketForm      = submitMachine with its submit (POST /feedback/create) and draftStore actors provided
 *   loadTicket      ({ feedbackId }) → FeedbackDetail                 (GET /feedback/detail)
 *   loadMessages    ({ feedbackId, page, pageSize }) → Page<FeedbackMessage> (POST /feedback/list/leave-message)
 *   loadImages      ({ files }) → { [fileId]: Blob }, the ones it could read (GET /feedback/files/<id>)
 *   leaveMessage    ({ feedbackId, content, attachments }) → MessageCreated (POST /feedback/add/leaveMsg)
 *   rateTicket      ({ feedbackId, rating }) → Empty                  (POST /feedback/submit-rating)
 *
 * Beside it (machines/feedback-ticket/): its context and events (feedback-ticket-context.ts), its rules
 * (feedback-ticket-rules.ts), its setup (feedback-ticket-setup.ts: every actor, guard and action it names), the
 * open ticket's states (ticket-states.ts, `detail`) and what the screens read (feedback-ticket-view.ts).
 */
import { feedbackSchema, MAX_RECEIPTS } from '../domain/schemas/feedback'
import { loadErrors } from './kit/loadable'
import { outputParams } from './kit/params'
import { uploadQueue } from './kit/upload-queue'
import type { FeedbackTicketOutput } from './feedback-ticket/feedback-ticket-context'
import { noTicket } from './feedback-ticket/feedback-ticket-rules'
import { ENDED, feedbackTicketSetup } from './feedback-ticket/feedback-ticket-setup'
import { ticketStates } from './feedback-ticket/ticket-states'

export const feedbackTicketMachine = feedbackTicketSetup.createMachine({
  id: 'feedbackTicket',
  description:
    "The borrower's feedback tickets: list, a new ticket with receipts, a ticket's thread and rating.",
  context: ({ input }) => ({
    country: input.country,
    maxReceipts: input.maxReceipts ?? MAX_RECEIPTS,
    tickets: [],
    page: 0,
    total: 0,
    unread: 0,
    nextReceiptId: 1,
    createdId: null,
    ...noTicket(),
    error: null,
  }),
  initial: 'list',
  states: {
    list: {
      description: 'feedback_list: the tickets a page at a time, and the red dot of unread replies.',
      initial: 'loading',
      invoke: {
        src: 'loadRedDot',
        onDone: { actions: { type: 'keepRedDot', params: outputParams } },
        onError: {},
      },
      on: {
        'ticket.opened': {
          target: 'detail',
          actions: { type: 'chooseTicket', params: ({ event }) => ({ feedbackId: event.feedbackId }) },
        },
        'ticket.started': 'composing',
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadTickets',
            input: ({ context }) => ({ page: context.page + 1 }),
            onDone: { target: 'shown', actions: { type: 'keepPage', params: outputParams } },
            onError: [{ guard: 'neverSignedIn', target: 'signedOut' }, ...loadErrors(ENDED)],
          },
        },
        loadFailed: {
          tags: ['loadFailed'],
          on: { 'tickets.refreshed': { target: 'loading', actions: ['startOver', 'clearError'] } },
        },
        signedOut: {
          description:
            'No session at all (the questions before a ticket are open to anyone): nothing to list, and no session ' +
            'that ended. Writing a ticket still starts here; the journey asks for login first.',
        },
        shown: {
          on: {
            'tickets.more': { guard: 'moreToLoad', target: 'loading' },
            'tickets.refreshed': { target: 'loading', actions: 'startOver' },
          },
        },
      },
    },
    composing: {
      description:
        'add_feedback: the form (a submit child with a draft) and the receipts, uploaded as they are added.',
      type: 'parallel',
      invoke: {
        id: 'ticketForm',
        src: 'ticketForm',
        input: ({ context }) => ({
          formId: 'feedback.new',
          schema: feedbackSchema(context.country, { maxReceipts: context.maxReceipts }),
          initialValues: { contactTime: 'anytime' },
        }),
        onDone: [
          {
            guard: { type: 'formSaved', params: outputParams },
            target: 'created',
            actions: { type: 'keepCreated', params: outputParams },
          },
          { target: 'sessionEnded' },
        ],
      },
      on: { 'composing.cancelled': { target: 'list', actions: 'forgetComposition' } },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              tags: ['canSubmit'],
              on: {
                'ticket.submitted': [
                  { guard: 'receiptsSettled', actions: ['clearError', 'sendTicket'] },
                  { actions: 'showReceiptsUploading' },
                ],
              },
            },
          },
        },
        receipts: uploadQueue('ticket', 'One receipt at a time: compress, then upload with its progress.'),
      },
    },
    created: {
      description: 'feedback_result: the ticket was opened.',
      tags: ['created'],
      on: { 'result.acknowledged': { target: 'list', actions: 'startOver' } },
    },
    detail: ticketStates,
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): FeedbackTicketOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as FeedbackTicketOutput,
})
