/**
 * Job summaries through dist/index.js against the emulator: the first line (mark, result, app,
 * workflow or pipeline name, duration, links to the build and the commit), the time and cost
 * outputs, a pipeline's Mermaid flow (with random hostile stage names that must stay text), the
 * size limit, the summary of a step refused before sending, several apps, the migration dry
 * run, a trigger held for approval, and the demo's reading of a summary.
 */
import { describe, expect, it } from '@jest/globals'
import { statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { summaryText } from '../../../scripts/demo.js'
import {
  emulatorPerFile,
  emulatorState,
  errorLine,
  expectFailed,
  expectPassed,
  requestLog,
  setConcurrency,
  step,
  workspace,
  type RunningEmulator
} from '../../helpers/scenarios/emulator-steps.js'

const CREDITS = 1 + randomInt(9)
const OWNER = `own${randomString(5).toLowerCase()}`
const REPO = `${OWNER}/repo-${randomString(5).toLowerCase()}`
const GITHUB = { GITHUB_REPOSITORY: REPO, GITHUB_SERVER_URL: 'https://github.com' }
const sha = (): string => randomString(40, '0123456789abcdef')

/** Stage names made of what could close a label, the fence or start a directive, a link or a tag. */
const HOSTILE = [
  '"',
  ']',
  ')',
  '[',
  '(',
  '<',
  '>',
  '`',
  '%%{',
  '}',
  '#',
  ';',
  '&',
  '|',
  'click ',
  'href ',
  'javascript:',
  '-->',
  '\\',
  '@',
  'www.',
  '```',
  ':::'
]
const hostileName = (): string =>
  Array.from({ length: 6 + randomInt(8) }, () =>
    randomInt(3) === 0 ? randomString(3) : HOSTILE[randomInt(HOSTILE.length)]
  ).join('')
const STAGES = [hostileName(), hostileName(), `ship-${randomString(4).toLowerCase()}`]
const PIPELINES = [
  'pipelines:',
  '  release:',
  '    stages:',
  `    - ${JSON.stringify(STAGES[0])}: { workflows: [primary] }`,
  `    - ${JSON.stringify(STAGES[1])}: { workflows: [primary-b] }`,
  `    - ${JSON.stringify(STAGES[2])}: { workflows: [deploy] }`,
  ''
].join('\n')

let emu: RunningEmulator
const seed = bundledSeed()
for (const app of seed.apps ?? []) {
  if (app.slug === 'ios-app') {
    app.service_yml = `${(app.service_yml ?? '').replace('workflows:\n', 'workflows:\n  primary-b:\n    steps: []\n')}\n${PIPELINES}`
    app.credits_per_minute = CREDITS
  }
  if (app.slug === 'api-server') app.build_outcome = 'failure'
}
emulatorPerFile((started) => (emu = started), { seed })

const ON_MAIN = { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main' }
const firstLine = (summary: string): string => summary.split('\n')[0]

describe('the first line of a summary', () => {
  it('a waited build: mark, result, app, workflow, duration, and links to the build and the commit; time and cost outputs', async () => {
    const commit = sha()
    const result = await step(
      emu,
      'trigger',
      { ...ON_MAIN, workflow: 'primary', 'commit-hash': commit, wait: 'true', 'stream-logs': 'false' },
      { env: GITHUB }
    )
    expectPassed(result)
    const build = (await emulatorState(emu)).builds.find(
      (b: { slug: string }) => b.slug === result.outputs['build-slug']
    )
    const ran = Math.round((Date.parse(build.finished_at) - Date.parse(build.started_on_worker_at)) / 1000)
    const queued = Math.round((Date.parse(build.started_on_worker_at) - Date.parse(build.triggered_at)) / 1000)
    expect(result.outputs['duration-seconds']).toBe(String(ran))
    expect(result.outputs['queue-seconds']).toBe(String(queued))
    expect(result.outputs['credit-cost']).toBe(String(build.credit_cost))
    expect(build.credit_cost).toBe(CREDITS)
    const number = result.outputs['build-number']
    expect(firstLine(result.files.summary)).toBe(
      `<h3>\u2705 Succeeded \u00b7 ios-app \u00b7 primary \u00b7 ${ran}s \u00b7 ${CREDITS} credit${CREDITS === 1 ? '' : 's'} \u00b7 <a href="${result.outputs['build-url']}">Build &#35;\u200d${number}</a> \u00b7 ` +
        `<a href="https://github.com/${REPO}/commit/${commit}">Commit ${commit.slice(0, 7)}</a></h3>`
    )
    // The details follow, folded.
    expect(result.files.summary).toContain('<details><summary>Details</summary>')
    expect(result.stdout).toContain(
      `Build ${result.outputs['build-slug']} ran ${ran === 1 ? '1 second' : `${ran} seconds`}`
    )
  })

  it('a failed build leads with a cross and "Failed"; an app without credits sets no credit-cost and the summary says nothing of credits', async () => {
    const result = await step(
      emu,
      'trigger',
      {
        'app-slug': 'api-server',
        'from-event': 'false',
        branch: 'main',
        'commit-hash': sha(),
        wait: 'true',
        'stream-logs': 'false'
      },
      { env: GITHUB }
    )
    expectFailed(result)
    expect(firstLine(result.files.summary)).toMatch(
      /^<h3>\u274c Failed \u00b7 api-server \u00b7 \S+ \u00b7 \d+s \u00b7 <a href="[^"]+">Build /
    )
    expect(result.outputs['duration-seconds']).toMatch(/^\d+$/)
    expect(result.outputs).not.toHaveProperty('credit-cost')
    expect(result.summary).not.toMatch(/credit/i)
  })

  it('a build stopped by its wait-timeout leads with "Timed out, aborted"', async () => {
    // With no free concurrency slot the build stays on hold past the wait-timeout.
    await setConcurrency(emu, 'ios-app', 0)
    const result = await step(
      emu,
      'trigger',
      { ...ON_MAIN, workflow: 'primary', wait: 'true', 'wait-timeout': '1s', 'stream-logs': 'false' },
      { env: GITHUB }
    )
    expectFailed(result)
    expect(firstLine(result.files.summary)).toMatch(
      /^<h3>\u23f1\ufe0f Timed out, aborted \u00b7 ios-app \u00b7 primary \u00b7 <a /
    )
  })

  it('a trigger held for approval leads with "Awaiting approval" and the commit', async () => {
    const commit = sha()
    const result = await step(
      emu,
      'trigger',
      {
        ...ON_MAIN,
        branch: 'feature',
        'commit-hash': commit,
        'pull-request-id': String(1 + randomInt(999)),
        'branch-dest': 'main'
      },
      { env: GITHUB }
    )
    expectPassed(result)
    expect(firstLine(result.files.summary)).toBe(
      `<h3>\u23f8\ufe0f Awaiting approval \u00b7 ios-app \u00b7 build request ${result.outputs['build-request-slug']} \u00b7 <a href="https://github.com/${REPO}/commit/${commit}">Commit ${commit.slice(0, 7)}</a></h3>`
    )
  })

  it('a step refused on its inputs writes what was wrong and that nothing was sent, and sends nothing', async () => {
    const bad = `${11 + randomInt(50)}m`
    const result = await step(emu, 'trigger', { ...ON_MAIN, wait: 'true', 'poll-interval': bad })
    expectFailed(result)
    expect(firstLine(result.files.summary)).toBe('<h3>\ud83d\udeab Nothing was sent \u00b7 trigger \u00b7 ios-app</h3>')
    expect(result.summary).toContain(`Input "poll-interval": "${bad}" is not a duration`)
    expect(await requestLog(emu)).toEqual([])
  })
})

/** The ```mermaid block of a summary, or undefined. */
function mermaidOf(summary: string): string | undefined {
  return /\n\n```mermaid\n([\s\S]*?)\n```\n\n/.exec(summary)?.[1]
}

/** A label's text with Mermaid's `#code;` entities decoded. */
const decodeLabel = (label: string): string =>
  label.replace(/#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))

describe('a failed job of a matrix of apps', () => {
  it('leads with its app: the failure of a trigger the service refused names the app beside the operation', async () => {
    const app = ['ios-app', 'web-app'][randomInt(2)]
    const workflow = `wf-${randomString(8).toLowerCase()}`
    const result = await step(emu, 'trigger', { 'app-slug': app, 'from-event': 'false', branch: 'main', workflow })
    expectFailed(result)
    expect(firstLine(result.files.summary)).toBe(`<h3>\u274c Failed \u00b7 trigger \u00b7 ${app}</h3>`)
  })
})

describe('a pipeline', () => {
  it('is titled by its name and drawn as a Mermaid flow of its stages, coloured by status, beside a table linking each build; hostile names stay text', async () => {
    const result = await step(
      emu,
      'trigger',
      { ...ON_MAIN, pipeline: 'release', 'commit-hash': sha(), wait: 'true' },
      { env: GITHUB }
    )
    expectPassed(result)
    const id = result.outputs['pipeline-id']
    const head = firstLine(result.files.summary)
    expect(head).toMatch(
      /^<h3>\u2705 Succeeded \u00b7 ios-app \u00b7 pipeline release \u00b7 \d+s \u00b7 \d+ credits? \u00b7 <a href="[^"]+">Open the pipeline<\/a> \u00b7 <a href="https:\/\/github.com\//
    )
    expect(head.replace(/<[^>]+>/g, '')).not.toContain(id)
    const flow = mermaidOf(result.files.summary)
    expect(flow).toBeDefined()
    // Every line is one the action writes, and every label holds only letters, digits and entities.
    const label = '"[A-Za-z0-9 .,_#;-]*"'
    const grammar = new RegExp(
      `^(flowchart LR|  p0\\[${label}\\]:::\\w+|  subgraph s\\d+ \\[${label}\\]|    direction TB|    w\\d+\\[${label}\\]:::(succeeded|failed|aborted|running|waiting)|  end|  (p0|s\\d+) --> s\\d+|  style s\\d+ [\\w:#,]+|  classDef \\w+ [\\w:#,]+)$`
    )
    for (const line of flow!.split('\n')) expect(line).toMatch(grammar)
    const titles = [...flow!.matchAll(/subgraph s\d+ \["([^"]*)"\]/g)].map((m) => decodeLabel(m[1]))
    expect(titles).toEqual(STAGES)
    const nodes = [...flow!.matchAll(/w\d+\["([^"]*)"\]:::(\w+)/g)].map((m) => [decodeLabel(m[1]).split(':')[0], m[2]])
    expect(nodes).toEqual([
      ['primary', 'succeeded'],
      ['primary-b', 'succeeded'],
      ['deploy', 'succeeded']
    ])
    expect(flow).toContain(`${CREDITS} credit`)
    // The builds are linked in the table beside it (GitHub's Mermaid opens no links).
    const workflows = JSON.parse(result.outputs.builds) as Array<{ 'build-slug': string; 'duration-seconds'?: number }>
    const origin = new URL(result.outputs['pipeline-url']).origin
    for (const w of workflows) {
      expect(result.files.summary).toContain(`<a href="${origin}/build/${w['build-slug']}">${w['build-slug']}</a>`)
      expect(w['duration-seconds']).toEqual(expect.any(Number))
    }
    expect(result.outputs['duration-seconds']).toMatch(/^\d+$/)
    expect(result.outputs['credit-cost']).toBe(String(3 * CREDITS))
    expect(result.summary).toContain('Pipeline id')
    expect(result.summary).not.toContain('Open the build')
  })

  it('stays within GitHub\u2019s size limit when the summary file is nearly full, never leaving a fence open', async () => {
    const dir = workspace()
    const file = join(dir, 'summary.md')
    const room = 200 + randomInt(1500)
    writeFileSync(file, `<p>${'x'.repeat(1_000_000 - room - 8)}</p>\n`)
    const result = await step(
      emu,
      'trigger',
      { ...ON_MAIN, pipeline: 'release', wait: 'true' },
      { env: { ...GITHUB, GITHUB_STEP_SUMMARY: file } }
    )
    expectPassed(result)
    expect(statSync(file).size).toBeLessThanOrEqual(1_000_000)
    const { readFileSync } = await import('node:fs')
    const text = readFileSync(file, 'utf8')
    expect((text.match(/```/g) ?? []).length % 2).toBe(0)
    expect(text).toContain('The summary was cut here')
  })
})

describe('several apps', () => {
  it('link each build and give its duration; the log says when each finished; builds carries time and cost', async () => {
    const result = await step(
      emu,
      'trigger',
      { 'app-slug': 'ios-app,web-app', 'from-event': 'false', branch: 'main', workflow: 'primary', wait: 'true' },
      { env: GITHUB }
    )
    expectPassed(result)
    expect(firstLine(result.files.summary)).toMatch(
      /^<h3>\u2705 All 2 succeeded \u00b7 2 app&#40;s&#41; \u00b7 \d+s<\/h3>$/
    )
    const builds = JSON.parse(result.outputs.builds) as Array<Record<string, string | number>>
    for (const b of builds) {
      expect(result.files.summary).toContain(
        `<a href="${b['build-url']}">&#35;\u200d${b['build-number']} ${b['build-slug']}</a>`
      )
      expect(b['duration-seconds']).toEqual(expect.any(Number))
      expect(b['queue-seconds']).toEqual(expect.any(Number))
      expect(result.stdout).toContain(`${b['app-slug']}: build ${b['build-slug']} finished: success (ran `)
    }
    expect(builds.find((b) => b['app-slug'] === 'ios-app')?.['credit-cost']).toBe(CREDITS)
    expect(builds.find((b) => b['app-slug'] === 'web-app')).not.toHaveProperty('credit-cost')
  })
})

describe('the migration dry run', () => {
  it('counts the apps that would change and those unchanged, and ends with its caveat as a note', async () => {
    const result = await step(emu, 'migrate-machine-types', {
      'org-slug': 'acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': 'g2-m2.4core',
      'dry-run': 'true'
    })
    expectPassed(result)
    const changed = JSON.parse(result.outputs['migrated-apps']).length
    const unchanged = Number(result.outputs['checked-count']) - changed
    expect(firstLine(result.files.summary)).toBe(
      `<h3>\u2139\ufe0f Dry run: ${changed} would change, ${unchanged} unchanged \u00b7 Workspace acme \u00b7 g2-m1.4core \u2192 g2-m2.4core</h3>`
    )
    const lines = result.files.summary.trim().split('\n')
    expect(lines[lines.length - 1]).toMatch(/^<p><b>Note:<\/b> The dry run read /)
  })
})

describe('the demo', () => {
  it('reads a summary as text a person reads: no character references, no invisible joiners', async () => {
    const result = await step(
      emu,
      'trigger',
      { ...ON_MAIN, workflow: 'primary', wait: 'true', 'stream-logs': 'false' },
      { env: GITHUB }
    )
    expect(errorLine(result)).toBe('')
    expect(result.files.summary).toContain('&#40;seconds&#41;')
    const text = summaryText(result.files.summary).join('\n')
    expect(text).toMatch(/Ran \(seconds\) \| \d+/)
    expect(text).toContain(`Build #${result.outputs['build-number']} (${result.outputs['build-url']})`)
    expect(text).not.toMatch(/&#?\w+;|\u200d/)
  })
})

describe('a step refused while reading a secret input', () => {
  it('names the operation and keeps the secret out of the summary', async () => {
    const secret = `s3-${randomString(24)}`
    const name = `${randomInt(10)}BAD_${randomString(4)}`
    const result = await step(emu, 'trigger', {
      ...ON_MAIN,
      'secret-environments': `- mapped_to: "${name}"\n  value: ${secret}`
    })
    expectFailed(result)
    expect(firstLine(result.files.summary)).toBe('<h3>\ud83d\udeab Nothing was sent \u00b7 trigger \u00b7 ios-app</h3>')
    expect(result.summary).toContain('Input "secret-environments"')
    expect(result.files.summary).not.toContain(secret)
    expect(await requestLog(emu)).toEqual([])
  })
})
