import type { OutputName, StateName } from '../constants.js'
import type { ServiceClient } from '../http/service-client.js'
import type { SummarySection } from '../summary/section.js'

/** A value an operation may give an output: text, a number, a flag, or something written as JSON. */
export type OutputValue = string | number | boolean | object | undefined

/**
 * What the post step gets: the client, the link to the run quoted in abort reasons, and the log.
 * main.ts makes it (step/setup.ts) once the common inputs are read again.
 */
export interface PostContext {
  client: ServiceClient
  runUrl?: string
  info(message: string): void
  warning(message: string): void
}

/** A list output written as its items come (see runner/outputs.ts): `add` takes the next page, `end` sets the outputs. */
export interface ListOutput {
  add(items: readonly unknown[]): void
  end(): void
}

/** Where an annotation points. */
export interface AnnotationPlace {
  file?: string
  line?: number
  column?: number
  title?: string
}

/**
 * What every operation gets besides its own inputs: the client, and the only way
 * to the runner. Everything written through it has known secrets removed, and
 * text from outside can never act as a workflow command.
 */
export interface HandlerContext {
  client: ServiceClient
  /** Aborted when the job is cancelled (SIGINT or SIGTERM). */
  signal: AbortSignal
  /** Link to this workflow run, quoted in abort reasons. */
  runUrl?: string
  /** The repository's page on GitHub (`https://github.com/owner/repo`), for links to commits. */
  repoUrl?: string
  /** Sets a step output (within GitHub's limits; see runner/outputs.ts); undefined sets nothing. */
  output(name: OutputName, value: OutputValue): void
  /**
   * Opens a list output (one with a `-file` companion) to be written page by page, so a list of
   * any length is never held whole; `end()` sets it and its file output.
   */
  listOutput(name: OutputName): ListOutput
  /** Sets an output to a secret the service issued: masked in the log, kept whole in the output, redacted everywhere after. */
  secretOutput(name: OutputName, value: string): void
  /** Masks a secret the service sent (a signed URL): hidden in the log and removed from everything written after. */
  mask(value: string): void
  /**
   * Masks a secret the service sent for one use (a signed URL) while `body` runs: hidden in the
   * log for good, removed from everything written meanwhile, then no longer held, so thousands
   * of them cost nothing once used. Text `body` keeps for later must go through `hide`, which
   * removes the secret; an error leaving `body` has it removed from its message.
   */
  maskWhile<T>(value: string, body: (hide: (text: string) => string) => Promise<T>): Promise<T>
  /** Adds a section to the job summary, written when the step ends. */
  summary(section: SummarySection): void
  info(message: string): void
  notice(message: string): void
  warning(message: string): void
  /**
   * An annotation on a line of a file of the repository (an `error` does not fail the step);
   * `file` is a path from the repository's root, as the workflow author gave it.
   */
  annotate(level: 'error' | 'warning' | 'notice', message: string, place: AnnotationPlace): void
  debug(message: string): void
  /** Runs `body` with its log lines folded under `name`. */
  group<T>(name: string, body: () => Promise<T>): Promise<T>
  /** Saves a value for the post step; '' clears it. */
  saveState(name: StateName, value: string): void
}
