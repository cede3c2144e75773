/**
 * src/workflow-commands.ts against @actions/core: the same calls through both, into
 * temporary GITHUB_OUTPUT and GITHUB_STATE files and captured stdout, give the same
 * bytes (the random delimiter of the file commands normalised), except that a value
 * on one line goes into the files as `name=value`, which the runner reads the same as
 * core's `name<<delimiter` form (so drawing no delimiter, the step never loads
 * node:crypto for it). The module differs on purpose in two more places, not compared
 * here: `info` prints text in which the
 * runner could find a command between stop-commands lines (core prints it raw, so
 * outside text could act on the runner), and everything it writes has the action's
 * known secrets removed (core writes what it is given). No secret is registered in
 * this test, and the text given to `info` holds no "::" nor "##[".
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import * as core from '@actions/core'
import * as fs from 'node:fs'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseCommandFile } from '../../../scripts/run-action.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { tempDir } from '../../helpers/temp-dirs.js'

/** What the module wrote to file descriptor 1, where it writes the log (core writes through process.stdout). */
let fd1 = ''
jest.unstable_mockModule('node:fs', () => ({
  ...fs,
  writeSync: (fd: number, data: Uint8Array | string, offset?: number): number => {
    if (fd !== 1) throw new Error(`the module wrote to descriptor ${fd}`)
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data).subarray(offset ?? 0)
    fd1 += bytes.toString('utf8')
    return bytes.length
  }
}))
const commands = await import('../../../src/runner/workflow-commands.js')

type Commands = Pick<
  typeof commands,
  | 'setOutput'
  | 'saveState'
  | 'setSecret'
  | 'info'
  | 'debug'
  | 'notice'
  | 'warning'
  | 'setFailed'
  | 'startGroup'
  | 'endGroup'
>

/** What one run of `calls` wrote: stdout and the two files, random delimiters replaced. */
interface Written {
  stdout: string
  output: string
  state: string
}

let dir: string
beforeEach(() => {
  dir = tempDir('parity-')
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
  process.exitCode = undefined
  jest.restoreAllMocks()
})

function capture(impl: Commands, label: string, withFiles: boolean, calls: (impl: Commands) => void): Written {
  const files = { output: join(dir, `${label}-output`), state: join(dir, `${label}-state`) }
  writeFileSync(files.output, '')
  writeFileSync(files.state, '')
  const saved = { output: process.env.GITHUB_OUTPUT, state: process.env.GITHUB_STATE }
  if (withFiles) Object.assign(process.env, { GITHUB_OUTPUT: files.output, GITHUB_STATE: files.state })
  else {
    delete process.env.GITHUB_OUTPUT
    delete process.env.GITHUB_STATE
  }
  let stdout = ''
  fd1 = ''
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    return true
  })
  try {
    calls(impl)
  } finally {
    spy.mockRestore()
    for (const [key, value] of [
      ['GITHUB_OUTPUT', saved.output],
      ['GITHUB_STATE', saved.state]
    ] as const) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  }
  const normalise = (text: string): string => text.replace(/ghadelimiter_[0-9a-f-]{36}/g, 'ghadelimiter_<uuid>')
  return {
    stdout: normalise(stdout + fd1),
    output: normalise(readFileSync(files.output, 'utf8')),
    state: normalise(readFileSync(files.state, 'utf8'))
  }
}

/** The same calls through both modules. */
function both(withFiles: boolean, calls: (impl: Commands) => void): { ours: Written; core: Written } {
  return {
    ours: capture(commands, 'ours', withFiles, calls),
    core: capture(core as unknown as Commands, 'core', withFiles, calls)
  }
}

const awkward = (): string => `${randomString(6)} 100% done\r\nZürich — 東京 🚀\nkey: a, b, c\r${randomString(4)}`

