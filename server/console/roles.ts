/**
 * What each staff role may do in the console and how much of a borrower it sees (issue 20). Support answers
 * borrowers, so it sees their names and a masked phone; finance sees amounts and masked identities; risk sees what
 * a decision was made on and sets the products' prices and limits; only an admin reads the audit log, exports, and manages staff.
 * Support cancels an order not yet confirmed (the borrower on the phone asks it); finance changes what is owed
 * (waives a penalty, writes a loan off, resolves money in suspense).
 */
import type { StaffRole } from '../db/schema/staff'

export const PERMISSIONS = [
  'audit.read',
  'audit.export',
  'staff.manage',
  'tickets.answer',
  'repayments.review',
  'decisions.read',
  'loans.read',
  'products.edit',
  'books.read',
  /** Cancel an order not yet confirmed (the lifecycle decides which). */
  'loans.cancel',
  /** Waive a penalty, write off an overdue loan, resolve a receipt in suspense: changes to what is owed. */
  'money.adjust',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const GRANTS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  support: ['tickets.answer', 'loans.read', 'loans.cancel'],
  risk: ['decisions.read', 'loans.read', 'products.edit'],
  finance: ['repayments.review', 'loans.read', 'books.read', 'money.adjust'],
  admin: PERMISSIONS,
}

export function may(role: StaffRole, permission: Permission): boolean {
  return GRANTS[role].includes(permission)
}

/** Personal data the console shows, by kind. */
export type PersonalField = 'name' | 'mobile' | 'nationalId' | 'wallet'

/** Keeps the last `visible` characters and stars the rest (at least as many stars as characters hidden). */
export function maskTail(value: string, visible: number): string {
  if (value.length <= visible) return '*'.repeat(value.length)
  return '*'.repeat(value.length - visible) + value.slice(-visible)
}

/**
 * `value` as `role` may see it: in full where the role needs it (support and risk: the name; an admin:
 * everything), else the name's initial, and numbers with only their last characters (enough to confirm with the
 * borrower on the phone).
 */
export function shownTo(role: StaffRole, field: PersonalField, value: string): string {
  if (role === 'admin') return value
  if (field === 'name') return role === 'support' || role === 'risk' ? value : `${value.slice(0, 1)}…`
  if (field === 'mobile') return maskTail(value, 3)
  return maskTail(value, 4)
}
