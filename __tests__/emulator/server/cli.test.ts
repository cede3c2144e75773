import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from '../../../emulator/args.js'
import { EMULATOR_BUNDLE as BUNDLE } from '../../helpers/bundle.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const LISTENING = /^service emulator listening on (http:\/\/127\.0\.0\.1:(\d+)\/v0\.1)$/m

let dir: string
beforeAll(() => {
  dir = tempDir('emulator-cli-')
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** Starts the bundle and resolves with the first line it prints (and the first `count` lines). */
function launch(
  args: string[],
  count = 1
): Promise<{ child: ChildProcessWithoutNullStreams; line: string; lines: string[] }> {
  const child = spawn(process.execPath, [BUNDLE, ...args])
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stdout.on('data', (data: Buffer) => {
      out += data.toString()
      const lines = out.split('\n')
      if (lines.length > count) resolve({ child, line: lines[0], lines: lines.slice(0, count) })
    })
    child.stderr.on('data', (data: Buffer) => (err += data.toString()))
    child.on('exit', (code) => reject(new Error(`emulator exited with ${code}: ${err}`)))
  })
}

function exitWithin(child: ChildProcessWithoutNullStreams, ms: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`still running ${ms} ms after the signal`))
    }, ms)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code)
    })
  })
}

describe('the bundled command line', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints its port with --port 0 and stops on %s within a second',
    async (signal) => {
      const { child, line } = await launch(['--port', '0', '--build-duration-ms', '100'])
      const match = LISTENING.exec(line)
      expect(match).not.toBeNull()
      const [, url, port] = match!
      expect(Number(port)).toBeGreaterThan(0)
      // A keep-alive request leaves an idle socket open; the server must still stop at once.
      const res = await fetch(`${url}/apps/ios-app`, { headers: { authorization: 'token-olivia-owner' } })
      expect(((await res.json()) as { data: { slug: string } }).data.slug).toBe('ios-app')
      const exited = exitWithin(child, 1000)
      child.kill(signal)
      expect(await exited).toBe(0)
    }
  )

  it('loads a YAML seed and enables faults when told', async () => {
    const seedFile = join(dir, 'seed.yml')
    writeFileSync(
      seedFile,
      [
        'users:',
        '  - { slug: ann, name: Ann }',
        'tokens:',
        '  ann-token: ann',
        'apps:',
        '  - slug: solo',
        '    owner: { account_type: user, slug: ann }',
        '    service_yml: "workflows: {primary: {}}"',
        ''
      ].join('\n')
    )
    const { child, line } = await launch(['--port', '0', '--seed', seedFile, '--enable-faults'])
    try {
      const url = LISTENING.exec(line)![1]
      const apps = await fetch(`${url}/apps`, { headers: { authorization: 'ann-token' } })
      expect(((await apps.json()) as { data: Array<{ slug: string }> }).data.map((a) => a.slug)).toEqual(['solo'])
      const origin = url.replace(/\/v0\.1$/, '')
      const fault = await fetch(`${origin}/_emulator/faults`, {
        method: 'POST',
        body: JSON.stringify({ path: '/apps', action: 'status', status: 500 })
      })
      expect(fault.status).toBe(201)
      expect((await fetch(`${url}/apps`, { headers: { authorization: 'ann-token' } })).status).toBe(500)
    } finally {
      const exited = exitWithin(child, 1000)
      child.kill('SIGTERM')
      await exited
    }
  })
})

describe('the bundled command line: the control token', () => {
  it('prints no control token on loopback and keeps the control endpoints open', async () => {
    const { child, line } = await launch(['--port', '0'])
    try {
      const origin = LISTENING.exec(line)![1].replace(/\/v0\.1$/, '')
      expect((await fetch(`${origin}/_emulator/state`)).status).toBe(200)
    } finally {
      const exited = exitWithin(child, 1000)
      child.kill('SIGTERM')
      await exited
    }
  })

  it('with --require-control-token prints a random token once and the control endpoints need it', async () => {
    const first = await launch(['--port', '0', '--require-control-token'], 2)
    const second = await launch(['--port', '0', '--require-control-token'], 2)
    try {
      const tokens = [first, second].map(({ lines }) => {
        const match = /^control endpoints need the header x-emulator-control-token: ([A-Za-z0-9_-]{32})$/.exec(lines[1])
        expect(match).not.toBeNull()
        return match![1]
      })
      expect(tokens[0]).not.toBe(tokens[1])
      const origin = LISTENING.exec(first.line)![1].replace(/\/v0\.1$/, '')
      expect((await fetch(`${origin}/_emulator/state`)).status).toBe(401)
      expect(
        (await fetch(`${origin}/_emulator/state`, { headers: { 'x-emulator-control-token': tokens[1] } })).status
      ).toBe(401)
      const state = await fetch(`${origin}/_emulator/state`, { headers: { 'x-emulator-control-token': tokens[0] } })
      expect(state.status).toBe(200)
      expect(await state.text()).not.toContain(tokens[0])
    } finally {
      for (const { child } of [first, second]) {
        const exited = exitWithin(child, 1000)
        child.kill('SIGTERM')
        await exited
      }
    }
  })

  it('exits with status 2 and a message on a bad option', async () => {
    const child = spawn(process.execPath, [BUNDLE, '--port', 'abc'])
    let err = ''
    child.stderr.on('data', (data: Buffer) => (err += data.toString()))
    const code = await new Promise((resolve) => child.on('exit', resolve))
    expect(code).toBe(2)
    expect(err).toMatch(/--port needs a non-negative integer/)
  })
})

describe('parseArgs', () => {
  it.each([
    [['--port', '0'], { port: 0 }],
    [['--port=8080', '--host', '0.0.0.0'], { port: 8080, host: '0.0.0.0' }],
    [
      ['--seed', 'x.yml', '--build-duration-ms', '150', '--log-delay-ms=0', '--enable-faults'],
      { seedFile: 'x.yml', buildDurationMs: 150, logDelayMs: 0, enableFaults: true }
    ],
    [['--require-control-token'], { requireControlToken: true }],
    [['--log-archive-delay-ms', '2500'], { logArchiveDelayMs: 2500 }],
    [[], {}]
  ])('reads %j', (argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected)
  })

  it.each([
    [['--port', '70000'], /at most 65535/],
    [['--build-duration-ms', '-5'], /non-negative integer/],
    [['--log-archive-delay-ms=soon'], /--log-archive-delay-ms needs a non-negative integer/],
    [['--seed'], /--seed needs a file path/],
    [['--verbose'], /unknown option --verbose/]
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message)
  })

  it('answers help', () => {
    expect(parseArgs(['--help'])).toBe('help')
  })
})
