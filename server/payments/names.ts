/**
 * Whose wallet is it? Before the first pay-out to a wallet, a provider that can look names up (AzamPay's name
 * lookup) is asked whom the wallet is registered to, and the pay-out goes ahead only when that name is the
 * borrower's (docs/decisions.md "Tanzania through AzamPay").
 *
 * The comparison is tolerant of how operators write names, and strict about whose they are:
 *   - case, accents and punctuation do not count ("JOSÉ" = "Jose", "Mwana-Amina" = "Mwana Amina",
 *     "N'gwana" = "Ngwana");
 *   - the order of the names does not count (operators often register "SURNAME GIVEN");
 *   - at least two name parts must be the same: a wallet registered to "ASHA JUMA HASSANI" is Asha Juma's, one
 *     registered to "ASHA MUSA" is not, and a wallet registered under a single name cannot be confirmed;
 *   - single letters (initials) never count as a part.
 * Nothing here logs or stores the names.
 */

/** At least this many name parts must be the same on both sides. */
export const MIN_MATCHING_NAME_PARTS = 2

/** A name's parts: lower case, without accents or punctuation, initials dropped, each part once. */
export function nameParts(name: string): string[] {
  const parts = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // An apostrophe joins (N'gwana → ngwana); any other non-letter separates.
    .replace(/['’`]/g, '')
    .split(/[^\p{L}]+/u)
    .filter((p) => p.length > 1)
  return [...new Set(parts)]
}

/** How many name parts two names share. */
export function sharedNameParts(a: string, b: string): number {
  const theirs = new Set(nameParts(b))
  return nameParts(a).filter((p) => theirs.has(p)).length
}

/** True when `registered` (the wallet's holder) names the same person as `expected` (the borrower). */
export function namesMatch(expected: string, registered: string): boolean {
  return sharedNameParts(expected, registered) >= MIN_MATCHING_NAME_PARTS
}

/** The reason a pay-out is refused when the wallet's registered name is not the borrower's (no names in it). */
export const NAME_MISMATCH_REASON =
  "name lookup: the wallet is registered to another name than the borrower's; pay-out refused"
