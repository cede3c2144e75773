/** "Did you mean": the known name nearest to a mistyped one. */

/**
 * The number of single-character insertions, deletions, substitutions and swaps of two
 * neighbours that turn `a` into `b` (the optimal string alignment distance).
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) rows[0][j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2][j - 2] + 1)
      rows[i][j] = best
    }
  }
  return rows[a.length][b.length]
}

/**
 * The candidate nearest to `name`, or undefined when none is near enough to be a slip:
 * at most 3 edits, and at most half the name's length. Case, and `_` against `-`,
 * do not count (the runner upper-cases names, and people write app_slug for app-slug).
 * Of equally near candidates, the first of `candidates` wins, so a caller lists the
 * likelier ones first.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const plain = (text: string): string => text.toLowerCase().replace(/_/g, '-')
  const wanted = plain(name)
  let best: { name: string; distance: number } | undefined
  for (const candidate of candidates) {
    const other = plain(candidate)
    // The distance is at least the difference in length: a name more than 3 longer or shorter is never near.
    if (Math.abs(other.length - wanted.length) > 3) continue
    const distance = editDistance(wanted, other)
    if (best === undefined || distance < best.distance) best = { name: candidate, distance }
  }
  if (best === undefined || best.distance > 3 || best.distance * 2 > wanted.length) return undefined
  return best.name
}
