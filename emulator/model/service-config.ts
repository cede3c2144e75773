/**
 * Reading and writing the app configuration (service.yml) within its limits, and the machine
 * type migration. Machine types live at `meta.service.machine_type_id` (default stack) and at
 * `workflows.<id>.meta.service.machine_type_id` (a workflow's own stack). What a trigger selects
 * from it is in trigger-map.ts and trigger-targets.ts.
 */
import { dump } from 'js-yaml'
import { isDeepStrictEqual } from 'node:util'
// The action's reader: YAML 1.1 meanings and libyaml's tolerance of indentation, as the service reads (see that module).
import { loadServiceYaml, loadServiceYamlText, YAML11_SERVICE_SCHEMA } from '../../src/service-yml/yaml-as-service.js'
import { isObject } from './types.js'
import { applyEdits, editsOfText } from './machine-type-edit.js'

/** Largest configuration text accepted, in UTF-8 bytes. */
export const MAX_CONFIG_BYTES = 512 * 1024
/** Aliases (`*name`) per document. */
export const MAX_CONFIG_ALIASES = 100
/** Collection nesting depth. */
export const MAX_CONFIG_DEPTH = 100
/** Keys copied by merge keys (`<<`) across one document. */
export const MAX_CONFIG_MERGE_KEYS = 10_000
/** Nodes once every alias is expanded, as a migration writes the file back. */
export const MAX_CONFIG_NODES = 100_000
/** Characters of keys and strings once every alias is expanded. */
export const MAX_CONFIG_EXPANDED_CHARS = 4 * 1024 * 1024

export type ServiceConfig = Record<string, unknown>

/** A configuration past one of the limits above; the message says which. */
export class ConfigLimitError extends Error {}

/**
 * Checks what a document becomes once its aliases are expanded (a "billion laughs" is small as
 * text and as parsed objects, which share nodes, but not once written back without references).
 * Stops as soon as a limit is crossed, so the walk itself is bounded.
 */
export function checkExpandedSize(value: unknown): void {
  let nodes = 0
  let chars = 0
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop()!
    if (++nodes > MAX_CONFIG_NODES)
      throw new ConfigLimitError(
        `the configuration expands to more than ${MAX_CONFIG_NODES} nodes once its aliases are expanded`
      )
    if (depth > MAX_CONFIG_DEPTH)
      throw new ConfigLimitError(`the configuration nests deeper than ${MAX_CONFIG_DEPTH} levels`)
    if (typeof item === 'string') chars += item.length
    else if (Array.isArray(item)) for (const element of item) stack.push({ value: element, depth: depth + 1 })
    else if (typeof item === 'object' && item !== null) {
      for (const [key, element] of Object.entries(item)) {
        chars += key.length
        stack.push({ value: element, depth: depth + 1 })
      }
    }
    if (chars > MAX_CONFIG_EXPANDED_CHARS) {
      throw new ConfigLimitError(
        `the configuration expands to more than ${MAX_CONFIG_EXPANDED_CHARS} characters of text once its aliases are expanded`
      )
    }
  }
}

const LIMITS = { maxAliases: MAX_CONFIG_ALIASES, maxDepth: MAX_CONFIG_DEPTH, maxTotalMergeKeys: MAX_CONFIG_MERGE_KEYS }

/**
 * Parses service.yml text into a mapping of texts: what the emulator reads (trigger patterns,
 * workflow and stage names, machine types) are string fields of the service's model, which keep
 * the text as written (`push_branch: no` is the branch "no"). Throws ConfigLimitError past a
 * limit, the parser's error otherwise.
 */
export function parseServiceYml(text: string): ServiceConfig {
  return parseBoth(text).textConfig
}

interface ReadConfig {
  config: ServiceConfig
  textConfig: ServiceConfig
  /** The text js-yaml read: under-indented continuation lines indented further (see yaml-as-service.ts). */
  readable: string
}

/**
 * The document twice: with YAML 1.1 meanings (untyped values) and with every scalar as its text
 * (the service's string fields, such as `machine_type_id`, keep what was written).
 */
