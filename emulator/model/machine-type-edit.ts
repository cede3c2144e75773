/**
 * A machine type migration that changes the machine type values and no other byte of the file:
 * comments, quotes, key order, `no`, `0022` and `12.0` stay as written. The document is read as
 * js-yaml's event stream, whose scalars carry their place in the text; each place the migration
 * covers (`meta.service.machine_type_id`, and the same under every workflow) is found through
 * aliases and merge keys, as a reader of the file finds it, and its value is written over where
 * it stands, in its own quoting when the new value can be written so.
 */
import {
  EVENT_ID,
  getScalarValue,
  parseEvents,
  SCALAR_STYLE,
  type AliasEvent,
  type Event,
  type ScalarEvent
} from 'js-yaml'

type AliasNode = { kind: 'alias'; event: AliasEvent; target: Node | undefined }
type Node =
  | { kind: 'map'; entries: Array<[Node, Node]> }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'scalar'; event: ScalarEvent }
  | AliasNode

/** One value to write over: the text from `start` to `end` becomes `text`. */
export interface Edit {
  start: number
  end: number
  text: string
}

/** The first document of the event stream as a tree, and its aliases; an alias points at the node its anchor last named. */
function treeOf(source: string, events: Event[]): { root: Node | undefined; aliases: AliasNode[] } {
  const anchors = new Map<string, Node>()
  const aliases: AliasNode[] = []
  const stack: Node[] = []
  let root: Node | undefined
  const place = (node: Node, anchorStart: number, anchorEnd: number): void => {
    if (anchorStart >= 0) anchors.set(source.slice(anchorStart, anchorEnd), node)
    const parent = stack[stack.length - 1]
    if (!parent) root ??= node
    else if (parent.kind === 'seq') parent.items.push(node)
    else if (parent.kind === 'map') {
      const last = parent.entries[parent.entries.length - 1]
      if (last && last[1] === undefined) last[1] = node
      else parent.entries.push([node, undefined as unknown as Node])
    }
  }
  for (const event of events) {
    if (event.type === EVENT_ID.DOCUMENT) {
      if (root) break
    } else if (event.type === EVENT_ID.POP) stack.pop()
    else if (event.type === EVENT_ID.SCALAR) place({ kind: 'scalar', event }, event.anchorStart, event.anchorEnd)
    else if (event.type === EVENT_ID.ALIAS) {
      const alias: AliasNode = {
        kind: 'alias',
        event,
        target: anchors.get(source.slice(event.anchorStart, event.anchorEnd))
      }
      aliases.push(alias)
      place(alias, -1, -1)
    } else {
      const node: Node = event.type === EVENT_ID.MAPPING ? { kind: 'map', entries: [] } : { kind: 'seq', items: [] }
      place(node, event.anchorStart, event.anchorEnd)
      stack.push(node)
    }
  }
  return { root, aliases }
}

const resolved = (node: Node | undefined): Node | undefined => (node?.kind === 'alias' ? resolved(node.target) : node)

function keyText(source: string, node: Node): string | undefined {
  const key = resolved(node)
  return key?.kind === 'scalar' ? getScalarValue(source, key.event) : undefined
}

/**
 * A mapping's entries as a reader sees them: its own, then those its merge keys bring that it
 * lacks (earlier sources first). Each mapping is worked out once: merges of merges cost their
 * size, not a path through every alias, and a mapping that merges itself merges nothing.
 */
function entriesOf(reader: Reader, node: Node | undefined): Array<[string, Node]> {
  const map = resolved(node)
  if (map?.kind !== 'map') return []
  const known = reader.entries.get(map)
  if (known) return known
  reader.entries.set(map, [])
  const own: Array<[string, Node]> = []
  const merged: Array<[string, Node]> = []
  for (const [key, value] of map.entries) {
    const name = keyText(reader.source, key)
    if (name === undefined) continue
    if (name !== '<<') own.push([name, value])
    else {
      const from = resolved(value)
      for (const item of from?.kind === 'seq' ? from.items : [value]) merged.push(...entriesOf(reader, item))
    }
  }
  const seen = new Set<string>()
  const entries = [...own, ...merged].filter(([name]) => !seen.has(name) && (seen.add(name), true))
  reader.entries.set(map, entries)
  return entries
}

/** The text and the mappings already worked out. */
interface Reader {
  source: string
  entries: Map<Node, Array<[string, Node]>>
}

const child = (reader: Reader, node: Node | undefined, name: string): Node | undefined =>
  entriesOf(reader, node).find(([key]) => key === name)?.[1]

/** The nodes holding each machine type the migration covers: the default stack's, then each workflow's. */
function machineTypeNodes(source: string, root: Node | undefined): Node[] {
  const reader: Reader = { source, entries: new Map() }
  const of = (holder: Node | undefined): Node | undefined =>
    child(reader, child(reader, child(reader, holder, 'meta'), 'service'), 'machine_type_id')
  const workflows = entriesOf(reader, child(reader, root, 'workflows')).map(([, workflow]) => of(workflow))
  return [of(root), ...workflows].filter((node): node is Node => node !== undefined)
}

