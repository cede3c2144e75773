/** The parser of the fault path patterns (see safe-pattern.ts): pattern text to a syntax tree. */

const MAX_REPEAT = 100

export type CharTest = (unit: string) => boolean

export type Node =
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

/** Parses the regular part of JavaScript's pattern syntax; throws PatternError for anything else. */
export class Parser {
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
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')')
      items.push(this.quantified(this.atom()))
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
        if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT))
          throw new PatternError(`repeat counts above ${MAX_REPEAT} are not supported`)
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
          if (this.source[this.at + 1] !== ':')
            throw new PatternError('lookaround and named groups are not supported; use ( ) or (?: )')
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
      if (
        this.peek() === '-' &&
        this.source[this.at + 1] !== ']' &&
        this.at + 1 < this.source.length &&
        typeof start === 'string'
      ) {
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
