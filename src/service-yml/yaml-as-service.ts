/**
 * YAML read as the service reads it. The service's reader is Go's gopkg.in/yaml (a port of
 * libyaml, YAML 1.1), which differs from js-yaml's default (YAML 1.2 core) in two ways that
 * real service.yml files hit:
 *
 * - Scalar meanings: YAML 1.1 reads `no`, `off`, `n` as false, `yes`, `on`, `y` as true,
 *   `0022` as the octal 18, `1_000` as 1000 (gopkg.in/yaml.v2 `resolve.go`). js-yaml's own
 *   YAML 1.1 tags resolve the same; timestamps are left as text, as gopkg.in/yaml.v2 leaves them
 *   for untyped values ("for backward compatibility"). Where the service's model holds a string
 *   (a workflow id, `machine_type_id`, a trigger pattern), Go keeps the text as written: read
 *   those with `TEXT_SCHEMA`, where every scalar is its text.
 * - Indentation: libyaml does not check the indentation of a flow collection's continuation
 *   lines (`[a,` / `b]`) nor of a quoted scalar's (`"one` / `two"`); js-yaml refuses both as
 *   "deficient indentation". Leading white space on those lines carries no meaning (it is
 *   separation in a flow collection and is trimmed by line folding in a quoted scalar), so
 *   such a line is indented further and the text read again. Nothing else is changed.
 */
import {
  FAILSAFE_SCHEMA,
  Schema,
  binaryTag,
  boolYaml11Tag,
  floatYaml11Tag,
  intYaml11Tag,
  load,
  mergeTag,
  nullYaml11Tag,
  type LoadOptions
} from 'js-yaml'

/** YAML 1.1 scalar meanings for untyped values, with `<<` merge keys (no timestamps: they stay text). */
export const YAML11_SERVICE_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullYaml11Tag,
  boolYaml11Tag,
  intYaml11Tag,
  floatYaml11Tag,
  mergeTag,
  binaryTag
])

/** Every scalar as its text, as Go reads a value into a string field; `<<` merges still apply. */
export const TEXT_SCHEMA = FAILSAFE_SCHEMA.withTags(mergeTag)

/** Re-readings allowed per text: each fixes at least one under-indented line. */
const MAX_REPAIRS = 2000

export interface ServiceYamlText {
  /** The text with under-indented continuation lines indented further; the same lines, in the same order. */
  text: string
  /** 1-based numbers of the lines indented further, in the order found. */
  repairedLines: number[]
}

type LoadFn = (text: string) => unknown

/**
 * Loads `text` with `load`, indenting further each continuation line js-yaml refuses as
 * "deficient indentation" (see above) until it reads or fails for another reason, which is
 * thrown as js-yaml threw it. Returns the document and the repaired text.
 */
export function loadAsService(text: string, loadFn: LoadFn): { doc: unknown } & ServiceYamlText {
  const lines = text.split('\n')
  const repairedLines: number[] = []
  let lastLine = -1
  let pad = 0
  for (let attempt = 0; ; attempt++) {
    const current = lines.join('\n')
    try {
      return { doc: loadFn(current), text: current, repairedLines }
    } catch (error) {
      const line = deficientLine(error)
      if (line === undefined || line >= lines.length || attempt >= MAX_REPAIRS) throw error
      // First to one column past the previous line's indentation; if js-yaml still refuses the same line, twice as far.
      pad = line === lastLine ? pad * 2 : Math.max(1, indentOfPrevious(lines, line) + 1 - indentOf(lines[line]))
      if (indentOf(lines[line]) + pad > 1000) throw error
      lines[line] = ' '.repeat(pad) + lines[line]
      if (line !== lastLine) repairedLines.push(line + 1)
      lastLine = line
    }
  }
}

/** Loads service.yml text with YAML 1.1 meanings and the service's tolerance of indentation. */
export function loadServiceYaml(
  text: string,
  options: Omit<LoadOptions, 'schema'> = {}
): { doc: unknown } & ServiceYamlText {
  return loadAsService(text, (current) => load(current, { ...options, schema: YAML11_SERVICE_SCHEMA }))
}

/** The same document with every scalar as its text (for the fields the service's model types as strings). */
export function loadServiceYamlText(repairedText: string, options: Omit<LoadOptions, 'schema'> = {}): unknown {
  return load(repairedText, { ...options, schema: TEXT_SCHEMA })
}

/** The 0-based line of a "deficient indentation" refusal, or undefined for any other error. */
function deficientLine(error: unknown): number | undefined {
  const e = error as { reason?: unknown; mark?: { line?: unknown } }
  if (e?.reason !== 'deficient indentation' || typeof e.mark?.line !== 'number') return undefined
  return e.mark.line
}

function indentOf(line: string): number {
  return /^ */.exec(line)![0].length
}

function indentOfPrevious(lines: string[], index: number): number {
  for (let i = index - 1; i >= 0; i--) if (lines[i].trim() !== '') return indentOf(lines[i])
  return 0
}
