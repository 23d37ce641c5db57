/**
 * The interface language: the borrower's choice (the journey's language child), else the one the app started in.
 * The country's languages come first in any list of them.
 */
import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { chosenLanguageOf, type languageMachine } from '../../../machines/language.machine'
import { COUNTRIES, LANGUAGES, type CountryCode, type Language } from '../../../domain/countries'
import type { JourneyRef } from '../../screen-props'

export type LanguageRef = ActorRefFrom<typeof languageMachine>

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value)

export function useCurrentLanguage(journey: JourneyRef): Language {
  const { i18n } = useTranslation()
  const child = useSelector(journey, (s) => s.children.language)
  const chosen = useSelector(child, (s) => (s ? chosenLanguageOf(s) : null))
  return chosen ?? (isLanguage(i18n.language) ? i18n.language : COUNTRIES.TZ.defaultLanguage)
}

/** Every interface language, the country's own first (in the profile's order). */
export function languagesFor(country: CountryCode): Language[] {
  const own = COUNTRIES[country].languages
  return [...own, ...LANGUAGES.filter((language) => !own.includes(language))]
}
