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
import { Parser, PatternError, type CharTest, type Node } from './safe-pattern-parser.js'

export { PatternError }

export const MAX_PATTERN_LENGTH = 1000
/** States after `{n,m}` expansion; bounds the work per character of the path. */
export const MAX_STATES = 5000

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
    if (this.states.length >= MAX_STATES)
      throw new PatternError(`the pattern expands to more than ${MAX_STATES} states`)
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
          return {
            start: s,
            exits: [
              [s, 'out'],
              [s, 'out2']
            ]
          }
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
  if (source.length > MAX_PATTERN_LENGTH)
    throw new PatternError(`patterns are limited to ${MAX_PATTERN_LENGTH} characters`)
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
