/**
 * Step outputs within GitHub's limits: a list output always has a companion
 * `<name>-file` output naming a JSON file (under RUNNER_TEMP) with the whole list,
 * and holds inline as many leading items as fit; a `response` too big for an output
 * goes to `response-file` instead. Every cut is reported through `onCut`.
 */
import { closeSync, mkdtempSync, openSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LIST_OUTPUT_FILES, Output, type OutputName } from '../constants.js'
import { redact } from '../safe-text.js'
import { answerWithoutSecretValues, withoutSecretValues } from './secret-fields.js'
import * as commands from './workflow-commands.js'

/** GitHub keeps at most 1 MB of an output; the margin keeps clear of how it counts. */
export const MAX_OUTPUT_BYTES = 900_000

/** A value an operation may give an output: text, a number, a flag, or something written as JSON. */
export type OutputValue = string | number | boolean | object | undefined

/** A list output being written: `add` takes the next items (a page), `end` sets the outputs. */
export interface ListOutput {
  add(items: readonly unknown[]): void
  end(): void
}

/** Writes the step's outputs, with secrets removed, within GitHub's limits. */
export class OutputWriter {
  private readonly filesSet = new Set<OutputName>()
  private dir: string | undefined

  /** `onCut` hears of every value cut or moved to a file, in words for the log and the summary. */
  constructor(private readonly onCut: (message: string) => void) {}

  /** Sets an output; undefined sets nothing. */
  output(name: OutputName, value: OutputValue): void {
    if (value === undefined) return
    const fileOutput = LIST_OUTPUT_FILES[name]
    if (fileOutput && Array.isArray(value)) return this.listOutput(name, fileOutput, value)
    // Secret values the service echoes are left out of every output built from an answer (secret-fields.ts).
    const shown =
      typeof value === 'string'
        ? name === Output.response
          ? answerWithoutSecretValues(value)
          : value
        : JSON.stringify(withoutSecretValues(value).value)
    const text = redact(shown)
    const size = Buffer.byteLength(text)
    if (size <= MAX_OUTPUT_BYTES) {
      commands.setOutput(name, text)
      // A file named by an earlier, bigger answer of this step would no longer be the last answer.
      if (name === Output.response && this.filesSet.has(Output.responseFile))
        this.setFileOutput(Output.responseFile, '')
      return
    }
    commands.setOutput(name, '')
    if (name !== Output.response)
      return this.onCut(
        `The ${name} output is empty: its value (${size} bytes) is over GitHub's 1 MB limit for an output.`
      )
    const path = this.writeFile('response.txt', text)
    this.setFileOutput(Output.responseFile, path)
    this.onCut(
      `The ${name} output is empty: the service's answer (${size} bytes) is over GitHub's 1 MB limit for an output. The ${Output.responseFile} output names a file that holds it: ${path}`
    )
  }

  /**
   * Sets an output to a secret the service just issued: masked in the runner's log
   * first, then written as is (the output must hold the real value), then added to
   * the action's own redaction for everything written after.
   */
  secretOutput(name: OutputName, value: string, remember: (value: string) => void): void {
    commands.setSecret(value)
    this.output(name, value)
    remember(value)
  }

  private listOutput(name: OutputName, fileOutput: OutputName, items: unknown[]): void {
    const list = this.openList(name, fileOutput)
    list.add(items)
    list.end()
  }

  /**
   * A list output written as its items come (page after page), never held whole: each item goes
   * to the file at once, and only the leading items that fit the inline output are kept.
   */
  openList(name: OutputName, fileOutput = LIST_OUTPUT_FILES[name]): ListOutput {
    if (!fileOutput) throw new Error(`${name} is not a list output`)
    const path = this.filePath(`${name}.json`)
    const fd = openSync(path, 'w')
    const inline: string[] = []
    let size = 2
    let count = 0
    let full = false
    writeSync(fd, '[')
    const add = (items: readonly unknown[]): void => {
      if (items.length === 0) return
      const parts = items.map((item) => redact(JSON.stringify(withoutSecretValues(item).value) ?? 'null'))
      writeSync(fd, (count > 0 ? ',' : '') + parts.join(','))
      count += parts.length
      for (const part of parts) {
        if (full) break
        const added = Buffer.byteLength(part) + (inline.length > 0 ? 1 : 0)
        if (size + added > MAX_OUTPUT_BYTES) full = true
        else {
          size += added
          inline.push(part)
        }
      }
    }
    const end = (): void => {
      writeSync(fd, ']')
      closeSync(fd)
      this.setFileOutput(fileOutput, path)
      commands.setOutput(name, `[${inline.join(',')}]`)
      if (inline.length < count)
        this.onCut(
          `The ${name} output holds the first ${inline.length} of ${count} items: all of them are over GitHub's 1 MB limit for an output. ` +
            `The ${fileOutput} output names a file that holds all ${count}: ${path}`
        )
    }
    return { add, end }
  }

  private setFileOutput(name: OutputName, path: string): void {
    commands.setOutput(name, path)
    this.filesSet.add(name)
  }

  /** Writes a file in a folder of this step's own under RUNNER_TEMP, which the runner empties after the job. */
  private writeFile(name: string, text: string): string {
    const path = this.filePath(name)
    writeFileSync(path, text, { encoding: 'utf8' })
    return path
  }

  private filePath(name: string): string {
    this.dir ??= mkdtempSync(join(process.env.RUNNER_TEMP || tmpdir(), 'service-ci-'))
    return join(this.dir, name)
  }
}
