/**
 * Puts a build log back together from the chunks the service sends: in position order across
 * polls, each line printed once and whole (a chunk can end inside a line), a gap waited for a
 * few polls before printing goes on past it. Nothing printed is kept: each stretch of printed
 * positions keeps only its byte counts, a hash and a short anchor (its first bytes), so memory
 * does not grow with the log, and at the end the archived log is streamed past them
 * (log-archive.ts) to print what the live log missed. What cannot be found is counted.
 */
import { createHash, type Hash } from 'node:crypto'
import type { LogChunk } from '../../api/build-log.js'

/** Polls a missing chunk is waited for before printing goes on past it: chunks come out of order across polls. */
const STALL_POLLS = 3

/** Bytes of a stretch's start kept to find it again in the archived log. */
const ANCHOR_BYTES = 256

/** A stretch of consecutive positions, as the archived log is searched for it: byte counts, never its text. */
export interface RunMark {
  from: number
  to: number
  /** UTF-8 bytes of the stretch's text. */
  bytes: number
  /** Bytes of its start that were not printed (the piece of a line that began in a gap). */
  leadBytes: number
  /** Bytes from its start through the last line break printed. */
  printedBytes: number
  /** sha1 of its text, hex. */
  digest: string
  /** Its first bytes (up to ANCHOR_BYTES). */
  anchor: Buffer
}

/** Text printed in one stretch of consecutive positions. */
interface Run {
  from: number
  to: number
  bytes: number
  hash: Hash
  anchor: Buffer
  /** The unprinted start of a run that began inside a line, through its first line break. */
  lead: string
  leadBytes: number
  /** Bytes through the last printed line break; -1 until the first line break of a run that began inside a line. */
  printedBytes: number
  /** Text after the last printed line break: one line at most. */
  tail: string
}

/** The text the live stream skipped, found without the archived log: what to print and what stays missing. */
export interface CatchUp {
  /** Blocks to print, each with a line saying where it belongs; empty when nothing was skipped. */
  blocks: { where: string; text: string }[]
  /** Chunks still missing. */
  missing: number
}

export class LogAssembly {
  private next: number | undefined
  private readonly pending = new Map<number, string>()
  private readonly late = new Map<number, string>()
  private readonly skipped = new Set<number>()
  private readonly runs: Run[] = []
  private stalls = 0
  private headMissing = 0
  private generated = 0
  private highest = -1
  private skipNow = false

  /** `print` gets whole lines, without the final line break; `skippedTo` hears of each gap printing went past. */
  constructor(
    private readonly print: (text: string) => void,
    private readonly skippedTo?: (from: number, to: number) => void
  ) {}

  /** Whether any chunk of the log has been taken in. */
  get started(): boolean {
    return this.next !== undefined
  }

  /** The next answer's gap is not waited for: what was written before it is known not to come (an answer too large). */
  behind(): void {
    this.skipNow = true
  }

  /**
   * Takes one answer's chunks (any order, repeats allowed) and prints what now follows on.
   * `window` says the answer came without a cursor: a first such answer may lack the log's start.
   * Returns how many of the chunks were new.
   */
  add(chunks: LogChunk[], generated: number | undefined, window: boolean): number {
    if (generated !== undefined) this.generated = Math.max(this.generated, generated)
    let fresh = 0
    for (const { chunk, position } of chunks) {
      this.highest = Math.max(this.highest, position)
      if (this.next === undefined || position >= this.next) {
        if (this.pending.has(position) || this.printedAt(position)) continue
        this.pending.set(position, chunk)
        fresh += 1
      } else if (this.skipped.has(position) && !this.late.has(position)) {
        this.late.set(position, chunk)
        fresh += 1
      }
    }
    if (this.next === undefined && this.pending.size > 0) this.begin(window, generated)
    if (this.next === undefined) return fresh
    const before = this.next
    this.printFollowing()
    if (this.skipNow && this.pending.size > 0) {
      this.skipNow = false
      this.skipGap()
    } else if (this.next !== before || this.pending.size === 0) this.stalls = 0
    else if (++this.stalls >= STALL_POLLS) this.skipGap()
    return fresh
  }

  private printedAt(position: number): boolean {
    return this.runs.some((run) => position >= run.from && position <= run.to)
  }

  /**
   * The first position seen is where printing starts; a window answer of a longer log lacks its
   * start. Positions count from 0 in most recorded answers and from 1 in some (the highest then
   * equals the number generated), so the chunks before the first are counted from that base.
   */
  private begin(window: boolean, generated: number | undefined): void {
    const positions = [...this.pending.keys()].sort((a, b) => a - b)
    this.next = positions[0]
    const base = generated !== undefined && positions[positions.length - 1] === generated ? 1 : 0
    if (window) this.headMissing = Math.max(0, positions[0] - base)
  }

  /** Prints the chunks that follow on from what was printed. */
  private printFollowing(): void {
    for (let text = this.pending.get(this.next!); text !== undefined; text = this.pending.get(this.next!)) {
      const position = this.next!
      this.pending.delete(position)
      let run = this.runs[this.runs.length - 1]
      if (!run || run.to !== position - 1) {
        // Only the log's own start is known to begin a line; after a gap, the first line break is.
        const atStart = this.runs.length === 0 && this.headMissing === 0
        run = { from: position, to: position - 1, bytes: 0, hash: createHash('sha1'), anchor: Buffer.alloc(0) } as Run
        Object.assign(run, { lead: '', leadBytes: 0, printedBytes: atStart ? 0 : -1, tail: '' })
        this.runs.push(run)
      }
      this.append(run, text)
      this.next = position + 1
    }
  }