function parseBoth(text: string): ReadConfig {
  const bytes = Buffer.byteLength(text)
  if (bytes > MAX_CONFIG_BYTES)
    throw new ConfigLimitError(`the configuration is ${bytes} bytes; at most ${MAX_CONFIG_BYTES} are accepted`)
  let doc: unknown
  let textDoc: unknown
  let read: ReturnType<typeof loadServiceYaml>
  try {
    read = loadServiceYaml(text, LIMITS)
    doc = read.doc
    textDoc = loadServiceYamlText(read.text, LIMITS)
  } catch (error) {
    const message = (error as Error).message.split('\n')[0]
    if (/exceeded max(Aliases|Depth|TotalMergeKeys)/.test(message))
      throw new ConfigLimitError(`the configuration is over a limit: ${message}`)
    throw error
  }
  if (!isObject(doc) || !isObject(textDoc)) throw new Error('the configuration must be a YAML mapping')
  checkExpandedSize(doc)
  return { config: doc, textConfig: textDoc, readable: read.text }
}

/**
 * Writes a configuration back as YAML text; throws ConfigLimitError for one past the limits.
 * Written for a YAML 1.1 reader: a string such as `no` or `0022` is quoted, so it stays a string.
 */
export function dumpServiceYml(config: unknown): string {
  checkExpandedSize(config)
  const text = dump(config, { noRefs: true, schema: YAML11_SERVICE_SCHEMA })
  const bytes = Buffer.byteLength(text)
  if (bytes > MAX_CONFIG_BYTES)
    throw new ConfigLimitError(
      `the configuration would be ${bytes} bytes as YAML; at most ${MAX_CONFIG_BYTES} are accepted`
    )
  return text
}

function serviceMeta(holder: unknown): Record<string, unknown> | null {
  if (!isObject(holder) || !isObject(holder.meta) || !isObject(holder.meta.service)) return null
  return holder.meta.service
}

/** The `meta.service` mappings the migration covers: the default stack's, then each workflow's. */
function machineTypePlaces(doc: ServiceConfig): Array<Record<string, unknown> | null> {
  return [serviceMeta(doc), ...(isObject(doc.workflows) ? Object.values(doc.workflows).map(serviceMeta) : [])]
}

/**
 * Replaces `from` with `to` in the default stack and in every workflow's stack, matched on the
 * text as written (`machine_type_id` is a string in the service's model). The value is written
 * over where it stands and every other byte of the file is kept (see machine-type-edit.ts).
 * Returns the new text, or null when nothing matched (the text is then left as it was).
 */
export function migrateMachineType(text: string, from: string, to: string): string | null {
  const read = parseBoth(text)
  const matched = machineTypePlaces(read.textConfig).map((meta) => meta?.machine_type_id === from)
  if (!matched.includes(true)) return null
  const edits = editsOfText(text, read.readable, from, to)
  const edited = edits === null ? null : applyEdits(text, edits)
  if (edited !== null && readsAsMigrated(edited, text, matched, to)) return edited
  return rewritten(read.config, read.textConfig, from, to)
}

/**
 * Whether the edited text reads as the old one with the matched places holding `to` and nothing
 * else changed: a value shared through an anchor with a place the migration does not cover
 * would change there too, and is then written anew instead.
 */
function readsAsMigrated(edited: string, text: string, matched: boolean[], to: string): boolean {
  let after: ServiceConfig
  try {
    after = parseBoth(edited).textConfig
  } catch {
    return false
  }
  // Read again rather than copied: a copy would share nothing an alias shares, nor js-yaml's objects' make.
  const expected = parseBoth(text).textConfig
  machineTypePlaces(expected).forEach((meta, index) => {
    if (meta && matched[index]) meta.machine_type_id = to
  })
  return isDeepStrictEqual(after, expected)
}

/** The file written anew from the document, the matched places changed (comments and the text of other values are not kept). */
function rewritten(config: ServiceConfig, textConfig: ServiceConfig, from: string, to: string): string {
  const written = machineTypePlaces(textConfig)
  machineTypePlaces(config).forEach((meta, index) => {
    if (meta && written[index]?.machine_type_id === from) meta.machine_type_id = to
  })
  return dumpServiceYml(config)
}

/** Names of the workflows the configuration defines. */
export function workflowNames(config: ServiceConfig): string[] {
  return isObject(config.workflows) ? Object.keys(config.workflows) : []
}
