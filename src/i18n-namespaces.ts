/**
 * The translation namespaces every screen may need — the kit's words, API errors, the machines' messages and
 * field errors — loaded at start-up (src/i18n.ts) and preloaded by index.html (scripts/vite/app-shell.ts) with
 * those of home, the screen most opens start at.
 */
export const CORE_NAMESPACES = ['ui', 'errors', 'machines', 'validation', 'enums'] as const
export const FIRST_SCREEN_NAMESPACES = ['home'] as const
