// The xstate conventions of machines/ (issue 15, docs/decisions.md "Machine kit"): what an invoked actor returns
// or throws reaches a guard or an action as typed params (`params: ({ event }) => ({ offer: event.output })`,
// where xstate types the done event by the actor named in setup()), or through the kit's helpers
// (machines/kit/call-failure.ts errorOf/failureOf); never by casting the event (`event as { output: X }`), which
// hides a wrong actor or a renamed field from the type checker. The stand-in for a provided actor comes from the
// kit (machines/kit/not-provided.ts), not a local copy.
export default {
  meta: {
    type: 'problem',
    docs: { description: 'keep the xstate conventions of machines/ (typed params, the machine kit)' },
    schema: [],
    messages: {
      eventCast:
        'Do not cast the event ({{text}}): pass what the guard or action needs as typed params, or use the kit (machines/kit/).',
      localNotProvided: "Import notProvided from the kit (machines/kit/not-provided.ts); don't define it here.",
    },
  },
  create(context) {
    const isEvent = (node) =>
      (node.type === 'Identifier' && node.name === 'event') ||
      (node.type === 'MemberExpression' && !node.computed && node.property.name === 'event')
    const checkCast = (node) => {
      let inner = node.expression
      while (inner.type === 'TSAsExpression' || inner.type === 'TSTypeAssertion') inner = inner.expression
      if (isEvent(inner)) {
        context.report({ node, messageId: 'eventCast', data: { text: context.sourceCode.getText(node).slice(0, 60) } })
      }
    }
    const isKit = context.filename.split(/[\\/]/).includes('kit')
    return {
      TSAsExpression: (node) => node.parent.type !== 'TSAsExpression' && checkCast(node),
      TSTypeAssertion: checkCast,
      'FunctionDeclaration[id.name="notProvided"]': (node) =>
        !isKit && context.report({ node, messageId: 'localNotProvided' }),
      'VariableDeclarator[id.name="notProvided"]': (node) =>
        !isKit && context.report({ node, messageId: 'localNotProvided' }),
    }
  },
}