  /** Adds a chunk's text to the run and prints its whole lines not printed yet. */
  private append(run: Run, text: string): void {
    // No copy of the chunk as bytes: the hash and the count take the text as it is.
    run.to += 1
    run.bytes += Buffer.byteLength(text)
    run.hash.update(text, 'utf8')
    if (run.anchor.length < ANCHOR_BYTES) {
      // Not cut inside a surrogate pair, whose half would be encoded as another character.
      const cut = /[\ud800-\udbff]/.test(text.charAt(ANCHOR_BYTES - 1)) ? ANCHOR_BYTES - 1 : ANCHOR_BYTES
      const head = Buffer.from(text.slice(0, cut), 'utf8')
      run.anchor = Buffer.concat([run.anchor, head.subarray(0, ANCHOR_BYTES - run.anchor.length)])
    }
    run.tail += text
    if (run.printedBytes < 0) {
      const first = run.tail.indexOf('\n')
      if (first < 0) return
      run.lead = run.tail.slice(0, first + 1)
      run.printedBytes = run.leadBytes = Buffer.byteLength(run.lead)
      run.tail = run.tail.slice(first + 1)
    }
    const end = run.tail.lastIndexOf('\n')
    if (end < 0) return
    this.print(run.tail.slice(0, end))
    run.printedBytes += Buffer.byteLength(run.tail.slice(0, end + 1))
    run.tail = run.tail.slice(end + 1)
  }

  /** Goes on past the first gap: its positions are printed at the end, from late chunks or the raw log. */
  private skipGap(): void {
    if (this.pending.size === 0) return
    const resume = Math.min(...this.pending.keys())
    for (let p = this.next!; p < resume; p++) this.skipped.add(p)
    if (resume > this.next!) this.skippedTo?.(this.next!, resume - 1)
    this.next = resume
    this.stalls = 0
    this.printFollowing()
  }

  /** Chunks the log has that were not printed: skipped or never seen, before, between or after what was. */
  missingCount(): number {
    const skipped = [...this.skipped].filter((p) => !this.late.has(p)).length
    const gapsAhead = this.next === undefined ? 0 : Math.max(0, this.highest + 1 - this.next) - this.pending.size
    const seen = this.runs.reduce((n, run) => n + run.to - run.from + 1, 0) + this.late.size + this.pending.size
    const known = this.headMissing + skipped + gapsAhead
    return Math.max(known, this.generated - seen, this.next === undefined && this.generated > 0 ? this.generated : 0)
  }

  /** The positions not printed, as ranges in words (`3–9, 12`), at most a few of them. */
  missingRanges(): string {
    const positions = [...this.skipped].filter((p) => !this.late.has(p)).sort((a, b) => a - b)
    const ranges: string[] = []
    const base = this.runs[0] && this.headMissing > 0 ? this.runs[0].from - this.headMissing : undefined
    if (base !== undefined) ranges.push(`${base}–${this.runs[0].from - 1}`)
    for (let i = 0; i < positions.length;) {
      let j = i
      while (j + 1 < positions.length && positions[j + 1] === positions[j] + 1) j++
      ranges.push(i === j ? `${positions[i]}` : `${positions[i]}–${positions[j]}`)
      i = j + 1
    }
    if (this.next !== undefined && this.highest >= this.next) ranges.push(`${this.next}–${this.highest}`)
    const shown = ranges.slice(0, 5).join(', ')
    return ranges.length > 5 ? `${shown} and ${ranges.length - 5} more` : shown
  }

  /** Whether the end needs the raw log: something is missing, or nothing was read at all. */
  needsRaw(): boolean {
    return this.missingCount() > 0 || this.next === undefined
  }

  /** The printed stretches, for finding them in the archived log; pending chunks are given up first. */
  marks(): RunMark[] {
    while (this.pending.size > 0) this.skipGap()
    return this.runs.map((run) => ({
      from: run.from,
      to: run.to,
      bytes: run.bytes,
      leadBytes: run.leadBytes,
      printedBytes: Math.max(run.printedBytes, run.leadBytes),
      digest: run.hash.copy().digest('hex'),
      anchor: run.anchor
    }))
  }

  /**
   * Ends the log without the archived log: prints the pieces that arrived but could not be
   * placed (the start and end of lines cut by a gap, late chunks), and counts the rest.
   */
  finish(): CatchUp {
    while (this.pending.size > 0) this.skipGap()
    const missing = this.missingCount()
    const last = this.runs[this.runs.length - 1]
    if (missing === 0 && this.runs.length === 1) {
      // A complete log: its last line may have no line break.
      const rest = last.tail
      return { blocks: rest === '' ? [] : [{ where: '', text: rest.replace(/\n$/, '') }], missing }
    }
    const pieces: { at: number; where: string; text: string }[] = []
    for (const run of this.runs) {
      const printed = run.printedBytes >= 0
      if (run.leadBytes > 0 || !printed)
        pieces.push({
          at: run.from - 0.5,
          where: `the start of chunk ${run.from}`,
          text: printed ? run.lead : run.tail
        })
      if (printed && run.tail !== '')
        pieces.push({ at: run.to + 0.5, where: `the end of chunk ${run.to}`, text: run.tail })
    }
    for (const [position, text] of this.late)
      pieces.push({ at: position, where: `chunk ${position}, which came late`, text })
    pieces.sort((a, b) => a.at - b.at)
    return { blocks: pieces.map(({ where, text }) => ({ where, text: text.replace(/\n$/, '') })), missing }
  }
}
