/** A country's name in `locale` (Intl's own region names, e.g. 'TZ' → "Tanzania", "Tansania"…), else its code. */
export function regionName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}
