import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import i18next from 'eslint-plugin-i18next'
import globals from 'globals'
import importDirection from './scripts/eslint/import-direction.js'
import xstateConventions from './scripts/eslint/xstate-conventions.js'
import screenContract from './scripts/eslint/screen-contract.js'

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'data', 'docs', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: {
      kopa: {
        rules: {
          'import-direction': importDirection,
          'xstate-conventions': xstateConventions,
          'screen-contract': screenContract,
        },
      },
      'react-hooks': reactHooks,
    },
    rules: {
      'kopa/import-direction': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // crypto-js's default import pulls the whole library (18 KiB gzip); import by module.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'crypto-js', message: "Import by module, e.g. 'crypto-js/aes'." }] },
      ],
    },
  },
  {
    // The machine kit's conventions (scripts/eslint/xstate-conventions.js): typed params, no event casts.
    files: ['machines/**'],
    rules: { 'kopa/xstate-conventions': 'error' },
  },
  {
    // The screen contract (scripts/eslint/screen-contract.js): no context reads, state-path matches or child casts
    // in screens; journey-selectors.ts is where the journey's context is read.
    files: ['screens/**'],
    ignores: ['screens/shared/journey-selectors.ts'],
    rules: { 'kopa/screen-contract': 'error' },
  },
  {
    files: ['machines/**', 'domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'crypto-js', message: "Import by module, e.g. 'crypto-js/aes'." }],
          patterns: [{ group: ['react', 'react-dom', '@xstate/react', 'react-*', 'axios', 'wouter'], message: 'No React or I/O here.' }],
        },
      ],
    },
  },
  {
    files: ['screens/**/*.tsx', 'ui/**/*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['alt', 'title', 'placeholder', 'aria-label', 'label'] },
        },
      ],
    },
  },
  {
    // The journey owns navigation (issue 15): no screen, kit part or service reads the app's URL or moves the
    // browser's history. Opening another app (`location.assign('tel:…')`, an external page) is the one use left.
    files: ['screens/**', 'ui/**', 'services/**', 'machines/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'history', message: 'The journey decides where the borrower goes: send nav.back or a route event.' },
        { name: 'location', message: 'The journey decides where the borrower goes; the route sync (src/routing) owns the URL.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='history']",
          message: 'The journey decides where the borrower goes: send nav.back or a route event.',
        },
        {
          selector: "MemberExpression[object.property.name='location'][property.name!='assign']",
          message: 'The route sync (src/routing) owns the URL; ask the journey for the current route.',
        },
      ],
    },
  },
  {
    files: ['screens/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'crypto-js', message: "Import by module, e.g. 'crypto-js/aes'." }],
          patterns: [{ group: ['axios', 'wouter', 'wouter/*'], message: 'Screens send events; no URLs and no calls.' }],
        },
      ],
    },
  },
)
