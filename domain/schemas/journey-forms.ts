/**
 * The schemas of the journey's own forms (the profile's three steps, the wallet, the questionnaire, the
 * application), as one module: no first screen checks with them, so the app loads them with the first form the
 * journey opens (src/compose.ts `formSchemas`), and the journey reads them through machines/kit/form-schemas.ts.
 */
export { additionalInfoSchema } from './additional-info'
export { applySchema } from './loan'
export { personalInfoSchema } from './personal-info'
export { questionnaireSchema } from './questionnaire'
export { walletSchema } from './wallet'
