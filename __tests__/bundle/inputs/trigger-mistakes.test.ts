/**
 * Trigger mistakes that used to pass without a word, through dist/index.js against the emulator:
 * a comma list in environments, a list item without a value, and another matcher's glob syntax
 * in app-paths (trigger-holds.test.ts has the triggers the service would hold or refuse). Each
 * refusal is checked in the emulator's request log: nothing was sent.
 */
import { describe, expect, it } from '@jest/globals'
import * as events from '../../fixtures/events/events.js'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  clearRequestLog,
  emulatorState,
  errorLine,
  expectPassed,
  SAME_REPOSITORY,
  step
} from '../../helpers/scenarios/emulator-steps.js'
import {
  ON_BRANCH,
  commaValue,
  emu,
  expectNothingSent,
  randomName,
  useTriggerMistakeEmulator
} from '../../helpers/subjects/trigger-mistakes.js'

useTriggerMistakeEmulator()
const serve = fakeServices()

describe('environments', () => {
  it('A=1,B=2 on one line is refused, naming the variable and the name after the comma; nothing is sent', async () => {
    const [first, second] = [randomName(), `${randomName()}x`]
    const line = `${first}=${commaValue()},${[' ', ''][randomInt(2)]}${second}=${commaValue()}`
    await clearRequestLog(emu)
    const result = await step(emu, 'trigger', { ...ON_BRANCH, environments: line })
    await expectNothingSent(result)
    expect(errorLine(result)).toContain(
      `Input "environments": line 1: the value of ${first} holds a comma followed by "${second}="`
    )
    expect(errorLine(result)).toContain('Put each variable on a line of its own')
  })

  it('a value that holds commas but no NAME= after them is still sent whole, as one variable', async () => {
    const name = randomName()
    const value = commaValue()
    const result = await step(emu, 'trigger', { ...ON_BRANCH, environments: `${name}=${value}` })
    expectPassed(result)
    const [build] = (await emulatorState(emu)).builds
    expect(build.additional_envs.map((e: { name: string }) => e.name)).toEqual([name])
  })

  it('the same text in the list form is sent as the one value it spells', async () => {
    const [first, second] = [randomName(), `${randomName()}y`]
    const value = `${randomString(8)},${second}=${randomString(8)}`
    const result = await step(emu, 'trigger', {
      ...ON_BRANCH,
      environments: `- {mapped_to: ${first}, value: "${value}"}`
    })
    expectPassed(result)
    const [build] = (await emulatorState(emu)).builds
    expect(build.additional_envs.map((e: { name: string }) => e.name)).toEqual([first])
  })

  it('secret-environments: refused too, and neither the value nor the name-like text inside it is shown', async () => {
    const [first, second] = [randomName(), `${randomName()}z`]
    const before = randomString(14 + randomInt(6))
    const after = randomString(14 + randomInt(6))
    await clearRequestLog(emu)
    const result = await step(emu, 'trigger', {
      ...ON_BRANCH,
      'secret-environments': `${first}=${before},${second}=${after}`
    })
    await expectNothingSent(result)
    expect(errorLine(result)).toContain(
      `Input "secret-environments": line 1: the value holds a comma followed by NAME=`
    )
    // The runner's ::add-mask:: lines name what is masked; nothing else may show either name.
    const shown =
      result.stdout
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'))
        .join('\n') +
      result.stderr +
      result.summary
    for (const name of [first, second]) expect(shown).not.toContain(name)
    expectNoSecrets(result, [before, after, `${before},${second}=${after}`])
  })

  it.each([
    ['no value field', (name: string) => `- mapped_to: ${name}`],
    ['an empty value field (YAML null)', (name: string) => `- mapped_to: ${name}\n  value:`],
    ['value: null in JSON', (name: string) => `[{"mapped_to": "${name}", "value": null}]`]
  ])('a list item with %s is refused instead of being sent as ""', async (_, text) => {
    const others = Array.from(
      { length: randomInt(3) },
      () => `- {mapped_to: ${randomName()}q, value: "${randomString(6)}"}`
    )
    const at = randomInt(others.length + 1)
    const name = randomName()
    const item = text(name)
    const list = item.startsWith('[') ? item : [...others.slice(0, at), item, ...others.slice(at)].join('\n')
    await clearRequestLog(emu)
    const result = await step(emu, 'trigger', {
      ...ON_BRANCH,
      [['environments', 'secret-environments'][randomInt(2)]]: list
    })
    await expectNothingSent(result)
    expect(errorLine(result)).toMatch(
      new RegExp(`item \\d+ \\(${name}\\) has no value; give one, or value: "" for an empty variable`)
    )
  })

  it('value: "" stays an empty variable, as before', async () => {
    const name = randomName()
    const result = await step(emu, 'trigger', { ...ON_BRANCH, environments: `- mapped_to: ${name}\n  value: ""` })
    expectPassed(result)
    expect((await emulatorState(emu)).builds[0].additional_envs.map((e: { name: string }) => e.name)).toEqual([name])
  })
})