describe('the workflow-command module writes what @actions/core writes', () => {
  it('outputs and state into their files: multi-line values as core writes them, one-line values as name=value, read back the same', () => {
    const value = awkward()
    const line = `${randomString(6)} = <<${randomString(4)} ::x:: 100% ${randomString(6)}`
    const { ours, core: theirs } = both(true, (impl) => {
      impl.setOutput('multi-line', value)
      impl.setOutput('object', { list: [1, 'two'], text: value })
      impl.setOutput('number', 42)
      impl.setOutput('empty', '')
      impl.setOutput('one-line', line)
      impl.saveState('pending-work', value)
      impl.saveState('is-post', 'true')
    })
    expect(ours.stdout).toBe(theirs.stdout)
    expect(parseCommandFile(ours.output)).toEqual(parseCommandFile(theirs.output))
    expect(parseCommandFile(ours.state)).toEqual(parseCommandFile(theirs.state))
    expect(parseCommandFile(ours.output)['one-line']).toBe(line)
    expect(ours.output).toContain(`multi-line<<ghadelimiter_<uuid>\n${value}\nghadelimiter_<uuid>\n`)
    expect(ours.output).toContain(
      `object=${JSON.stringify({ list: [1, 'two'], text: value })}\nnumber=42\nempty=\none-line=${line}\n`
    )
    expect(ours.state).toBe(`pending-work<<ghadelimiter_<uuid>\n${value}\nghadelimiter_<uuid>\nis-post=true\n`)
  })

  it('outputs and state as commands when the runner gives no files: names and values escaped the same', () => {
    const [name, output, state] = [`name:with,${randomString(3)}%`, awkward(), awkward()]
    const { ours, core: theirs } = both(false, (impl) => {
      impl.setOutput(name, output)
      impl.saveState('state,with:colon', state)
    })
    expect(ours).toEqual(theirs)
    expect(ours.stdout).toMatch(/^\n::set-output name=name%3Awith%2C\w{3}%25::/)
  })

  it('annotations, debug (with step debug logging on), masks, groups and failure: % \\r \\n escaped in their data', () => {
    const [message, secret] = [awkward(), `secret-${randomString(12)}`]
    process.env.RUNNER_DEBUG = '1'
    const { ours, core: theirs } = both(true, (impl) => {
      impl.setSecret(secret)
      impl.debug(message)
      impl.notice(message)
      impl.warning(message)
      impl.startGroup(`group ${message}`)
      impl.endGroup()
      impl.setFailed(message)
    })
    delete process.env.RUNNER_DEBUG
    expect(ours).toEqual(theirs)
    expect(ours.stdout).toContain('%25 done%0D%0AZürich — 東京 🚀%0Akey: a, b, c%0D')
    expect(ours.stdout).toContain('::debug::')
  })

  it("annotations on a file's line: title, file, line and column as core's properties, : and , escaped", () => {
    const message = awkward()
    const place = {
      title: `check ${randomString(4)}, a: b`,
      file: `ci/${randomString(5)},x:y/app.yml`,
      line: 1 + randomInt(5000),
      col: 1 + randomInt(200)
    }
    const run = (level: 'error' | 'warning' | 'notice'): { ours: string; core: string } => ({
      ours: capture(commands, 'ours', true, () => commands.annotate(level, message, place)).stdout,
      core: capture(commands, 'core', true, () =>
        core[level](message, { title: place.title, file: place.file, startLine: place.line, startColumn: place.col })
      ).stdout
    })
    for (const level of ['error', 'warning', 'notice'] as const) {
      const { ours, core: theirs } = run(level)
      expect(ours).toBe(theirs)
      expect(ours).toContain(`file=ci/${place.file.slice(3).replace(',', '%2C').replace(':', '%3A')}`)
    }
    // An error annotation does not fail the step.
    expect(process.exitCode).toBeUndefined()
  })

  it('debug lines only when step debug logging is on: the runner drops them otherwise', () => {
    const message = `debug ${randomString(12)}`
    for (const value of [undefined, '', '0', 'true']) {
      if (value === undefined) delete process.env.RUNNER_DEBUG
      else process.env.RUNNER_DEBUG = value
      expect(capture(commands, 'ours', true, (impl) => impl.debug(message)).stdout).toBe('')
    }
    process.env.RUNNER_DEBUG = '1'
    expect(capture(commands, 'ours', true, (impl) => impl.debug(message)).stdout).toBe(`::debug::${message}\n`)
    delete process.env.RUNNER_DEBUG
  })

  it('plain log text, with no command in it, is printed as is', () => {
    const text = `plain ${randomString(8)} — 🚀 50% of it: done`
    const { ours, core: theirs } = both(true, (impl) => impl.info(text))
    expect(ours).toEqual(theirs)
  })

  it('reads inputs and state from the same variables', () => {
    const value = `  ${randomString(10)} `
    process.env['INPUT_APP-SLUG'] = value
    process.env.STATE_probe = value
    try {
      expect(commands.getInput('app-slug')).toBe(core.getInput('app-slug'))
      expect(commands.getInput('app-slug', { trimWhitespace: false })).toBe(
        core.getInput('app-slug', { trimWhitespace: false })
      )
      expect(commands.getState('probe')).toBe(core.getState('probe'))
    } finally {
      delete process.env['INPUT_APP-SLUG']
      delete process.env.STATE_probe
    }
  })
})
