/**
 * Puts a build log back together from the chunks the service sends: in position order across
 * polls, each line printed once and whole (a chunk can end inside a line), a gap waited for a
 * few polls before printing goes on past it, and at the end what is missing is found in the
 * archived raw log, whose text is the chunks' text end to end. What cannot be found is counted.
 */

/** One piece of the log, as the log endpoint answers it. */
export interface LogChunk {
  chunk: string
  position: number
}

/** Polls a missing chunk is waited for before printing goes on past it: chunks come out of order across polls. */
const STALL_POLLS = 3

/** Text printed in one stretch of consecutive positions, to be found again in the raw log. */
interface Run {
  from: number
  to: number
  text: string
  /** How much of `text` has been printed, from its start; -1 until the first line break of a run that began inside a line. */
  printedTo: number
  /** Where the printed part begins: after the piece of a line that began in a gap. */
  lead: number
}

/** The text the live stream skipped, once found: what to print and what stays missing. */
export interface CatchUp {
  /** Blocks to print, each with a line saying where it belongs; empty when nothing was skipped. */
  blocks: { where: string; text: string }[]
  /** Chunks still missing after the raw log, or without it. */
  missing: number
  /** Whether the blocks come from the raw log. */
  fromRaw: boolean
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

  /** `print` gets whole lines, without the final line break. */
  constructor(private readonly print: (text: string) => void) {}

  /** Whether any chunk of the log has been taken in. */
  get started(): boolean {
    return this.next !== undefined
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
    if (this.next !== before || this.pending.size === 0) this.stalls = 0
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
      if (run && run.to === position - 1) {
        run.to = position
        run.text += text
      } else {
        // Only the log's own start is known to begin a line; after a gap, the first line break is.
        const atStart = this.runs.length === 0 && this.headMissing === 0
        run = { from: position, to: position, text, printedTo: atStart ? 0 : -1, lead: 0 }
        this.runs.push(run)
      }
      this.printLines(run)
      this.next = position + 1
    }
  }

  /** Prints the run's whole lines not printed yet. */
  private printLines(run: Run): void {
    if (run.printedTo < 0) {
      const first = run.text.indexOf('\n')
      if (first < 0) return
      run.printedTo = run.lead = first + 1
    }
    const end = run.text.lastIndexOf('\n')
    if (end + 1 <= run.printedTo) return
    this.print(run.text.slice(run.printedTo, end))
    run.printedTo = end + 1
  }

  /** Goes on past the first gap: its positions are printed at the end, from late chunks or the raw log. */
  private skipGap(): void {
    if (this.pending.size === 0) return
    const resume = Math.min(...this.pending.keys())
    for (let p = this.next!; p < resume; p++) this.skipped.add(p)
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

  /** Whether the end needs the raw log: something is missing, or nothing was read at all. */
  needsRaw(): boolean {
    return this.missingCount() > 0 || this.next === undefined
  }

  /**
   * Ends the log. With the raw log, prints what the stream did not (all of it when nothing was
   * printed); without it, or when the printed text is not found in it, prints the pieces that
   * arrived but could not be placed, and counts the rest.
   */
  finish(raw: string | undefined): CatchUp {
    if (raw !== undefined) {
      const blocks = this.rawBlocks(raw)
      if (blocks) return { blocks, missing: 0, fromRaw: true }
    }
    while (this.pending.size > 0) this.skipGap()
    const missing = this.missingCount()
    const last = this.runs[this.runs.length - 1]
    if (missing === 0 && this.runs.length === 1) {
      // A complete log: its last line may have no line break.
      const rest = last.text.slice(Math.max(0, last.printedTo))
      return { blocks: rest === '' ? [] : [{ where: '', text: rest.replace(/\n$/, '') }], missing, fromRaw: false }
    }
    const pieces: { at: number; where: string; text: string }[] = []
    for (const run of this.runs) {
      const printed = run.printedTo >= 0
      if (run.lead > 0 || !printed)
        pieces.push({
          at: run.from - 0.5,
          where: `the start of chunk ${run.from}`,
          text: printed ? run.text.slice(0, run.lead) : run.text
        })
      if (printed && run.printedTo < run.text.length)
        pieces.push({ at: run.to + 0.5, where: `the end of chunk ${run.to}`, text: run.text.slice(run.printedTo) })
    }
    for (const [position, text] of this.late)
      pieces.push({ at: position, where: `chunk ${position}, which came late`, text })
    pieces.sort((a, b) => a.at - b.at)
    return {
      blocks: pieces.map(({ where, text }) => ({ where, text: text.replace(/\n$/, '') })),
      missing,
      fromRaw: false
    }
  }

  /** The raw log's text outside the printed lines, found in order; undefined when a run is not in it. */
  private rawBlocks(raw: string): CatchUp['blocks'] | undefined {
    const blocks: CatchUp['blocks'] = []
    let at = 0
    let after = ''
    for (const run of this.runs) {
      const found = raw.indexOf(run.text, at)
      if (found < 0) return undefined
      const printedFrom = found + run.lead
      const printedTo = found + Math.max(run.lead, run.printedTo)
      // A run that printed no whole line leaves its text to the block around it.
      if (printedTo === printedFrom) continue
      if (printedFrom > at)
        blocks.push({
          where: after ? `after chunk ${after}` : `before chunk ${run.from}`,
          text: raw.slice(at, printedFrom)
        })
      at = printedTo
      after = String(run.to)
    }
    if (at < raw.length) blocks.push({ where: after ? `after chunk ${after}` : '', text: raw.slice(at) })
    return blocks.map((b) => ({ ...b, text: b.text.replace(/\n$/, '') }))
  }
}
