/** Durations in words, for the log: what a number in an input turned out to mean. */

const UNITS: Array<[number, string]> = [
  [3_600_000, 'hour'],
  [60_000, 'minute']
]

/** A duration in words, e.g. `5 seconds`, `1 minute 30 seconds`, `2 hours`, `0.1 seconds`. */
export function describeDuration(ms: number): string {
  const parts: string[] = []
  let rest = Math.max(0, Math.round(ms))
  for (const [size, name] of UNITS) {
    const count = Math.floor(rest / size)
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`)
    rest -= count * size
  }
  if (rest > 0 || parts.length === 0) {
    const secondsValue = Number((rest / 1000).toFixed(3))
    parts.push(`${secondsValue} second${secondsValue === 1 ? '' : 's'}`)
  }
  return parts.join(' ')
}