describe('app-paths with glob syntax the matcher does not implement', () => {
  /** Another matcher's syntax meant to match `segment`, and a name for it. */
  const SYNTAX: Array<[string, (segment: string) => { piece: string; what: string }]> = [
    ['{a,b}', (segment) => ({ piece: `{${segment},${randomString(5).toLowerCase()}}`, what: '{…,…} (alternatives)' })],
    ['{1..3}', (segment) => ({ piece: `${segment}{1..${2 + randomInt(8)}}`, what: '{…,…} (alternatives)' })],
    [
      '[…]',
      (segment) => ({
        piece: `${segment.slice(0, -1)}[${segment.slice(-1)}${randomString(2).toLowerCase()}]`,
        what: '[…] (a set of characters)'
      })
    ],
    [
      '[!…]',
      (segment) => ({
        piece: `${segment.slice(0, -1)}[!${randomString(2).toLowerCase()}]`,
        what: '[…] (a set of characters)'
      })
    ],
    ['!(…)', (segment) => ({ piece: `!(${segment}x)`, what: '!(…) (negation)' })]
  ]

  it.each(SYNTAX)(
    '%s at a random place: refused, naming the syntax, the glob and the app; nothing is sent',
    async (_, make) => {
      const segments = Array.from({ length: 2 + randomInt(3) }, () => randomString(3 + randomInt(5)).toLowerCase())
      const at = randomInt(segments.length)
      const { piece, what } = make(segments[at])
      const glob = [...segments.slice(0, at), piece, ...segments.slice(at + 1), '**'].join('/')
      const changed = `${segments.join('/')}/${randomString(6)}.ts`
      const repo = `acme/${randomString(10).toLowerCase()}`
      const payload = events.sameRepositoryPullRequest()
      const number = (payload.pull_request as { number: number }).number
      const github = await serve({ [`GET /repos/${repo}/pulls/${number}/files`]: { body: [{ filename: changed }] } })
      const paths = JSON.stringify({ 'web-app': ['docs/**'], 'ios-app': [`${randomSlug()}/**`, glob] })
      await clearRequestLog(emu)
      const result = await step(
        emu,
        'trigger',
        { 'app-paths': paths, 'github-token': `ghs_${randomString(36)}`, workflow: 'primary', ...SAME_REPOSITORY },
        { event: { name: 'pull_request', payload }, env: { GITHUB_API_URL: github.origin, GITHUB_REPOSITORY: repo } }
      )
      await expectNothingSent(result)
      expect(errorLine(result)).toContain(
        `Input "app-paths": the glob ${JSON.stringify(glob)} of "ios-app" uses ${what}, ${JSON.stringify(piece.startsWith('!(') ? piece : piece.slice(piece.search(/[[{]/)))}`
      )
      expect(errorLine(result)).toContain("which this action's matcher does not implement")
      expect(github.calls(`GET /repos/${repo}/pulls/${number}/files`)).toEqual([])
    }
  )

  it('a leading ! (negation) is refused', async () => {
    const glob = `!${randomString(6).toLowerCase()}/**`
    await clearRequestLog(emu)
    const result = await step(emu, 'trigger', {
      'app-paths': JSON.stringify({ 'ios-app': ['**', glob] }),
      workflow: 'primary',
      'from-event': 'false',
      branch: 'main',
      ...SAME_REPOSITORY
    })
    await expectNothingSent(result)
    expect(errorLine(result)).toContain(`the glob ${JSON.stringify(glob)} of "ios-app" uses a leading ! (negation)`)
  })

  it('an escaped bracket matches the bracket itself, and the app builds', async () => {
    const name = randomString(5).toLowerCase()
    const repo = `acme/${randomString(10).toLowerCase()}`
    const payload = events.sameRepositoryPullRequest()
    const number = (payload.pull_request as { number: number }).number
    const github = await serve({
      [`GET /repos/${repo}/pulls/${number}/files`]: { body: [{ filename: `web/[${name}]/page.tsx` }] }
    })
    const result = await step(
      emu,
      'trigger',
      {
        'app-paths': JSON.stringify({ 'web-app': [`web/\\[${name}\\]/**`], 'ios-app': ['ios/**'] }),
        'github-token': `ghs_${randomString(36)}`,
        workflow: 'primary',
        ...SAME_REPOSITORY
      },
      { event: { name: 'pull_request', payload }, env: { GITHUB_API_URL: github.origin, GITHUB_REPOSITORY: repo } }
    )
    expectPassed(result)
    expect(JSON.parse(result.outputs.builds).map((b: { 'app-slug': string }) => b['app-slug'])).toEqual(['web-app'])
  })
})
