/**
 * Turns a schema's issues into `{ field path: message key }`, the shape the form adapter shows at each field and
 * the server sends (translated) in a ValidationFailed reply. Every message is an i18n key under `validation.*` (the
 * staff console's under `console.validation.*`).
 */
import * as v from 'valibot'

/** The key under which an error that belongs to no single field (e.g. the whole questionnaire) is reported. */
export const FORM_ERROR = '_form'

/** The message for a value that is not even the right kind (never shown for a well-built form). */
const FALLBACK = 'validation.required'

type AnySchema = v.GenericSchema

interface Walkable {
  type: string
  pipe?: readonly unknown[]
  wrapped?: AnySchema
  entries?: Record<string, AnySchema>
  item?: AnySchema
  /** A variant: its discriminating key and its object options. */
  key?: string
  options?: readonly AnySchema[]
}

/**
 * The schema of the entry an issue's path leads to, through pipes, optionals, objects, arrays and variants
 * (a variant's option is the one whose discriminator matches the value at that level).
 */
function schemaAt(schema: AnySchema, path: readonly v.IssuePathItem[]): AnySchema | undefined {
  let current: AnySchema | undefined = schema
  for (const item of path) {
    let node = unwrap(current)
    if (node?.options && node.key && isRecord(item.input)) {
      const wanted = item.input[node.key]
      const option = node.options.find((o) => {
        const literal = (unwrap(o)?.entries?.[node!.key!] as unknown as { literal?: unknown } | undefined)?.literal
        return literal === wanted
      })
      node = unwrap(option)
    }
    if (node?.entries && typeof item.key === 'string') current = node.entries[item.key]
    else if (node?.item && typeof item.key === 'number') current = node.item
    else return undefined
  }
  return current
}

function unwrap(schema: AnySchema | undefined): Walkable | undefined {
  let node = schema as unknown as Walkable | undefined
  while (node) {
    if (node.pipe && node.pipe[0] && node.pipe[0] !== node) node = node.pipe[0] as Walkable
    else if (node.wrapped) node = node.wrapped as unknown as Walkable
    else break
  }
  return node
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** A message key: `validation.*`, or an app's own `<namespace>.validation.*` (the staff console's `console.validation.*`). */
const isMessageKey = (message: string | undefined): message is string =>
  message !== undefined && /^([a-z-]+\.)?validation\./.test(message)

/**
 * An object reports a missing key with its own message; a form leaves empty fields out, so for a missing key
 * ask the field's own schema what it says about an empty value.
 */
function messageOf(root: AnySchema, issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? []
  const last = path[path.length - 1]
  if (last && last.origin === 'key' && issue.input === undefined) {
    const entry = schemaAt(root, path)
    const own = entry ? v.safeParse(entry, undefined).issues?.[0]?.message : undefined
    if (isMessageKey(own)) return own
  }
  return isMessageKey(issue.message) ? issue.message : FALLBACK
}

/** Flattened issue path → first message key; `{}` when the value is valid. Root issues land at FORM_ERROR. */
export function fieldErrors(schema: AnySchema, value: unknown): Record<string, string> {
  const result = v.safeParse(schema, value)
  const errors: Record<string, string> = {}
  for (const issue of result.issues ?? []) {
    const path = v.getDotPath(issue) || FORM_ERROR
    if (!(path in errors)) errors[path] = messageOf(schema, issue)
  }
  return errors
}
