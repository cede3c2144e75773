/**
 * The handler context as the runner sees it: logs, annotations, groups, state and
 * outputs through the workflow-command module (which removes known secrets and
 * keeps outside text from acting as a command), and the job summary written once
 * at the end of the step.
 */
import { Output, type OutputName, type StateName } from '../constants.js'
import type { ServiceClient } from '../http/service-client.js'
import type { AnnotationPlace, HandlerContext, ListOutput, OutputValue } from './context.js'
import { OutputWriter } from '../runner/outputs.js'
import { addSecret, addSecretFor, redact } from '../runner/secrets.js'
import type { SummarySection } from '../summary/section.js'
import { writeSummary } from '../runner/summary-file.js'
import * as commands from '../runner/workflow-commands.js'

/** The runner's handler context for one step. */
export class StepContext implements HandlerContext {
  private readonly sections: SummarySection[] = []
  private readonly cuts: string[] = []
  private trace: string | undefined
  private readonly outputs = new OutputWriter((message) => {
    commands.warning(message)
    this.cuts.push(message)
  })

  constructor(
    readonly client: ServiceClient,
    readonly signal: AbortSignal,
    readonly runUrl?: string,
    readonly repoUrl?: string
  ) {}

  output(name: OutputName, value: OutputValue): void {
    this.outputs.output(name, value)
  }

  listOutput(name: OutputName): ListOutput {
    return this.outputs.openList(name)
  }

  secretOutput(name: OutputName, value: string): void {
    this.outputs.secretOutput(name, value, (secret) => addSecret(secret))
  }

  mask(value: string): void {
    addSecret(value)
  }

  async maskWhile<T>(value: string, body: (hide: (text: string) => string) => Promise<T>): Promise<T> {
    const release = addSecretFor(value)
    try {
      return await body(redact)
    } catch (error) {
      // Redacted now, while the secret is known: the message is written after it is let go of.
      // eslint-disable-next-line preserve-caught-error -- the caught error would carry the secret past its release
      throw new Error(redact(error instanceof Error ? error.message : String(error)))
    } finally {
      release()
    }
  }

  summary(section: SummarySection): void {
    this.sections.push(section)
  }

  info(message: string): void {
    commands.info(message)
  }

  notice(message: string): void {
    commands.notice(message)
  }

  warning(message: string): void {
    commands.warning(message)
  }

  annotate(level: 'error' | 'warning' | 'notice', message: string, place: AnnotationPlace): void {
    commands.annotate(level, message, { title: place.title, file: place.file, line: place.line, col: place.column })
  }

  debug(message: string): void {
    commands.debug(message)
  }

  async group<T>(name: string, body: () => Promise<T>): Promise<T> {
    commands.startGroup(name)
    try {
      return await body()
    } finally {
      commands.endGroup()
    }
  }

  saveState(name: StateName, value: string): void {
    commands.saveState(name, value)
  }

  /** Names the wire trace's file in the trace-file output and, at the end, in the summary. */
  traceTo(path: string): void {
    this.trace = path
    this.outputs.output(Output.traceFile, path)
  }

  /** True while no section was added. */
  isEmpty(): boolean {
    return this.sections.length === 0
  }

  /** Appends the collected sections to the job summary, once, at the end of the step. */
  async flush(): Promise<void> {
    if (this.sections.length === 0 && this.cuts.length === 0 && !this.trace) return
    const notes: SummarySection[] =
      this.cuts.length > 0 ? [{ heading: "Outputs cut to GitHub's limits", lines: this.cuts }] : []
    if (this.trace) notes.push(traceSection(this.trace))
    writeSummary([...this.sections.splice(0), ...notes])
  }
}

/** The summary's word on the wire trace: where it is, and how to attach it to a bug report. */
function traceSection(path: string): SummarySection {
  return {
    heading: 'Wire trace',
    lines: [
      `Every request this step sent, and the shape of each answer, is in ${path} (the ${Output.traceFile} output). ` +
        'Its strings are replaced by their lengths; no token, secret, Authorization header or signed URL is in it.',
      `To attach it to a bug report, add a step after this one that uses actions/upload-artifact with path: \${{ steps.<id>.outputs.${Output.traceFile} }} and if: always(), then download the artifact from the run's page (see docs/trace.md).`
    ]
  }
}
