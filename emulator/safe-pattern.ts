/**
 * Regular expressions for fault paths, matched without backtracking. Patterns come from the
 * control API, and JavaScript's engine backtracks: `(a+)+$` against a path of thirty `a`s
 * takes minutes. Here a pattern is compiled to a Thompson NFA and run by keeping the set of
 * live states, so a match costs at most (path length × pattern states) steps whatever the
 * pattern. The syntax is the regular part of JavaScript's: literals, `.`, escapes (`\d \w \s`
 * and their negations, escaped punctuation), classes `[a-z]` / `[^/]`, groups `( )` and
 * `(?: )`, `|`, `* + ?` and `{n}` `{n,}` `{n,m}` (lazy forms too), and the anchors `^` `$`.
 * Backreferences, lookaround and word boundaries are not regular and are refused.
 */

export const MAX_PATTERN_LENGTH = 1000
/** States after `{n,m}` expansion; bounds the work per character of the path. */
export const MAX_STATES = 5000
const MAX_REPEAT = 100

type CharTest = (unit: string) => boolean

type Node =
  | { type: 'char'; test: CharTest }
  | { type: 'seq'; items: Node[] }
  | { type: 'alt'; options: Node[] }
  | { type: 'repeat'; item: Node; min: number; max: number }
  | { type: 'assert'; at: 'start' | 'end' }

/** A pattern the matcher cannot take; the message says why. */
export class PatternError extends Error {}

const LINE_TERMINATORS = new Set(['\n', '\r', '\u2028', '\u2029'])
const anyChar: CharTest = (unit) => !LINE_TERMINATORS.has(unit)
// Single-unit tests with fixed, trivial expressions: nothing to backtrack over.
const CLASS_ESCAPES: Record<string, CharTest> = {
  d: (u) => /\d/.test(u),
  D: (u) => !/\d/.test(u),
  w: (u) => /\w/.test(u),
  W: (u) => !/\w/.test(u),
  s: (u) => /\s/.test(u),
  S: (u) => !/\s/.test(u)
}
const CONTROL_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0' }

