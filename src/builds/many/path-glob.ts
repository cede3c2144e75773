/**
 * Path globs for `app-paths`: `**` matches any run of characters (slashes
 * included, and `**∕` also none at all), `*` any run without a slash, `?` one
 * character other than a slash; everything else matches itself. A glob is matched
 * from the repository root. Matching runs the glob as a set of states over the
 * path, once per character, so it takes at most glob length × path length steps
 * whatever the glob: there is no backtracking to blow up.
 */

type Token = { kind: 'char'; char: string } | { kind: 'one' } | { kind: 'star' } | { kind: 'any' } | { kind: 'dirs' }

/** A compiled glob. */
export interface PathGlob {
  source: string
  tokens: Token[]
}

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
    } else if (char === '*') tokens.push({ kind: 'star' })
    else if (char === '?') tokens.push({ kind: 'one' })
    else tokens.push({ kind: 'char', char })
  }
  return { source, tokens }
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
