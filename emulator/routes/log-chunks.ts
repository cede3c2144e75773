/**
 * What a build writes to its log, chunk by chunk, as recorded real builds show it: 10 to 51
 * chunks a build, each up to 8192 characters, cut wherever the writer flushed, so most end
 * inside a line; positions count from 1. Sources: the answers Kesin11/CIAnalyzer recorded
 * (tests/fixture/bitrise_build_log/: 42, 51 and 10 chunks, the longest 8192 characters, 8 of
 * 10 in one answer ending inside a line, positions 1 to 10 of 10 in another), the service's CLI
 * ("positions are 1-indexed, not 0": bitrise-io/bitrise-cli, commit 98a1d52) and its MCP server
 * (a log holding position 1 has its start: bitrise-io/bitrise-mcp
 * internal/tool/builds/get_build_log.go).
 *
 * The chunks are spread evenly over the build's run, the first at its start; the last, written
 * when the build ends (or is aborted), holds the rest of the last line and the closing line.
 * Everything is drawn from the build's slug, so every read of the same build sees the same text
 * and nothing is kept between reads.
 */
import { createHash } from 'node:crypto'
import { progressOf } from '../model/build-progress.js'
import type { BuildRecord } from '../model/build-records.js'

/** One piece of the log and the time it was written, which the log's cursor compares with. */
export interface TimedChunk {
  chunk: string
  position: number
  at: number
}

/** The log as it stands at a moment: its chunks so far, and when the build ended (null while it runs). */
export interface LogState {
  chunks: TimedChunk[]
  finishedAt: number | null
}

/** Chunks of a whole log: the fewest and the most the recorded builds show. */
export const MIN_CHUNKS = 10
export const MAX_CHUNKS = 51
/** The longest chunk the recorded builds show, in characters. */
export const MAX_CHUNK_CHARS = 8192

/** A small seeded generator (mulberry32): the same build draws the same log every time. */
function drawsFor(slug: string): () => number {
  let state = createHash('sha256').update(`log/${slug}`).digest().readUInt32LE(0)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

const between = (draw: () => number, low: number, high: number): number => low + Math.floor(draw() * (high - low + 1))

/** A chunk's length: mostly a few lines, sometimes kilobytes, as in the recorded answers. */
function chunkLength(draw: () => number): number {
  const kind = draw()
  if (kind < 0.55) return between(draw, 12, 200)
  if (kind < 0.9) return between(draw, 200, 2000)
  return between(draw, 2000, MAX_CHUNK_CHARS)
}

/** The lines a build prints: its opening line, numbered step lines, now and then a long progress line. */
class LineSource {
  private steps = 0
  private opened = false

  constructor(
    private readonly build: BuildRecord,
    private readonly draw: () => number
  ) {}

  next(offsetMs: number): string {
    if (!this.opened) {
      this.opened = true
      const { buildNumber, triggeredWorkflow, checkout } = this.build
      return `Build #${buildNumber} of workflow ${triggeredWorkflow} started (checkout ${checkout.kind} ${checkout.value})\n`
    }
    if (this.draw() < 0.01) return `[${offsetMs} ms] progress ${'#'.repeat(between(this.draw, 80, 400))}\n`
    return `[${offsetMs} ms] step output line ${++this.steps}\n`
  }
}

/** The chunks the build has written by `until`, and the text that would follow the last of them. */
function writtenChunks(build: BuildRecord, startedAt: number, until: number): { chunks: TimedChunk[]; rest: string } {
  const draw = drawsFor(build.slug)
  const bodyChunks = between(draw, MIN_CHUNKS, MAX_CHUNKS) - 1
  const lines = new LineSource(build, draw)
  const chunks: TimedChunk[] = []
  let pending = ''
  for (let k = 0; k < bodyChunks; k++) {
    const at = startedAt + Math.floor((k * build.durationMs) / bodyChunks)
    if (at > until) break
    const length = chunkLength(draw)
    while (pending.length < length) pending += lines.next(at - startedAt)
    chunks.push({ chunk: pending.slice(0, length), position: k + 1, at })
    pending = pending.slice(length)
  }
  return { chunks, rest: pending }
}

/**
 * The log as it stands at `now`, or null before it exists (a build on hold, or within
 * `logDelayMs` of its start: the service's log answers 404 for a while after a trigger).
 */
export function logAt(build: BuildRecord, now: number, logDelayMs: number): LogState | null {
  if (build.startedAt === null || now < build.startedAt + logDelayMs) return null
  const progress = progressOf(build, now)
  const { chunks, rest } = writtenChunks(build, build.startedAt, progress.finishedAt ?? now)
  if (progress.finishedAt === null) return { chunks, finishedAt: null }
  const reason = build.abort?.reason ? `: ${build.abort.reason}` : ''
  const closing = `${rest}Build finished with status ${progress.statusText}${reason}\n`
  // An abort can come in the same millisecond as a read that found the build running: its closing
  // chunk is stamped a millisecond later, so that read's cursor still gets it.
  const at = progress.finishedAt + (build.abort ? 1 : 0)
  // One chunk, unless a long abort reason makes it longer than a chunk may be.
  for (let from = 0; from < closing.length; from += MAX_CHUNK_CHARS) {
    chunks.push({ chunk: closing.slice(from, from + MAX_CHUNK_CHARS), position: chunks.length + 1, at })
  }
  return { chunks, finishedAt: progress.finishedAt }
}
