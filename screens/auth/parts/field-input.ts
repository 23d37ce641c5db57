/** What the onboarding forms' text fields share. */

/** Room for a number typed with its country code and spaces ("+255 713 456 789"); the schema checks the digits. */
export const PHONE_INPUT_MAX = 20

/** Upper-cases what is typed (CURP, RFC). */
export const upper = (value: string) => value.toUpperCase()
