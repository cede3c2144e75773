/**
 * Path globs for `app-paths`: `**` matches any run of characters (slashes
 * included, and `**∕` also none at all), `*` any run without a slash, `?` one
 * character other than a slash; everything else matches itself. A glob is matched
 * from the repository root. Matching runs the glob as a set of states over the
 * path, once per character, so it takes at most glob length × path length steps
 * whatever the glob: there is no backtracking to blow up. Other matchers' `{a,b}`,
 * `[…]` and `!` are refused (unsupportedSyntax), since here they would match only
 * themselves; `\{`, `\}`, `\[`, `\]` and `\!` match the character itself.
 */

type Token = { kind: 'char'; char: string } | { kind: 'one' } | { kind: 'star' } | { kind: 'any' } | { kind: 'dirs' }

/** A compiled glob. */
export interface PathGlob {
  source: string
  tokens: Token[]
}

/** The characters a backslash makes literal; any other backslash matches itself, as before. */
const ESCAPABLE = '{}[]!'

/** Compiles a glob; a leading `./` or `/` is dropped. */
export function compileGlob(source: string): PathGlob {
  const text = source.replace(/^(\.\/|\/)+/, '')
  const tokens: Token[] = []
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]
    if (char === '*' && text[i + 1] === '*') {
      // `**/` may stand for no folder at all, so `a/**/b` matches `a/b`.
      const dirs = text[i + 2] === '/'
      tokens.push({ kind: dirs ? 'dirs' : 'any' })
      while (text[i + 1] === '*') i += 1
      if (dirs) i += 1
    } else if (char === '\\' && ESCAPABLE.includes(text[i + 1] ?? '')) {
      i += 1
      tokens.push({ kind: 'char', char: text[i] })
    } else if (char === '*') tokens.push({ kind: 'star' })
    else if (char === '?') tokens.push({ kind: 'one' })
    else tokens.push({ kind: 'char', char })
  }
  return { source, tokens }
}

/** Glob syntax of other matchers that this one does not implement, found in a glob. */
export interface UnsupportedSyntax {
  /** What it is, e.g. `{…,…} (alternatives)`. */
  what: string
  /** The piece of the glob, e.g. `{ios,shared}`. */
  piece: string
  /** How to say the same thing here. */
  instead: string
}

/**
 * The first piece of another matcher's syntax in `source` that this matcher would read as plain
 * characters (so the glob would match almost nothing), or undefined: a leading `!` or `!(`
 * (negation), `[…]` (a set of characters) and `{…}` holding a comma or `..` (alternatives, a range).
 */
export function unsupportedSyntax(source: string): UnsupportedSyntax | undefined {
  const text = source.replace(/^(\.\/|\/)+/, '')
  const plain = text.replace(/\\[{}[\]!]/g, '__')
  const negation = /!\([^)]*\)?/.exec(plain)
  if (negation)
    return {
      what: '!(…) (negation)',
      piece: text.slice(negation.index, negation.index + negation[0].length),
      instead: 'a glob cannot leave files out here: list globs of the files that should build the app'
    }
  if (text.startsWith('!') || source.startsWith('!')) {
    return {
      what: 'a leading ! (negation)',
      piece: '!',
      instead:
        'a glob cannot leave files out here: list globs of the files that should build the app (write \\! for a file name that starts with !)'
    }
  }
  const open = plain.indexOf('[')
  const close = plain.indexOf(']', open + 1)
  if (open >= 0 && close > open) {
    return {
      what: '[…] (a set of characters)',
      piece: text.slice(open, close + 1),
      instead:
        'use ? for any one character or one glob for each character, and write \\[ and \\] for the brackets themselves'
    }
  }
  const brace = /\{[^}]*(,|\.\.)[^}]*\}/.exec(plain)
  if (brace)
    return {
      what: '{…,…} (alternatives)',
      piece: text.slice(brace.index, brace.index + brace[0].length),
      instead:
        "give each alternative as a glob of its own in the app's list, and write \\{ and \\} for the braces themselves"
    }
  return undefined
}

/** Whether the path matches the glob as a whole. */
export function matchGlob(glob: PathGlob, path: string): boolean {
  const { tokens } = glob
  let states = closure(tokens, new Uint8Array(tokens.length + 1), 0)
  for (const char of path) {
    const next = new Uint8Array(tokens.length + 1)
    let any = false
    for (let i = 0; i < tokens.length; i += 1) {
      if (!states[i]) continue
      for (const to of step(tokens[i], i, char)) {
        next[to] = 1
        any = true
      }
    }
    if (!any) return false
    states = closureAll(tokens, next)
  }
  return states[tokens.length] === 1
}

/** Whether the path matches any of the globs. */
export function matchesAny(globs: readonly PathGlob[], path: string): boolean {
  return globs.some((glob) => matchGlob(glob, path))
}

/** The states one character leads to from state `i`. */
function step(token: Token, i: number, char: string): number[] {
  switch (token.kind) {
    case 'char':
      return token.char === char ? [i + 1] : []
    case 'one':
      return char === '/' ? [] : [i + 1]
    case 'star':
      return char === '/' ? [] : [i]
    case 'any':
      return [i]
    case 'dirs':
      return char === '/' ? [i, i + 1] : [i]
  }
}

/** Adds the states reachable without a character: past any `*`, `**` or `**∕`, which may match nothing. */
function closureAll(tokens: Token[], states: Uint8Array): Uint8Array {
  for (let i = 0; i < tokens.length; i += 1) if (states[i]) closure(tokens, states, i)
  return states
}

function closure(tokens: Token[], states: Uint8Array, from: number): Uint8Array {
  let i = from
  states[i] = 1
  while (i < tokens.length && tokens[i].kind !== 'char' && tokens[i].kind !== 'one') {
    i += 1
    states[i] = 1
  }
  return states
}
