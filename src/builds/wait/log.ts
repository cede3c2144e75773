/**
 * Following a build's log as the service serves it (bitrise-io/bitrise-cli bitriseapi/builds.go
 * and internal/build/service.go; Kesin11/CIAnalyzer's recorded answers; one read in the action's
 * words: api/build-log.ts): the first read, without a cursor, answers only the last chunks; each
 * later read sends the previous answer's cursor and gets what is new, in any order; once the log
 * is archived, the whole text is behind its raw log URL. The log answers 404 for a
 * while after the trigger. What is printed, and what is missing, is LogAssembly's part; the
 * archive is streamed past what was printed (log-archive.ts).
 *
 * The endpoint has no parameter that makes an answer smaller (the published contract lists none
 * but the path; the CLI sends only the cursor), so an answer over the transport's limit is read
 * past: the cursor moves on to the time that read was sent, what was written before it is
 * printed from the archived log at the end, and the step says so.
 */
import { ApiError, isHttpError, isPassingFault } from '../../http/api-error.js'
import type { ServiceClient } from '../../http/service-client.js'
import { ANSWER_LIMIT, byteSize } from '../../http/transport.js'
import { serviceNow } from '../../sleep.js'
import { LogAssembly, type CatchUp } from './log-assembly.js'
import { printFromArchive } from './log-archive.js'
import { bytesRead } from '../../http/garbage.js'
import { buildPath } from '../../api/paths.js'
import { openRawLog } from '../../api/raw-log.js'
import { readLogPage, type LogAnswer } from '../../api/build-log.js'

/**
 * How long, on the wall clock, the log is read on after the build was seen finished (for the
 * service to archive it, and to print what the live log missed): the result is never held up
 * longer, and past it the step says where the rest of the log is.
 */
export const LOG_TAIL_MS = 10_000

/** The longest pause between those reads. */
export const LOG_SETTLE_POLL_MS = 2_000

/** The longest pause between two reads of the log while the build runs; shorter when answers are big. */
export const LOG_POLL_MS = 10_000
/** The shortest. */
export const LOG_MIN_POLL_MS = 250

/**
 * The most of one log answer read: less than the transport's limit, so a log that grows fast is
 * read more often in smaller answers (each answer is held a few times over while it is parsed,
 * so this, not the log's size, sets the step's memory), and what one answer cannot hold is read
 * past and printed from the archived log.
 */
export const LOG_ANSWER_LIMIT = Math.min(ANSWER_LIMIT, 2 * 1024 * 1024)

/** 404s of the log after the build has ended before the log is taken as absent. */
const FINISHED_NOT_FOUND_READS = 3

/** Where the log goes: whole lines of log text, the action's own lines about it, a warning, a mask. */
export interface LogOutput {
  print(text: string): void
  note(line: string): void
  warn(line: string): void
  mask(value: string): void
}

/** An answer over the transport's limit (AnswerTooLarge, as the client reports it). */
function tooLarge(error: unknown): boolean {
  return (
    error instanceof ApiError && error.kind === 'invalid-response' && /the most the action reads/.test(error.message)
  )
}

const clock = (ms: number): string => new Date(ms).toISOString().slice(11, 19) + ' UTC'

/** Prints a build's log as it grows and, once the service has archived it, whatever the stream missed. */
export class LogStreamer {
  private readonly assembly: LogAssembly
  private readonly path: string
  private cursor: string | undefined
  private ended = false
  private read = false
  private finishedNotFound = 0
  private overflowed = false
  /** When the reads began failing (none answered since), and how the last one failed. */
  private failingSince: number | undefined
  private failure = ''
  /** When the read under way was sent. */
  private inFlightSince: number | undefined

  constructor(
    private readonly client: ServiceClient,
    appSlug: string,
    buildSlug: string,
    private readonly out: LogOutput
  ) {
    this.assembly = new LogAssembly(
      (text) => out.print(text),
      (from, to) =>
        out.note(
          `The live log goes on past chunk${from === to ? ` ${from}` : `s ${from}–${to}`}, which did not come; ${from === to ? 'it is' : 'they are'} printed from the archived log when the build ends.`
        )
    )
    this.path = buildPath(appSlug, buildSlug, 'log')
  }

  /** Whether an answer said the log is archived: the build has finished. */
  archived = false

  /** Whether the last read's answer was over the limit: the next read should come sooner. */
  behind = false

  /** Whether the log has been printed to its end, or cannot be. */
  get done(): boolean {
    return this.ended
  }

