/**
 * The monthly-income picker's options: the spec's five band ids (what the form sends, the same everywhere), each
 * labelled with what it means in the product's currency (domain/salary-bands.ts), e.g. "Less than Ksh 10,000",
 * "Ksh 10,001 – 25,000", "More than Ksh 100,000" in Kenya, formatted as money for the borrower's locale.
 */
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { SalaryBand } from '../../../domain/enums'
import { formatMoney, unitsToMinor } from '../../../domain/money'
import { salaryBandWording, type SalaryBandTerms } from '../../../domain/salary-bands'
import { SALARY_BAND_ORDER } from '../../../domain/scorecard-policy'
import { useDisplay } from '../../../ui/display'
import type { PickerOption } from '../../../ui/picker'

const LABEL = {
  below: 'auth.additional.salaryBand.below',
  between: 'auth.additional.salaryBand.between',
  above: 'auth.additional.salaryBand.above',
} as const

export function useSalaryBandOptions(terms: SalaryBandTerms): PickerOption<SalaryBand>[] {
  const { t } = useTranslation()
  const { locale } = useDisplay()
  return useMemo(() => {
    const { currency, minorPerUnit } = terms
    const money = (major: number) =>
      formatMoney(unitsToMinor(major, minorPerUnit), currency, locale, { minorPerUnit })
    return SALARY_BAND_ORDER.map((band) => {
      const wording = salaryBandWording(terms.bands[band])
      const label =
        wording.kind === 'between'
          ? t(LABEL.between, { from: money(wording.fromMajor), to: money(wording.toMajor) })
          : t(LABEL[wording.kind], { amount: money(wording.amountMajor) })
      return { value: band, label }
    })
  }, [t, locale, terms])
}
