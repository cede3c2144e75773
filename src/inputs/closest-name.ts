/** "Did you mean": the known name nearest to a mistyped one. */

/**
 * The number of single-character insertions, deletions, substitutions and swaps of two
 * neighbours that turn `a` into `b` (the optimal string alignment distance). Past `limit`, it
 * stops early and says only that the distance is over it (limit + 1).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  // Three rows of the table are enough: the one being filled, and the two before it (for swaps).
  // Typed arrays and plain loops: this runs when a step is refused, where start-up time counts.
  let before = new Uint32Array(b.length + 1)
  let previous = new Uint32Array(b.length + 1)
  let row = new Uint32Array(b.length + 1)
  for (let j = 0; j <= b.length; j++) previous[j] = j
  let previousMin = 0
  for (let i = 1; i <= a.length; i++) {
    row[0] = i
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      let best = previous[j] + 1
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1
      if (previous[j - 1] + cost < best) best = previous[j - 1] + cost
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1) &&
        before[j - 2] + 1 < best
      )
        best = before[j - 2] + 1
      row[j] = best
      if (best < rowMin) rowMin = best
    }
    // A path through the table crosses every row, or jumps one with a swap: past two rows over the limit, it stays over.
    if (rowMin > limit && previousMin > limit) return limit + 1
    previousMin = rowMin
    const spare = before
    before = previous
    previous = row
    row = spare
  }
  return previous[b.length] > limit ? limit + 1 : previous[b.length]
}

/**
 * The candidate nearest to `name`, or undefined when none is near enough to be a slip:
 * at most 3 edits, and at most half the name's length. Case, and `_` against `-`,
 * do not count (the runner upper-cases names, and people write app_slug for app-slug).
 * Of equally near candidates, the first of `candidates` wins, so a caller lists the
 * likelier ones first.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const plain = (text: string): string => text.toLowerCase().replaceAll('_', '-')
  const wanted = plain(name)
  let best: { name: string; distance: number } | undefined
  for (const candidate of candidates) {
    const other = plain(candidate)
    // The distance is at least the difference in length: a name more than 3 longer or shorter is never near.
    if (Math.abs(other.length - wanted.length) > 3) continue
    const distance = editDistance(wanted, other, 3)
    if (best === undefined || distance < best.distance) best = { name: candidate, distance }
  }
  if (best === undefined || best.distance > 3 || best.distance * 2 > wanted.length) return undefined
  return best.name
}

/**
 * Of `candidates`, the `most` nearest to `name` in edits (case aside), nearest first, leaving out
 * any more than `limit` edits away. Equally near candidates keep their order in `candidates`, so a
 * caller orders them by what decides a tie.
 */
export function nearestNames(name: string, candidates: string[], most: number, limit = Infinity): string[] {
  const wanted = name.toLowerCase()
  return candidates
    .map((candidate) => ({ candidate, distance: editDistance(wanted, candidate.toLowerCase(), limit) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, most)
    .map(({ candidate }) => candidate)
}