class Parser {
  private at = 0
  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.alternation()
    if (this.at < this.source.length) throw new PatternError(`unmatched ")" at ${this.at}`)
    return node
  }

  private peek(): string | undefined {
    return this.source[this.at]
  }

  private alternation(): Node {
    const options = [this.sequence()]
    while (this.peek() === '|') {
      this.at++
      options.push(this.sequence())
    }
    return options.length === 1 ? options[0] : { type: 'alt', options }
  }

  private sequence(): Node {
    const items: Node[] = []
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') items.push(this.quantified(this.atom()))
    return { type: 'seq', items }
  }

  private quantified(item: Node): Node {
    let node = item
    for (;;) {
      const c = this.peek()
      let min: number
      let max: number
      if (c === '*') [min, max] = [0, Infinity]
      else if (c === '+') [min, max] = [1, Infinity]
      else if (c === '?') [min, max] = [0, 1]
      else if (c === '{' && /^\{\d+(,\d*)?\}/.test(this.source.slice(this.at))) {
        const [text, low, comma, high] = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at))!
        min = Number(low)
        max = comma === undefined ? min : high === '' ? Infinity : Number(high)
        if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) throw new PatternError(`repeat counts above ${MAX_REPEAT} are not supported`)
        this.at += text.length - 1
      } else return node
      this.at++
      // A lazy quantifier matches the same set of paths; for a yes/no answer it is the same.
      if (this.peek() === '?') this.at++
      if (node.type === 'assert') throw new PatternError('a quantifier cannot follow an anchor')
      node = { type: 'repeat', item: node, min, max }
    }
  }

  private atom(): Node {
    const c = this.source[this.at++]
    switch (c) {
      case '.':
        return { type: 'char', test: anyChar }
      case '^':
        return { type: 'assert', at: 'start' }
      case '$':
        return { type: 'assert', at: 'end' }
      case '(': {
        if (this.peek() === '?') {
          if (this.source[this.at + 1] !== ':') throw new PatternError('lookaround and named groups are not supported; use ( ) or (?: )')
          this.at += 2
        }
        const inner = this.alternation()
        if (this.peek() !== ')') throw new PatternError('unclosed "("')
        this.at++
        return inner
      }
      case '[':
        return { type: 'char', test: this.characterClass() }
      case '\\':
        return { type: 'char', test: this.escape(false) }
      case '*':
      case '+':
      case '?':
        throw new PatternError(`nothing to repeat before "${c}"`)
      default:
        return { type: 'char', test: (u) => u === c }
    }
  }

  /** After a backslash: a class escape or one literal unit. */
  private escape(inClass: boolean): CharTest {
    const c = this.source[this.at++]
    if (c === undefined) throw new PatternError('the pattern ends with "\\"')
    if (c in CLASS_ESCAPES) return CLASS_ESCAPES[c]
    if (c in CONTROL_ESCAPES) return (u) => u === CONTROL_ESCAPES[c]
    if (/[0-9]/.test(c)) throw new PatternError('backreferences are not supported')
    if (!inClass && (c === 'b' || c === 'B')) throw new PatternError('word boundaries (\\b, \\B) are not supported')
    if (/[A-Za-z]/.test(c)) throw new PatternError(`the escape \\${c} is not supported`)
    return (u) => u === c
  }

  private characterClass(): CharTest {
    const negated = this.peek() === '^'
    if (negated) this.at++
    const tests: CharTest[] = []
    while (this.peek() !== ']') {
      if (this.at >= this.source.length) throw new PatternError('unclosed "["')
      const start = this.classUnit()
      if (this.peek() === '-' && this.source[this.at + 1] !== ']' && this.at + 1 < this.source.length && typeof start === 'string') {
        this.at++
        const end = this.classUnit()
        if (typeof end !== 'string') throw new PatternError('a class escape cannot end a range')
        if (end < start) throw new PatternError(`range out of order: ${start}-${end}`)
        tests.push((u) => u >= start && u <= end)
      } else {
        tests.push(typeof start === 'string' ? (u) => u === start : start)
      }
    }
    this.at++
    return negated ? (u) => !tests.some((t) => t(u)) : (u) => tests.some((t) => t(u))
  }

  /** One unit of a class: a literal (returned as the unit itself) or a class escape. */
  private classUnit(): string | CharTest {
    const c = this.source[this.at++]
    if (c !== '\\') return c
    const escaped = this.source[this.at]
    if (escaped !== undefined && !(escaped in CLASS_ESCAPES)) {
      this.at++
      if (escaped === 'b') return '\b'
      if (escaped in CONTROL_ESCAPES) return CONTROL_ESCAPES[escaped]
      if (/[0-9A-Za-z]/.test(escaped)) throw new PatternError(`the escape \\${escaped} is not supported`)
      return escaped
    }
    return this.escape(true)
  }
}

type State =
  | { kind: 'char'; test: CharTest; out: number }
  | { kind: 'split'; out: number; out2: number }
  | { kind: 'assert'; at: 'start' | 'end'; out: number }
  | { kind: 'match' }

/** A state's way out that is still to be pointed somewhere. */
type Exit = [number, 'out' | 'out2']
/** A piece of the automaton: one entry and the exits still to patch. */
interface Fragment {
  start: number
  exits: Exit[]
}

/** Thompson construction: each fragment has one entry and a list of dangling exits to patch. */
class Compiler {
  readonly states: State[] = []

  private add(state: State): number {
    if (this.states.length >= MAX_STATES) throw new PatternError(`the pattern expands to more than ${MAX_STATES} states`)
    this.states.push(state)
    return this.states.length - 1
  }

  private patch(exits: Exit[], target: number): void {
    for (const [index, field] of exits) (this.states[index] as Record<string, unknown>)[field] = target
  }

