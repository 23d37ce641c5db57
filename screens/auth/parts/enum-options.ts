/** Picker options of an enumeration's values, labelled from locales/<lang>/enums.json (enumLabelKey). */
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { enumLabelKey, type EnumName } from '../../../domain/enums'
import type { PickerOption } from '../../../ui/picker'

export function useEnumOptions<V extends string | number>(
  name: EnumName,
  values: readonly V[],
): PickerOption<V>[] {
  const { t } = useTranslation()
  return useMemo(
    () => values.map((value) => ({ value, label: t(enumLabelKey(name, value)) })),
    [t, name, values],
  )
}
