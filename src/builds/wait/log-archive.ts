/**
 * The end of a build log from its archive: the archived log is streamed, never held, past the
 * stretches the live log printed (found by their first bytes, checked by their length and hash),
 * and what lies outside them is printed, whole lines, each block with a line saying where it
 * belongs. Memory stays a few buffers, whatever the log's size.
 */
import { createHash, type Hash } from 'node:crypto'
import { StringDecoder } from 'node:string_decoder'
import type { RunMark } from './log-assembly.js'
import { bytesRead } from '../../http/garbage.js'

/** Where the archive's text goes: log lines, and the action's own line before a block. */
export interface ArchiveOutput {
  print(text: string): void
  note(line: string): void
}

/** How the archived log was read: to its end, or not, and where the shown stretches did not match. */
export interface ArchiveEnd {
  /** Bytes of the archived log read. */
  bytes: number
  /** Shown stretches not found in the archive, or found with other text (`chunks 3–9`). */
  unmatched: string[]
  /** Why the read stopped before the archive's end (cut short, or the connection failed). */
  stopped?: string
}

/** Prints whole lines of the bytes it is given; a block's last piece of a line is printed when the block ends. */
class LineWriter {
  private decoder = new StringDecoder('utf8')
  private rest = ''
  private noted = false

  constructor(
    private readonly out: ArchiveOutput,
    private where: string
  ) {}

  write(bytes: Buffer): void {
    if (bytes.length === 0) return
    this.rest += this.decoder.write(bytes)
    const end = this.rest.lastIndexOf('\n')
    if (end < 0) return
    this.emit(this.rest.slice(0, end))
    this.rest = this.rest.slice(end + 1)
  }

  /** Ends the block (its last line may have no line break); the next one is `where`. */
  end(where: string): void {
    this.rest += this.decoder.end()
    if (this.rest !== '') this.emit(this.rest)
    this.rest = ''
    this.decoder = new StringDecoder('utf8')
    this.where = where
    this.noted = false
  }

  private emit(text: string): void {
    if (!this.noted && this.where !== '')
      this.out.note(`Build log text the live log did not show (${this.where}), from the archived log:`)
    this.noted = true
    this.out.print(text)
  }
}

/** The walk through the archive: the next stretch looked for, or the one being passed. */
class ArchiveWalk {
  readonly unmatched: string[] = []
  private readonly marks: RunMark[]
  private readonly writer: LineWriter
  private index = 0
  private carry = Buffer.alloc(0)
  /** Bytes into the stretch being passed; -1 while looking for the next one. */
  private inRun = -1
  private hash: Hash | undefined

  constructor(runs: RunMark[], out: ArchiveOutput) {
    // A stretch that printed no whole line leaves its text to the block around it.
    this.marks = runs.filter((m) => m.printedBytes > m.leadBytes)
    this.writer = new LineWriter(out, this.marks.length > 0 ? `before chunk ${this.marks[0].from}` : '')
  }

  take(data: Buffer): void {
    let buf = this.carry.length > 0 ? Buffer.concat([this.carry, data]) : data
    this.carry = Buffer.alloc(0)
    while (buf.length > 0) {
      const mark = this.marks[this.index]
      if (!mark) return this.writer.write(buf)
      if (this.inRun < 0) {
        const found = buf.indexOf(mark.anchor)
        if (found < 0) {
          // The anchor may begin in this piece and end in the next.
          const keep = Math.min(buf.length, mark.anchor.length - 1)
          this.writer.write(buf.subarray(0, buf.length - keep))
          this.carry = Buffer.from(buf.subarray(buf.length - keep))
          return
        }
        this.writer.write(buf.subarray(0, found))
        buf = buf.subarray(found)
        this.inRun = 0
        this.hash = createHash('sha1')
      }
      buf = buf.subarray(this.pass(mark, buf))
    }
  }

  /** Passes the stretch's bytes in `buf`: its unprinted start ends the block before, its unprinted end starts the next. */
  private pass(mark: RunMark, buf: Buffer): number {
    const at = this.inRun
    const take = Math.min(buf.length, mark.bytes - at)
    const piece = buf.subarray(0, take)
    this.hash!.update(piece)
    const leadEnd = Math.max(0, Math.min(take, mark.leadBytes - at))
    this.writer.write(piece.subarray(0, leadEnd))
    if (at <= mark.leadBytes && mark.leadBytes < at + take) this.writer.end(`after chunk ${mark.to}`)
    this.writer.write(piece.subarray(Math.max(leadEnd, mark.printedBytes - at)))
    this.inRun += take
    if (this.inRun === mark.bytes) {
      if (this.hash!.digest('hex') !== mark.digest) this.unmatched.push(`chunks ${mark.from}–${mark.to}`)
      this.inRun = -1
      this.index += 1
    }
    return take
  }

  /** The end of the archive: what is held is printed, and the stretches not reached are unmatched. */
  end(): void {
    this.writer.write(this.carry)
    this.writer.end('')
    for (const mark of this.marks.slice(this.index)) this.unmatched.push(`chunks ${mark.from}–${mark.to}`)
  }
}

/**
 * Streams `archive` and prints what the marked stretches do not cover. An archive that ends
 * early (the time for the log ran out, or its connection failed) says so, and leaves the
 * stretches not reached unmatched.
 */
export async function printFromArchive(
  archive: AsyncIterable<Buffer>,
  runs: RunMark[],
  out: ArchiveOutput
): Promise<ArchiveEnd> {
  const walk = new ArchiveWalk(runs, out)
  let bytes = 0
  let stopped: string | undefined
  try {
    for await (const data of archive) {
      bytes += data.length
      walk.take(data)
      bytesRead(data.length)
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    stopped =
      error instanceof Error && error.name === 'AbortError'
        ? 'cut short'
        : `the connection failed (${typeof code === 'string' ? code : 'error'})`
  }
  walk.end()
  return { bytes, unmatched: walk.unmatched, stopped }
}
