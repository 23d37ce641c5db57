/**
 * language — the interface language the borrower chose (user_center/language): English, Kiswahili or Spanish.
 * The choice is kept on the phone under spec §3's `language` key, which the API client reads for every call's
 * `lang` header and the app reads at start-up; the composition switches i18n (src/i18n.ts changeLanguage)
 * whenever `context.language` changes. It runs for the whole visit (a child of the journey, id 'language').
 *
 * Input: none
 * Events: language.chosen { language }
 * Tags:   none
 * Context: language — the stored choice (null until one is made or read: the country's default applies)
 * Actors the composition provides (services/actors/language-actors.ts):
 *   loadLanguage () → Language | null          (storage 'language')
 *   saveLanguage ({ language }) → void          (storage 'language')
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { Language } from '../domain/countries'
import { notProvided } from './kit/not-provided'

export interface LanguageContext {
  language: Language | null
}

export type LanguageEvent = { type: 'language.chosen'; language: Language }


export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
  },
  actors: {
    loadLanguage: fromPromise<Language | null>(notProvided('loadLanguage', 'services/actors/language-actors.ts')),
    saveLanguage: fromPromise<void, { language: Language }>(notProvided('saveLanguage', 'services/actors/language-actors.ts')),
  },
  guards: {
    otherLanguage: ({ context, event }) => event.language !== context.language,
  },
  actions: {
    keepStored: assign((_, params: { language: Language | null }) => ({ language: params.language })),
    choose: assign(({ event }) => ({ language: event.language })),
  },
}).createMachine({
  id: 'language',
  description: 'The interface language the borrower chose, kept on the phone.',
  context: { language: null },
  initial: 'loading',
  // A choice made while the stored one is still being read wins.
  on: { 'language.chosen': { guard: 'otherLanguage', target: '.saving', actions: 'choose' } },
  states: {
    loading: {
      invoke: {
        src: 'loadLanguage',
        onDone: {
          target: 'ready',
          actions: { type: 'keepStored', params: ({ event }) => ({ language: event.output }) },
        },
        onError: 'ready',
      },
    },
    ready: {},
    saving: {
      description: 'Stored at once; a phone that refuses the write keeps the choice for this visit.',
      invoke: {
        src: 'saveLanguage',
        input: ({ context }) => ({ language: context.language! }),
        onDone: 'ready',
        onError: 'ready',
      },
    },
  },
})

/** The language the borrower chose (screens/user-center/parts/current-language.ts), or null for none yet. */
export const chosenLanguageOf = (s: SnapshotFrom<typeof languageMachine>): Language | null => s.context.language
