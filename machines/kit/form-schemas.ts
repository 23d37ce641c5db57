/**
 * The journey's form schemas (domain/schemas/journey-forms.ts), given to it rather than imported by it, so that
 * they load with the first form instead of at start-up (issue 12): the journey builds each form's schema from
 * `formSchemas()` when it opens the form. The app gives them when their chunk arrives, before the journey opens
 * a form (src/compose.ts: the forms need `formSchemas` loaded, and `holdUntilLoaded` holds the event until it is);
 * tests and tools that run the journey get them with its children (machines/journey-children.ts).
 */
import type * as JourneyForms from '../../domain/schemas/journey-forms'

export type FormSchemas = typeof JourneyForms

let given: FormSchemas | null = null

/** Gives the journey its form schemas (the module itself, once loaded). */
export function provideFormSchemas(schemas: FormSchemas): void {
  given = schemas
}

/** The form schemas; a form opened before they were given is a bug of the composition, said plainly. */
export function formSchemas(): FormSchemas {
  if (!given)
    throw new Error(
      "The journey's form schemas were not given (src/compose.ts loads them before a form opens; tests import machines/journey-children.ts)",
    )
  return given
}
