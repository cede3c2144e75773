/**
 * The bytes of a trigger's body: for random draws of the build parameter inputs, alone or over a
 * GitHub event, the JSON the service receives is exactly the JSON written here by hand from the
 * same draws, key order included. The parameters the action holds in its own words are mapped to
 * the service's at src/api/; this pins that the mapping sends what was always sent, field for
 * field and in the order the action has always written them: the event's fields first, in the
 * event's order (a field the inputs also give keeps its place, with the input's value), then the
 * inputs' own, in the order of PARAM_INPUTS.
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices } from '../../helpers/fake-service.js'
import { runAction, type RunOptions } from '../../helpers/run-action.js'
import { random, randomInt, randomSlug, randomString } from '../../helpers/random.js'
import * as events from '../../fixtures/events/events.js'
import { TOKEN } from '../../helpers/secrets.js'

const TRIGGERED = {
  status: 201,
  body: { status: 'ok', results: [{ build_slug: 'build-abc', build_number: 7, triggered_workflow: 'primary' }] }
}

type Value = string | number | boolean | Array<Record<string, unknown>>
/** One input drawn: its text, and the service's field with the value the service is sent. */
type Draw = { input: string; text: string; field: string; value?: Value }

const hex = (length: number): string => randomString(length, '0123456789abcdef')
const name = (prefix: string): string => `${prefix}_${randomString(6).toUpperCase()}`

/** Variables as NAME=value lines, or (now and then) the JSON list form with is_expand false. */
function variables(prefix: string, secret: boolean): { text: string; items: Array<[string, string, boolean]> } {
  const count = 1 + randomInt(3)
  const items: Array<[string, string, boolean]> = []
  for (let i = 0; i < count; i++) items.push([name(`${prefix}${i}`), randomString(8 + randomInt(20)), true])
  if (secret || random() < 0.5) return { text: items.map(([key, value]) => `${key}=${value}`).join('\n'), items }
  const listed = items.map(([key, value]) => [key, value, false] as [string, string, boolean])
  const text = JSON.stringify(listed.map(([key, value]) => ({ mapped_to: key, value, is_expand: false })))
  return { text, items: listed }
}

/** A commit message with what JSON escapes: quotes, a backslash, a line break, characters beyond ASCII. */
const message = (): string =>
  `${randomString(10)} "${randomString(4)}" \\ ${randomString(3)}\n\u00e9\u2713 ${randomString(6)}`

/**
 * Each build parameter input in the order the action writes the fields it gives: a draw of a
 * valid value, or undefined to leave the input unset.
 */
const PARAM_INPUTS: Array<() => Draw | undefined> = [
  () => ({ input: 'workflow', text: randomSlug('wf-'), field: 'workflow_id' }),
  () => undefined, // pipeline: drawn instead of workflow below, as the two exclude each other
  () => ({ input: 'branch', text: `feature/${randomSlug()}`, field: 'branch' }),
  () => ({ input: 'tag', text: `v${randomInt(1, 9)}.${randomInt(100)}.${randomInt(100)}`, field: 'tag' }),
  () => ({ input: 'commit-hash', text: hex(40), field: 'commit_hash' }),
  () => ({ input: 'commit-message', text: message(), field: 'commit_message' }),
  () => ({ input: 'branch-dest', text: randomSlug('base-'), field: 'branch_dest' }),
  () => ({ input: 'branch-repo-owner', text: randomSlug('owner-'), field: 'branch_repo_owner' }),
  () => ({ input: 'branch-dest-repo-owner', text: randomSlug('owner-'), field: 'branch_dest_repo_owner' }),
  () => {
    const id = randomInt(1, 100_000)
    return { input: 'pull-request-id', text: String(id), field: 'pull_request_id', value: id }
  },
  () => ({
    input: 'pull-request-merge-branch',
    text: `pull/${randomInt(1, 999)}/merge`,
    field: 'pull_request_merge_branch'
  }),
  () => ({
    input: 'pull-request-head-branch',
    text: `pull/${randomInt(1, 999)}/head`,
    field: 'pull_request_head_branch'
  }),
  () => ({
    input: 'pull-request-repository-url',
    text: `https://github.com/${randomSlug('o')}/${randomSlug('r')}.git`,
    field: 'pull_request_repository_url'
  }),
  () => ({ input: 'skip-git-status-report', text: 'true', field: 'skip_git_status_report', value: true })
]

/** The environments field: environments, then secret-environments, each item as the service takes it. */
function environmentDraws(): { inputs: Record<string, string>; items: Array<Record<string, unknown>> } {
  const inputs: Record<string, string> = {}
  const items: Array<Record<string, unknown>> = []
  for (const [input, prefix, secret] of [
    ['environments', 'ENV', false],
    ['secret-environments', 'SEC', true]
  ] as const) {
    if (random() < 0.5) continue
    const drawn = variables(prefix, secret)
    inputs[input] = drawn.text
    for (const [key, value, isExpand] of drawn.items) items.push({ mapped_to: key, key, value, is_expand: isExpand })
  }
  return { inputs, items }
}

