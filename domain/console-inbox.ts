/**
 * The console's support inbox (issue 20 item 2): what GET/POST /console/api/tickets* answer and accept. Times are
 * UTC ISO strings; personal data is masked by the member's role on the server.
 */
import type { FeedbackStatusCode, FeedbackTypeCode } from './enums'

/** The inbox's tabs: tickets the platform owes an answer (1–2), waiting for the borrower (3), done (4). */
export const INBOX_FILTERS = ['open', 'waiting', 'done'] as const
export type InboxFilter = (typeof INBOX_FILTERS)[number]

/** The platform answers within this of the ticket's opening or the borrower's latest message, whichever is later. */
export const TICKET_SLA_MS = 24 * 60 * 60 * 1000
export const INBOX_PAGE_SIZE = 50
/** A reply's longest text (the borrower's app shows it whole). */
export const TICKET_REPLY_MAX = 2000
/** Pictures one reply may carry, and the largest (JPEG, PNG or WebP). */
export const TICKET_PICTURES_MAX = 3
export const TICKET_PICTURE_MAX_BYTES = 5 * 1024 * 1024

/** Status changes a member may make by hand; 3 ("waiting for the borrower") only comes with a reply. */
export const TICKET_TRANSITIONS: Readonly<Record<FeedbackStatusCode, readonly FeedbackStatusCode[]>> = {
  1: [2, 4],
  2: [4],
  3: [2, 4],
  4: [2],
}

export interface InboxTicket {
  ticketId: string
  type: FeedbackTypeCode
  status: FeedbackStatusCode
  summary: string
  /** Masked by role; null before the borrower gave a name. */
  borrowerName: string | null
  borrowerMobile: string
  createdAt: string
  updatedAt: string
  /** The borrower's latest message, if any. */
  lastBorrowerAt: string | null
  /** When the platform owes an answer by; null when the ticket waits for the borrower or is done. */
  dueAt: string | null
  overdue: boolean
}

export interface InboxPage {
  now: string
  filter: InboxFilter
  page: number
  pageSize: number
  total: number
  tickets: InboxTicket[]
}

export interface ConsoleTicketFile {
  fileId: string
  /** Under /console/api, fetched with the member's bearer token. */
  url: string
  contentType: string
  size: number
}

export interface ConsoleTicketMessage {
  messageId: string
  from: 'borrower' | 'support'
  content: string
  attachments: ConsoleTicketFile[]
  createdAt: string
}

/** GET /console/api/tickets/:id: the ticket, its receipts and its thread. */
export interface ConsoleTicket extends InboxTicket {
  description: string
  receiverAccount: string | null
  /** The borrower's contact (a phone masked like the mobile, or an e-mail address masked likewise). */
  contact: string
  contactTime: string
  orderNo: string | null
  rating: number | null
  receipts: ConsoleTicketFile[]
  messages: ConsoleTicketMessage[]
  /** The statuses a member may move it to now. */
  nextStatuses: FeedbackStatusCode[]
}

export interface TicketReplyRequest {
  text: string
  /** JPEG, PNG or WebP pictures in base64 (at most TICKET_PICTURES_MAX). */
  pictures?: string[]
}

export interface TicketStatusRequest {
  status: FeedbackStatusCode
}
