import type { Rule } from 'eslint'

/** The rule of screen-contract.js, typed for its test. */
declare const rule: Rule.RuleModule
export default rule
