/**
 * The job's cancel: the runner sends SIGINT, then SIGTERM, to a step it stops. From the first,
 * the step says so once and aborts what it is doing, which aborts the build it waits for.
 */
import { setMaxListeners } from 'node:events'
import * as commands from '../runner/workflow-commands.js'

/** Listens for the job's cancel from the start of the step, and hands the operation its signal. */
export class JobCancel {
  private controller: AbortController | undefined
  private stopping = false
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    if (this.stopping) return
    this.stopping = true
    commands.info(`Received ${signal}: stopping, and aborting the build if one is being waited for.`)
    this.controller?.abort()
  }

  constructor() {
    process.on('SIGINT', this.onSignal)
    process.on('SIGTERM', this.onSignal)
  }

  /**
   * The signal the operation runs under, aborted already when the cancel came first. Made only
   * once the inputs are read, so a step refused on them loads no abort machinery.
   */
  signal(): AbortSignal {
    this.controller = new AbortController()
    // Every request in flight listens to it (a dry run has 16), more than the default ten before Node warns.
    setMaxListeners(0, this.controller.signal)
    if (this.stopping) this.controller.abort()
    return this.controller.signal
  }

  /** Stops listening, once the step has ended. */
  stop(): void {
    process.off('SIGINT', this.onSignal)
    process.off('SIGTERM', this.onSignal)
  }
}