  /**
   * One read of the log. After the build has finished (`buildFinished`), an answer with nothing
   * new and nothing missing also ends the log, as the service may take a while to archive it.
   */
  async readNext(signal: AbortSignal, buildFinished = false): Promise<void> {
    if (this.ended || signal.aborted) return
    let answer: LogAnswer
    const sentAt = serviceNow()
    const since = (this.inFlightSince = Date.now())
    try {
      const page = await readLogPage(this.client, this.path, this.cursor, { signal, maxBytes: LOG_ANSWER_LIMIT })
      answer = page.answer
      bytesRead(page.length)
    } catch (error) {
      this.inFlightSince = undefined
      if (tooLarge(error)) return this.overflow(sentAt)
      if (!isHttpError(error, 404)) {
        this.failingSince ??= since
        // A read cut short (the time for the log ran out) has no reason of its own to give.
        const cut = error instanceof ApiError && error.kind === 'cancelled'
        this.failure = cut ? '' : error instanceof Error ? error.message : String(error)
      }
      this.readFailed(error)
      // A build that ended without ever starting (aborted while held or queued) has no log at all.
      if (buildFinished && isHttpError(error, 404) && ++this.finishedNotFound >= FINISHED_NOT_FOUND_READS)
        this.end('after it ended (the log answered 404)')
      return
    } finally {
      this.inFlightSince = undefined
    }
    this.read = true
    this.behind = false
    this.failingSince = undefined
    if (answer.archived) {
      this.archived = true
      return this.archive(answer, signal)
    }
    const fresh = this.assembly.add(answer.chunks, answer.generated, this.cursor === undefined)
    if (answer.cursor !== undefined) this.cursor = answer.cursor
    if (buildFinished && fresh === 0 && !this.assembly.needsRaw()) this.close(this.assembly.finish(), '')
  }

  /**
   * An answer over the transport's limit: said once, and the cursor moves on to when that read was
   * sent, so the next answer holds only what came after; the chunks in between are printed from
   * the archived log at the end. Asking again from the old cursor would only get a larger answer.
   */
  private overflow(sentAt: number): void {
    this.inFlightSince = undefined
    this.read = true
    this.failingSince = undefined
    this.assembly.behind()
    this.behind = true
    this.cursor = new Date(sentAt).toISOString()
    if (this.overflowed) return
    this.overflowed = true
    this.out.note(
      `The build log grew by more than ${byteSize(LOG_ANSWER_LIMIT)} between two reads, the most the action reads of one answer: the live log reads on from now, and what it skipped is printed from the archived log when the build ends.`
    )
  }

  /** Since when the log endpoint has not answered (its reads failing or unanswered), in words; undefined while it answers. */
  stalled(): string | undefined {
    const since = this.failingSince ?? this.inFlightSince
    if (since === undefined) return undefined
    const how = this.failingSince !== undefined && this.failure ? `: ${this.failure}` : ''
    return `the build log endpoint gave no answer from ${clock(since)}${how}`
  }

  /** Ends the log without its archive (the service had not archived it in time, or the endpoint stalled). */
  end(why: string): void {
    if (this.ended) return
    const stalled = this.stalled()
    if (!this.read) {
      this.ended = true
      if (stalled) this.out.warn(`The build log was not shown: ${stalled}.`)
      else this.out.note(`The service had no log for this build ${why}.`)
      return
    }
    if (stalled) return this.close(this.assembly.finish(), stalled, true)
    if (!this.assembly.needsRaw()) return this.close(this.assembly.finish(), '')
    this.close(this.assembly.finish(), `the service had not archived the log ${why}`)
  }

  /** A failed read: the 404 after a trigger and passing faults are ridden out; a refusal ends the streaming, said once. */
  private readFailed(error: unknown): void {
    if (!(error instanceof ApiError)) throw error
    const { message, status } = error
    if (error.kind === 'cancelled' || isHttpError(error, 404) || isPassingFault(error)) return
    this.ended = true
    const role = status === 403 ? ' (reading a build log needs the Developer role or higher on the app)' : ''
    this.out.warn(`The build log cannot be read: ${message}${role}. The wait goes on without it.`)
  }

  private async archive(answer: LogAnswer, signal: AbortSignal): Promise<void> {
    // The archived answer holds only the last chunks; the raw log has them all.
    const window = answer.chunks
    if (this.assembly.started) this.assembly.add(window, answer.generated, false)
    if (this.assembly.started && !this.assembly.needsRaw()) return this.close(this.assembly.finish(), '')
    let why = 'the service gave no archived log URL'
    if (answer.rawUrl !== undefined) {
      this.out.mask(answer.rawUrl)
      try {
        const archive = await openRawLog(answer.rawUrl, this.client.origin, signal)
        const read = await printFromArchive(archive, this.assembly.marks(), this.out)
        this.ended = true
        if (read.stopped === undefined && read.unmatched.length === 0) return
        const where = read.stopped ? `its read stopped after ${byteSize(read.bytes)} (${read.stopped})` : ''
        const unmatched = read.unmatched.length
          ? `the text shown as ${read.unmatched.join(', ')} was not found in it`
          : ''
        return this.out.warn(
          `The build log shown may be incomplete: the archived log was streamed, but ${[where, unmatched].filter(Boolean).join(', and ')}.`
        )
      } catch (error) {
        why = error instanceof Error ? error.message : String(error)
      }
    }
    if (!this.assembly.started) this.assembly.add(window, answer.generated, true)
    this.close(this.assembly.finish(), why)
  }

  /** Prints what the stream missed, and says once how much of the log is still missing. */
  private close(catchUp: CatchUp, why: string, named = false): void {
    this.ended = true
    for (const block of catchUp.blocks) {
      if (block.where !== '')
        this.out.note(`Build log text the live log did not show (${block.where}), from what arrived:`)
      if (block.text !== '') this.out.print(block.text)
    }
    if (catchUp.missing > 0)
      this.out.warn(
        `The build log shown is incomplete: ${catchUp.missing} chunk(s) of it could not be read (chunks ${this.assembly.missingRanges()}: ${why}).`
      )
    else if (named) this.out.warn(`The build log may be incomplete: ${why}.`)
  }
}