/** Whether the value can stand unquoted, and a reader of a string field gets it as written (not empty, not null). */
const plainSafe = (value: string): boolean =>
  /^[A-Za-z0-9_][A-Za-z0-9_./+@-]*$/.test(value) && !/^(null|Null|NULL)$/.test(value)

/** The new value written in the style of the old one where it can be, else double-quoted (JSON's escapes are YAML's too). */
function written(value: string, style: number): string {
  if (style === SCALAR_STYLE.PLAIN && plainSafe(value)) return value
  if (style === SCALAR_STYLE.SINGLE_QUOTED && /^[\x20-\x7e\u00a0-\uffff]*$/.test(value))
    return `'${value.replace(/'/g, "''")}'`
  return plainSafe(value) && style !== SCALAR_STYLE.DOUBLE_QUOTED ? value : JSON.stringify(value)
}

/** The place of a scalar's value in the text, its quotes and any tag included (a tag is dropped: the value is a string). */
function scalarEdit(source: string, event: ScalarEvent, to: string): Edit {
  let start = event.valueStart
  let end = event.valueEnd
  if (event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED) {
    start -= 1
    end += 1
  } else if (event.style === SCALAR_STYLE.LITERAL_BLOCK || event.style === SCALAR_STYLE.FOLDED_BLOCK) {
    // From the `|` or `>` of the header; the line break that ends the block stays.
    start = Math.max(source.lastIndexOf('|', event.valueStart), source.lastIndexOf('>', event.valueStart))
    if (source[end - 1] === '\n') end -= 1
  }
  let prefix = ''
  if (event.tagStart >= 0 && event.tagStart < start) {
    if (event.anchorStart > event.tagStart) prefix = `${source.slice(event.anchorStart - 1, event.anchorEnd)} `
    start = event.tagStart
  }
  return { start, end, text: prefix + written(to, event.style) }
}

/** An alias written over with a scalar's text. */
const aliasEdit = (alias: AliasNode, text: string): Edit => ({
  start: alias.event.anchorStart - 1,
  end: alias.event.anchorEnd,
  text
})

/**
 * The edits that put `to` in every place the migration covers whose value is `from`, or null
 * when none is. A value given through an alias is written where the alias stands; an anchored
 * value written over keeps its old text where an alias outside the migration's places repeats it.
 */
export function machineTypeEdits(source: string, from: string, to: string): Edit[] | null {
  const { root, aliases } = treeOf(source, parseEvents(source, {}))
  const nodes = machineTypeNodes(source, root)
  const covered = new Set<Node>(nodes)
  const edits = new Map<number, Edit>()
  const add = (edit: Edit): void => void edits.set(edit.start, edit)
  for (const node of nodes) {
    const value = resolved(node)
    if (value?.kind !== 'scalar' || getScalarValue(source, value.event) !== from) continue
    if (node.kind === 'alias') {
      add(aliasEdit(node, written(to, SCALAR_STYLE.PLAIN)))
      continue
    }
    const edit = scalarEdit(source, value.event, to)
    add(edit)
    if (value.event.anchorStart < 0) continue
    const old = source.slice(scalarEdit(source, value.event, '').start, edit.end)
    for (const alias of aliases) if (alias.target === value && !covered.has(alias)) add(aliasEdit(alias, old))
  }
  return edits.size === 0 ? null : [...edits.values()]
}

/**
 * The edits in the coordinates of `text`, found in `readable`: the same text with some lines
 * indented further so that js-yaml reads it as the service's reader does (src/service-yml/yaml-as-service.ts).
 */
export function editsOfText(text: string, readable: string, from: string, to: string): Edit[] | null {
  const edits = machineTypeEdits(readable, from, to)
  if (edits === null || readable === text) return edits
  const lines = text.split('\n')
  const padded = readable.split('\n')
  const starts: Array<{ at: number; was: number; pad: number }> = []
  let at = 0
  let was = 0
  lines.forEach((line, i) => {
    starts.push({ at, was, pad: padded[i].length - line.length })
    at += padded[i].length + 1
    was += line.length + 1
  })
  const back = (offset: number): number => {
    let i = starts.length - 1
    while (i > 0 && starts[i].at > offset) i--
    return starts[i].was + Math.max(0, offset - starts[i].at - starts[i].pad)
  }
  return edits.map((edit) => ({ ...edit, start: back(edit.start), end: back(edit.end) }))
}

/** The text with the edits made, the latest first so that earlier offsets hold. */
export function applyEdits(source: string, edits: Edit[]): string {
  return [...edits]
    .sort((a, b) => b.start - a.start)
    .reduce((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), source)
}
