// The screen contract (issue 15 item 3, docs/decisions.md "Issue 15: a typed screen contract"): a screen reads a
// machine through the view function the machine exports (`xView(snapshot)`, read once with
// screens/shared/use-view.ts) and the journey through the named selectors of screens/shared/journey-selectors.ts
// (the one screen file allowed to read the journey's context). So no screen reads a snapshot's context
// (`s.context.order`), asks for a state by its path (`s.matches('a.b')`: a state renamed in the machine would
// silently stop matching), or casts a child to its ref type (`as XRef | undefined`, which hides a child the
// journey no longer runs); tags, `can()` and the view functions say what a screen needs.
export default {
  meta: {
    type: 'problem',
    docs: { description: "screens read machines through their views and the journey's selectors" },
    schema: [],
    messages: {
      contextRead:
        "Do not read a machine's context in a screen ({{text}}): use the machine's view function (useView) or a selector of screens/shared/journey-selectors.ts.",
      matches:
        "Do not match state paths in a screen ({{text}}): ask the machine's view, its tags or can().",
      childCast:
        "Do not cast a machine child in a screen ({{text}}): read it from a typed child or a journey selector.",
    },
  },
  create(context) {
    const text = (node) => context.sourceCode.getText(node).slice(0, 60)
    const named = (node, name) =>
      node && node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === name
    const refType = (type) => {
      if (!type) return false
      if (type.type === 'TSUnionType') return type.types.some(refType)
      if (type.type !== 'TSTypeReference') return false
      const name = context.sourceCode.getText(type.typeName)
      return /Ref$/.test(name) || name === 'ActorRefFrom'
    }
    return {
      MemberExpression: (node) => {
        if (named(node.object, 'context')) context.report({ node, messageId: 'contextRead', data: { text: text(node) } })
      },
      CallExpression: (node) => {
        if (named(node.callee, 'matches')) context.report({ node, messageId: 'matches', data: { text: text(node) } })
      },
      TSAsExpression: (node) => {
        if (refType(node.typeAnnotation)) context.report({ node, messageId: 'childCast', data: { text: text(node) } })
      },
    }
  },
}