/** The per-build overrides, in the order the action writes them. */
function overrideDraws(): Draw[] {
  const priority = randomInt(-100, 101)
  const draws: Array<Draw | undefined> = [
    random() < 0.5 ? { input: 'priority', text: String(priority), field: 'priority', value: priority } : undefined,
    random() < 0.5
      ? { input: 'stack', text: `osx-xcode-${randomInt(14, 17)}.${randomInt(4)}.x`, field: 'stack' }
      : undefined,
    random() < 0.5
      ? { input: 'machine-type', text: `g2-m1.${randomInt(2, 13)}core`, field: 'machine_type_id' }
      : undefined
  ]
  const secrets = random() < 0.5 ? variables('BUILD', true) : undefined
  if (secrets)
    draws.push({
      input: 'build-secrets',
      text: secrets.text,
      field: 'secrets',
      value: secrets.items.map(([key, value, isExpand]) => ({ key, value, is_expand: isExpand }))
    })
  return draws.filter((draw): draw is Draw => draw !== undefined)
}

/** A random set of the trigger's parameter inputs, and the service's fields they give, in the action's order. */
function drawInputs(needsTarget: boolean): { inputs: Record<string, string>; fields: Array<[string, Value]> } {
  const draws: Draw[] = []
  for (const [index, draw] of PARAM_INPUTS.entries()) {
    if (random() < 0.5) continue
    const drawn = index === 1 ? undefined : draw()
    if (drawn) draws.push(drawn)
  }
  // pipeline takes workflow's place now and then (its field comes right after workflow_id's).
  if (random() < 0.25 && !draws.some((draw) => draw.input === 'workflow'))
    draws.unshift({ input: 'pipeline', text: randomSlug('pl-'), field: 'pipeline_id' })
  if (
    needsTarget &&
    !draws.some((draw) => ['workflow', 'pipeline', 'branch', 'tag', 'commit-hash'].includes(draw.input))
  )
    draws.unshift({ input: 'workflow', text: randomSlug('wf-'), field: 'workflow_id' })
  const environments = environmentDraws()
  const overrides = overrideDraws()
  const inputs = Object.fromEntries([...draws, ...overrides].map((draw) => [draw.input, draw.text]))
  const field = (draw: Draw): [string, Value] => [draw.field, draw.value ?? draw.text]
  const fields = draws.map(field)
  if (environments.items.length > 0) fields.push(['environments', environments.items])
  fields.push(...overrides.map(field))
  return { inputs: { ...inputs, ...environments.inputs }, fields }
}

/** The event's fields as the action has always written them (undefined: a field it holds without a value). */
const PUSH_FIELDS: Array<[string, Value | undefined]> = [
  ['branch', 'master'],
  ['commit_hash', '6113728f27ae82c7b1a177c8d03f9e96e0adf246'],
  ['commit_message', 'Initial commit'],
  ['branch_repo_owner', 'Codertocat'],
  ['branch_dest_repo_owner', 'Codertocat']
]
const PULL_REQUEST_FIELDS: Array<[string, Value | undefined]> = [
  ['branch', 'changes'],
  ['commit_hash', events.OPENED_PULL_REQUEST_PARAMS.commit_hash],
  ['commit_message', events.OPENED_PULL_REQUEST_PARAMS.commit_message],
  ['branch_dest', 'master'],
  ['pull_request_id', 2],
  ['pull_request_head_branch', 'pull/2/head'],
  // The fixture's pull request has no mergeability yet: the field is held, without a value.
  ['pull_request_merge_branch', undefined],
  ['pull_request_repository_url', 'https://github.com/Codertocat/Hello-World.git'],
  ['branch_repo_owner', 'Codertocat'],
  ['branch_dest_repo_owner', 'Codertocat']
]

/** The body's text: the event's fields with the inputs' values over them, then the inputs' other fields. */
function expectedBody(eventFields: Array<[string, Value | undefined]>, fields: Array<[string, Value]>): string {
  const params: Record<string, Value | undefined> = Object.fromEntries(eventFields)
  for (const [field, value] of fields) params[field] = value
  return JSON.stringify({ hook_info: { type: 'service' }, build_params: params })
}

const serve = fakeServices()

async function sentBody(inputs: Record<string, string>, options: RunOptions): Promise<string> {
  const service = await serve({ 'POST /apps/app-1/builds': TRIGGERED })
  const result = await runAction(
    { operation: 'trigger', token: TOKEN, 'base-url': service.url, 'app-slug': 'app-1', ...inputs },
    options
  )
  expect(`exit ${result.code}: ${result.code === 0 ? '' : result.stdout.slice(-600)}`).toBe('exit 0: ')
  const sent = service.calls('POST /apps/app-1/builds')
  expect(sent).toHaveLength(1)
  return sent[0].rawBody
}

describe('the trigger body, byte for byte, for random parameter inputs', () => {
  const scenarios: Array<[string, RunOptions, Array<[string, Value | undefined]>]> = [
    ['no event', {}, []],
    ['over a branch push', { event: { name: 'push', payload: events.pushBranch() } }, PUSH_FIELDS],
    [
      'over a pull request',
      { event: { name: 'pull_request', payload: events.pullRequestOpened() } },
      PULL_REQUEST_FIELDS
    ]
  ]

  it.each(scenarios)(
    '%s',
    async (_name, options, eventFields) => {
      for (let draw = 0; draw < 4; draw++) {
        const { inputs, fields } = drawInputs(eventFields.length === 0)
        expect(await sentBody(inputs, options)).toBe(expectedBody(eventFields, fields))
      }
    },
    120_000
  )
})