  compile(node: Node): Fragment {
    switch (node.type) {
      case 'char': {
        const s = this.add({ kind: 'char', test: node.test, out: -1 })
        return { start: s, exits: [[s, 'out']] }
      }
      case 'assert': {
        const s = this.add({ kind: 'assert', at: node.at, out: -1 })
        return { start: s, exits: [[s, 'out']] }
      }
      case 'seq': {
        if (node.items.length === 0) {
          // An empty sequence is an epsilon: a split whose two ways both lead on.
          const s = this.add({ kind: 'split', out: -1, out2: -1 })
          return { start: s, exits: [[s, 'out'], [s, 'out2']] }
        }
        const first = this.compile(node.items[0])
        let exits = first.exits
        for (const item of node.items.slice(1)) {
          const next = this.compile(item)
          this.patch(exits, next.start)
          exits = next.exits
        }
        return { start: first.start, exits }
      }
      case 'alt': {
        let fragment = this.compile(node.options[node.options.length - 1])
        for (let i = node.options.length - 2; i >= 0; i--) {
          const option = this.compile(node.options[i])
          const s = this.add({ kind: 'split', out: option.start, out2: fragment.start })
          fragment = { start: s, exits: [...option.exits, ...fragment.exits] }
        }
        return fragment
      }
      case 'repeat':
        return this.repeat(node.item, node.min, node.max)
    }
  }

  private repeat(item: Node, min: number, max: number): Fragment {
    const pieces: Fragment[] = []
    for (let i = 0; i < min; i++) pieces.push(this.compile(item))
    if (max === Infinity) {
      const loop = this.add({ kind: 'split', out: -1, out2: -1 })
      const body = this.compile(item)
      this.patch([[loop, 'out']], body.start)
      this.patch(body.exits, loop)
      pieces.push({ start: loop, exits: [[loop, 'out2']] })
    } else if (max > min) {
      // Each optional copy is offered only once the one before it was taken.
      const exits: Exit[] = []
      let first = -1
      let open: Exit[] = []
      for (let i = 0; i < max - min; i++) {
        const gate = this.add({ kind: 'split', out: -1, out2: -1 })
        const body = this.compile(item)
        this.patch([[gate, 'out']], body.start)
        exits.push([gate, 'out2'])
        if (first < 0) first = gate
        else this.patch(open, gate)
        open = body.exits
      }
      pieces.push({ start: first, exits: [...exits, ...open] })
    }
    if (pieces.length === 0) return this.compile({ type: 'seq', items: [] })
    for (let i = 0; i + 1 < pieces.length; i++) this.patch(pieces[i].exits, pieces[i + 1].start)
    return { start: pieces[0].start, exits: pieces[pieces.length - 1].exits }
  }
}

/** A compiled pattern: `test` answers as `new RegExp(source).test(text)` would, in linear time. */
export interface SafePattern {
  test(text: string): boolean
}

/** Compiles a pattern; throws PatternError for what it cannot match safely. */
export function compileSafePattern(source: string): SafePattern {
  if (source.length > MAX_PATTERN_LENGTH) throw new PatternError(`patterns are limited to ${MAX_PATTERN_LENGTH} characters`)
  const compiler = new Compiler()
  const fragment = compiler.compile(new Parser(source).parse())
  const accept = compiler.states.length
  compiler.states.push({ kind: 'match' })
  for (const [index, field] of fragment.exits) (compiler.states[index] as Record<string, unknown>)[field] = accept
  const states = compiler.states
  const start = fragment.start

  return {
    test(text: string): boolean {
      const seen = new Int32Array(states.length).fill(-1)
      let current: number[] = []
      let generation = 0
      const stack: number[] = []
      /** Adds a state and everything reachable from it without reading, at `position`. */
      const enter = (list: number[], from: number, position: number): void => {
        stack.push(from)
        while (stack.length > 0) {
          const index = stack.pop()!
          if (seen[index] === generation) continue
          seen[index] = generation
          const state = states[index]
          if (state.kind === 'split') stack.push(state.out2, state.out)
          else if (state.kind === 'assert') {
            if (state.at === 'start' ? position === 0 : position === text.length) stack.push(state.out)
          } else list.push(index)
        }
      }
      for (let position = 0; ; position++) {
        // Unanchored search: a match may begin at every position.
        enter(current, start, position)
        if (current.some((index) => states[index].kind === 'match')) return true
        if (position === text.length) return false
        const unit = text[position]
        generation++
        const next: number[] = []
        for (const index of current) {
          const state = states[index]
          if (state.kind === 'char' && state.test(unit)) enter(next, state.out, position + 1)
        }
        current = next
      }
    }
  }
}
