/**
 * The language machine's I/O (machines/language.machine.ts): spec §3's `language` key in local storage, which
 * the API client reads for the `lang` header of every call. Composition:
 * `languageMachine.provide({ actors: createLanguageActors({ storage }) })`, then switch i18n whenever the
 * child's `context.language` changes.
 */
import { fromPromise } from 'xstate'
import type { Language } from '../../domain/countries'
import type { KopaStorage } from '../storage/storage'

export function createLanguageActors({ storage }: { storage: Pick<KopaStorage, 'get' | 'set'> }) {
  return {
    loadLanguage: fromPromise<Language | null>(async () => storage.get('language')),
    saveLanguage: fromPromise<void, { language: Language }>(async ({ input }) => {
      // A phone that refuses the write (storage full or disabled) keeps the choice in memory for this visit.
      storage.set('language', input.language)
    }),
  }
}
