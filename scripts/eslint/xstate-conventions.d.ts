import type { Rule } from 'eslint'

/** The rule of xstate-conventions.js, typed for its test. */
declare const rule: Rule.RuleModule
export default rule
