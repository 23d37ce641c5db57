/**
 * Where someone lives or works: the first-level area (region, county, state) picked from the country's list with
 * search, then the second level (district, sub-county, municipality) — picked from the region's list where the
 * country lists them (Tanzania), otherwise typed in. The second level opens only once the first is chosen; the
 * form's clearing decorator (DEPENDENT_FIELDS) empties it when the first changes. Below them the optional third
 * level (ward, colonia: spec §3's `county`), typed in, also once the first is chosen and cleared with it.
 */
import { useMemo, type ReactElement } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, type CountryCode } from '../../../domain/countries'
import { citiesOf, statesOf } from '../../../domain/admin-areas'
import { SelectField, TextField } from '../../../ui/form-fields'

export interface AreaFieldsProps {
  country: CountryCode
  stateName: string
  cityName: string
  /** The optional third level (ward, colonia), sent as spec §3's `county` / `workCounty`. */
  countyName: string
  /** The residence address requires the region (and Tanzania's district); a work address is optional. */
  required: boolean
}

export function AreaFields({ country, stateName, cityName, countyName, required }: AreaFieldsProps): ReactElement {
  const { t } = useTranslation()
  const { adminLevels } = COUNTRIES[country]
  const state = useField<string>(stateName, { subscription: { value: true } }).input.value
  const states = useMemo(() => statesOf(country).map((a) => ({ value: a.name, label: a.name })), [country])
  const cities = useMemo(
    () => (state ? citiesOf(country, state).map((name) => ({ value: name, label: name })) : []),
    [country, state],
  )
  const stateLabel = t(`enums.adminLevel.${adminLevels.first}`)
  const cityLabel = t(`enums.adminLevel.${adminLevels.second}`)
  const cityRequired = required && adminLevels.secondRequired
  return (
    <>
      <SelectField name={stateName} label={stateLabel} required={required} options={states} searchable />
      {adminLevels.secondListed ? (
        <SelectField
          name={cityName}
          label={cityLabel}
          required={cityRequired}
          options={cities}
          searchable
          disabled={!state}
          hint={state ? undefined : t('auth.area.stateFirst', { state: stateLabel })}
        />
      ) : (
        <TextField
          name={cityName}
          label={cityLabel}
          required={cityRequired}
          maxLength={100}
          disabled={!state}
          hint={state ? undefined : t('auth.area.stateFirst', { state: stateLabel })}
        />
      )}
      <TextField
        name={countyName}
        label={t('auth.area.optional', { level: t(`enums.adminLevel.${adminLevels.third}`) })}
        maxLength={100}
        disabled={!state}
        hint={state ? undefined : t('auth.area.stateFirst', { state: stateLabel })}
      />
    </>
  )
}
