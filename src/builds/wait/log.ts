/**
 * Following a build's log as the service serves it (bitrise-io/bitrise-cli bitriseapi/builds.go
 * and internal/build/service.go; Kesin11/CIAnalyzer's recorded answers): the first read, without
 * a cursor, answers only the last chunks; each later read sends `after_timestamp` set to the
 * previous answer's `next_after_timestamp` and gets what is new, in any order; once the log
 * `is_archived`, the whole text is behind `expiring_raw_log_url`. The log answers 404 for a
 * while after the trigger. What is printed, and what is missing, is LogAssembly's part.
 */
import { ApiError, isHttpError, isPassingFault } from '../../http/api-error.js'
import type { ServiceClient } from '../../http/service-client.js'
import { LogAssembly, type CatchUp, type LogChunk } from './log-assembly.js'
import { buildPath } from '../../api/paths.js'
import { fetchRawLog } from '../../api/raw-log.js'

/** 404s of the log after the build has ended before the log is taken as absent. */
const FINISHED_NOT_FOUND_READS = 3

/** Where the log goes: whole lines of log text, the action's own lines about it, a warning, a mask. */
export interface LogOutput {
  print(text: string): void
  note(line: string): void
  warn(line: string): void
  mask(value: string): void
}

interface LogAnswer {
  chunks: LogChunk[]
  generated?: number
  archived: boolean
  rawUrl?: string
  cursor?: string
}

/** The answer's fields the action uses; anything malformed is left out, not trusted. */
function readAnswer(body: unknown): LogAnswer {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const list = Array.isArray(b.log_chunks) ? (b.log_chunks as unknown[]) : []
  const chunks = list.filter(
    (c): c is LogChunk =>
      !!c &&
      typeof c === 'object' &&
      typeof (c as LogChunk).chunk === 'string' &&
      Number.isSafeInteger((c as LogChunk).position) &&
      (c as LogChunk).position >= 0
  )
  const generated =
    typeof b.generated_log_chunks_num === 'number' && Number.isSafeInteger(b.generated_log_chunks_num)
      ? b.generated_log_chunks_num
      : undefined
  // bitrise-cli reads `next_after_timestamp`; older answers carry the cursor as `timestamp` (lifeomic/bitrise src/build.js).
  const cursor = [b.next_after_timestamp, b.timestamp].find((v): v is string => typeof v === 'string' && v !== '')
  const rawUrl =
    typeof b.expiring_raw_log_url === 'string' && b.expiring_raw_log_url !== '' ? b.expiring_raw_log_url : undefined
  return { chunks, generated, archived: b.is_archived === true, rawUrl, cursor }
}

/** Prints a build's log as it grows and, once the service has archived it, whatever the stream missed. */
export class LogStreamer {
  private readonly assembly: LogAssembly
  private readonly path: string
  private cursor: string | undefined
  private ended = false
  private read = false
  private finishedNotFound = 0

  constructor(
    private readonly client: ServiceClient,
    appSlug: string,
    buildSlug: string,
    private readonly out: LogOutput
  ) {
    this.assembly = new LogAssembly((text) => out.print(text))
    this.path = buildPath(appSlug, buildSlug, 'log')
  }

  /** Whether an answer said the log is archived: the build has finished. */
  archived = false

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
    try {
      const res = await this.client.request<unknown>('GET', this.path, {
        signal,
        query: { after_timestamp: this.cursor }
      })
      answer = readAnswer(res.body)
    } catch (error) {
      this.readFailed(error)
      // A build that ended without ever starting (aborted while held or queued) has no log at all.
      if (buildFinished && isHttpError(error, 404) && ++this.finishedNotFound >= FINISHED_NOT_FOUND_READS)
        this.end('after it ended (the log answered 404)')
      return
    }
    this.read = true
    if (answer.archived) {
      this.archived = true
      return this.archive(answer, signal)
    }
    const fresh = this.assembly.add(answer.chunks, answer.generated, this.cursor === undefined)
    if (answer.cursor !== undefined) this.cursor = answer.cursor
    if (buildFinished && fresh === 0 && !this.assembly.needsRaw()) this.close(this.assembly.finish(undefined), '')
  }

  /** Ends the log without its archive (the service had not archived it in time). */
  end(why: string): void {
    if (this.ended) return
    if (!this.read) {
      this.ended = true
      this.out.note(`The service had no log for this build ${why}.`)
      return
    }
    if (!this.assembly.needsRaw()) return this.close(this.assembly.finish(undefined), '')
    this.close(this.assembly.finish(undefined), `the service had not archived the log ${why}`)
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
    if (!this.assembly.started || this.assembly.needsRaw()) {
      let raw: string | undefined
      let why = 'the service gave no archived log URL'
      if (answer.rawUrl !== undefined) {
        this.out.mask(answer.rawUrl)
        try {
          raw = await fetchRawLog(answer.rawUrl, this.client.origin, signal)
        } catch (error) {
          why = error instanceof Error ? error.message : String(error)
        }
      }
      if (raw === undefined && !this.assembly.started) this.assembly.add(window, answer.generated, true)
      return this.close(this.assembly.finish(raw), why)
    }
    this.close(this.assembly.finish(undefined), '')
  }

  /** Prints what the stream missed, and says once how much of the log is still missing. */
  private close(catchUp: CatchUp, why: string): void {
    this.ended = true
    for (const block of catchUp.blocks) {
      if (block.where !== '')
        this.out.note(
          `Build log text the live log did not show (${block.where}), from ${catchUp.fromRaw ? 'the archived log' : 'what arrived'}:`
        )
      if (block.text !== '') this.out.print(block.text)
    }
    if (catchUp.missing > 0)
      this.out.warn(`The build log shown is incomplete: ${catchUp.missing} chunk(s) of it could not be read (${why}).`)
  }
}
