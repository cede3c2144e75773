import type { ApiClient } from '../client.js'
import type { Reporter } from '../report.js'

/** What every operation handler gets besides its own inputs. */
export interface HandlerContext {
  client: ApiClient
  report: Reporter
  /** Aborted when the job is cancelled (SIGINT or SIGTERM). */
  signal: AbortSignal
  /** Link to this workflow run, quoted in abort reasons. */
  runUrl?: string
}
