/**
 * The permission disclosure (spec §1, §6; decisions.md "Data and privacy"): the phone permissions the app may
 * ask for, the data set each one feeds (spec §4's upload flags; the camera feeds the ID and face photos), and
 * what each one means for a borrower of a country whose data policy requires some flags.
 *
 * Which flags a country requires is the lender's server's policy (/time/upload/policy, from server/config.ts
 * `collection`; the reference server requires none); by default no country requires contacts, SMS, call log or
 * the installed-app list (regulators in all three forbid using them for lending or collection). Those four are then "not used" and never asked for; location, device
 * information and storage are optional; the camera is needed for the ID and face photos whatever the policy.
 * Pure data: no I/O.
 */
import type { UploadStatusFlags } from './api-types'

export type UploadFlag = keyof UploadStatusFlags

/** The permissions of the disclosure, in the order shown (names as the native bridge's queryPermissions). */
export const DISCLOSED_PERMISSIONS = [
  'camera',
  'location',
  'phone',
  'storage',
  'contacts',
  'sms',
  'callLog',
  'installedApps',
] as const
export type DisclosedPermission = (typeof DISCLOSED_PERMISSIONS)[number]

/** The upload flag each permission's data is reported under; null: the camera (photos the borrower takes). */
export const PERMISSION_FLAG: Readonly<Record<DisclosedPermission, UploadFlag | null>> = {
  camera: null,
  location: 'location',
  phone: 'device',
  storage: 'exif',
  contacts: 'contact',
  sms: 'sms',
  callLog: 'callLog',
  installedApps: 'appList',
}

/** Data sets regulators forbid for lending unless a lender's country policy explicitly requires them. */
const NOT_USED_BY_DEFAULT: readonly UploadFlag[] = ['contact', 'sms', 'callLog', 'appList']

/**
 * What a permission means for the borrower:
 * - `required`: the country's policy requires its data; refusing it affects loan approval;
 * - `identity`: the camera, without which the ID and face photos cannot be taken;
 * - `optional`: may help the assessment; refusing it does not affect approval;
 * - `notUsed`: the lender does not use it in this country, and the app never asks for it.
 */
export type PermissionUse = 'required' | 'identity' | 'optional' | 'notUsed'

export function permissionUse(
  permission: DisclosedPermission,
  requiredFlags: readonly UploadFlag[],
): PermissionUse {
  const flag = PERMISSION_FLAG[permission]
  if (flag === null) return 'identity'
  if (requiredFlags.includes(flag)) return 'required'
  return NOT_USED_BY_DEFAULT.includes(flag) ? 'notUsed' : 'optional'
}

/** The permissions the app asks for once the borrower accepts: every one it uses. */
export function permissionsToRequest(requiredFlags: readonly UploadFlag[]): DisclosedPermission[] {
  return DISCLOSED_PERMISSIONS.filter((p) => permissionUse(p, requiredFlags) !== 'notUsed')
}

/** A permission's state as the phone reports it ('unavailable': this shell does not use it). */
export type PermissionState = 'granted' | 'denied' | 'prompt' | 'unavailable'
export type PermissionStates = Partial<Record<DisclosedPermission, PermissionState>>
