/**
 * The handler context as the runner sees it: logs, annotations, groups, state and
 * outputs through the workflow-command module (which removes known secrets and
 * keeps outside text from acting as a command), and the job summary written once
 * at the end of the step.
 */
import { appendFileSync, existsSync, statSync } from 'node:fs'
import type { OutputName, StateName } from '../constants.js'
import type { ServiceClient } from '../http/service-client.js'
import type { HandlerContext } from './context.js'
import { OutputWriter, type OutputValue } from '../runner/outputs.js'
import { addSecret } from '../runner/secrets.js'
import { MAX_SUMMARY_BYTES, renderSummary, type SummarySection } from '../runner/summary.js'
import * as commands from '../runner/workflow-commands.js'

/** The runner's handler context for one step. */
export class StepContext implements HandlerContext {
  private readonly sections: SummarySection[] = []
  private readonly cuts: string[] = []
  private readonly outputs = new OutputWriter((message) => {
    commands.warning(message)
    this.cuts.push(message)
  })

  constructor(
    readonly client: ServiceClient,
    readonly signal: AbortSignal,
    readonly runUrl?: string
  ) {}

  output(name: OutputName, value: OutputValue): void {
    this.outputs.output(name, value)
  }

  secretOutput(name: OutputName, value: string): void {
    this.outputs.secretOutput(name, value, (secret) => addSecret(secret))
  }

  mask(value: string): void {
    addSecret(value)
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

  /** Appends the collected sections to the job summary, once, at the end of the step. */
  async flush(): Promise<void> {
    const file = process.env.GITHUB_STEP_SUMMARY
    if ((this.sections.length === 0 && this.cuts.length === 0) || !file) return
    if (!existsSync(file)) throw new Error(`the summary file ${file} does not exist`)
    const notes: SummarySection[] = this.cuts.length > 0 ? [{ heading: "Outputs cut to GitHub's limits", lines: this.cuts }] : []
    const html = renderSummary([...this.sections.splice(0), ...notes], MAX_SUMMARY_BYTES - statSync(file).size)
    appendFileSync(file, html, { encoding: 'utf8' })
  }
}
