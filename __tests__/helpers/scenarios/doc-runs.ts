/**
 * Runs a workflow of the documentation the way the runner would, as far as this project's actions
 * go: job after job in the order `needs` gives, each step of this project's actions (the root
 * action or a sub-action, through its own entry) with its action.yml's defaults and its `with:`
 * evaluated against the event the workflow answers (doc-events.ts), earlier steps' and jobs'
 * outputs, `vars` and `secrets`, in a workspace per job. Steps of other actions and `run:` steps
 * talk to no service and are passed over; what the documentation leaves to the reader is filled
 * in (doc-fills.ts); `base-url` is the emulator's, and a waiting step polls every 0.1 s.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { forkPullRequest } from '../../fixtures/events/events.js'
import { ACTION_BUNDLE, BUNDLE_FOLDER, runAction, type RunResult } from '../run-action.js'
import { randomString } from '../random.js'
import { expectNoSecrets } from '../secrets.js'
import { type DocBlock, jobsOfBlock, ourAction } from '../../workflows/doc-blocks.js'
import { evaluate, isMapping, type Mapping, stepsOf } from '../../workflows/workflow-files.js'
import { eventFor, type DocEvent } from './doc-events.js'
import { checkOut, secretsFor, seedValue, startWhatTheBlockReads, VARS } from './doc-fills.js'
import { TOKENS, type RunningEmulator, workspace } from './emulator-steps.js'

/** One step of this project's actions that ran, and how. */
export interface DocStepRun {
  job: string
  step: string
  inputs: Record<string, string>
  result: RunResult
}

export interface DocRun {
  event: DocEvent
  ran: DocStepRun[]
  /** The jobs and steps of this project's actions that did not run, each with why. */
  skipped: string[]
}

/** The action.yml a step of ours runs, and the file the runner starts for it. */
function actionOf(folder: string): { metadata: Mapping; bundle: string } {
  const metadata = load(readFileSync(join(folder, 'action.yml'), 'utf8')) as Mapping
  if (folder === '') return { metadata, bundle: ACTION_BUNDLE }
  const main = String((metadata.runs as Mapping).main).replace(/^\.\.\/dist\//, `../${BUNDLE_FOLDER}/`)
  return { metadata, bundle: `${process.cwd()}/${folder}/${main}` }
}

/** A `with:` value or an `if:` condition, evaluated; a value without `${{ }}` is taken as written. */
function resolve(value: unknown, context: Mapping): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) => {
    const result = evaluate(expression, context)
    return result === null ? '' : String(result)
  })
}

function condition(value: unknown, context: Mapping): boolean {
  if (value === undefined) return context.$failed !== true
  const expression = String(value).replace(/^\s*\$\{\{([\s\S]*)\}\}\s*$/, '$1')
  const result = evaluate(
    /\b(always|success|failure|cancelled)\(\)/.test(expression) ? expression : `success() && (${expression})`,
    context
  )
  return result !== null && result !== false && result !== 0 && result !== ''
}

/** The inputs one step of ours gets: its action's defaults, its `with:`, and what the test fills in. */
function inputsOf(step: Mapping, metadata: Mapping, context: Mapping, emu: RunningEmulator): Record<string, string> {
  const declared = (metadata.inputs ?? {}) as Record<string, Mapping>
  const inputs: Record<string, string> = {}
  for (const [name, spec] of Object.entries(declared))
    if (spec.default !== undefined) inputs[name] = resolve(String(spec.default), context)
  for (const [name, value] of Object.entries(isMapping(step.with) ? step.with : {})) {
    const text = resolve(value, context)
    inputs[name] = seedValue(text)
  }
  if (isMapping(step.with) && 'oidc-policy-id' in step.with) {
    delete inputs['oidc-policy-id']
    inputs.token = TOKENS.owner
  }
  inputs['base-url'] = emu.url
  const waits =
    inputs.wait === 'true' || (!('wait' in declared) && 'poll-interval' in declared && !('operation' in declared))
  if (waits && 'poll-interval' in declared) inputs['poll-interval'] = '0.1'
  return inputs
}

/** The jobs of a block in an order that runs each after those it needs. */
function ordered(jobs: Array<[string, Mapping]>): Array<[string, Mapping]> {
  const done: Array<[string, Mapping]> = []
  const pending = [...jobs]
  while (pending.length > 0) {
    const at = pending.findIndex(([, job]) =>
      [job.needs ?? []].flat().every((need) => done.some(([id]) => id === need))
    )
    if (at < 0) throw new Error(`jobs that need one another: ${pending.map(([id]) => id).join(', ')}`)
    done.push(...pending.splice(at, 1))
  }
  return done
}

/** Runs the steps of this project's actions in a block, job by job, against `emu` and the fake GitHub at `githubUrl`. */
export async function runBlock(entry: DocBlock, emu: RunningEmulator, githubUrl: string): Promise<DocRun> {
  const event = eventFor(entry)
  const githubToken = `ghs_${randomString(36)}`
  const repository = event.payload.repository?.full_name ?? 'acme/ios-app'
  const github = {
    event: event.payload,
    event_name: event.name,
    ref: event.ref,
    sha: event.sha,
    repository,
    repository_owner: repository.split('/')[0],
    token: githubToken,
    run_id: '1',
    run_number: '1',
    run_attempt: '1'
  }
  const pull = (event.payload.pull_request ?? forkPullRequest().pull_request) as Mapping
  // A dispatch's inputs, as the pages name them: the pull request and its head commit.
  const dispatched = { 'pull-request': String(pull.number), commit: String((pull.head as Mapping).sha) }
  const jobs = ordered(jobsOfBlock(entry))
  const defined = [...jobs.map(([id]) => id), ...jobs.flatMap(([, job]) => stepsOf(job).map((step) => String(step.id)))]
  const read = await startWhatTheBlockReads(entry, emu, pull, defined)
  const needs: Mapping = { ...read.needs }
  const run: DocRun = { event, ran: [], skipped: [] }
  for (const [jobId, job] of jobs) {
    if (typeof job.uses === 'string') {
      run.skipped.push(`${jobId}: calls the reusable workflow ${job.uses}`)
      continue
    }
    if (isMapping(job.strategy)) {
      run.skipped.push(`${jobId}: a matrix job`)
      continue
    }
    const steps: Mapping = { ...read.steps }
    const folder = workspace()
    const context: Mapping = {
      github,
      vars: VARS,
      secrets: secretsFor(githubToken),
      needs,
      steps,
      inputs: event.name === 'workflow_dispatch' ? dispatched : {},
      env: { ...(job.env as Mapping) }
    }
    if (job.if !== undefined && !condition(job.if, context)) {
      run.skipped.push(`${jobId}: its if: is false for ${event.name}`)
      continue
    }
    for (const [index, step] of stepsOf(job).entries()) {
      const ours = ourAction(step.uses)
      const name = String(step.id ?? step.name ?? index)
      if (String(step.uses ?? '').startsWith('actions/checkout@')) checkOut(folder)
      if (!ours) continue
      if (!condition(step.if, context)) {
        run.skipped.push(`${jobId}/${name}: its if: is false`)
        continue
      }
      const { metadata, bundle } = actionOf(ours.folder)
      const inputs = inputsOf(step, metadata, context, emu)
      const result = await runAction(inputs, {
        bundle,
        workspace: folder,
        event: { name: event.name, payload: event.payload, ref: event.ref, sha: event.sha },
        env: { GITHUB_API_URL: githubUrl, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: '1', GITHUB_RUN_ATTEMPT: '1' },
        timeoutMs: 60_000
      })
      expectNoSecrets(result, [TOKENS.owner, githubToken])
      run.ran.push({ job: jobId, step: name, inputs, result })
      if (typeof step.id === 'string')
        steps[step.id] = { outputs: result.outputs, outcome: result.code === 0 ? 'success' : 'failure' }
      if (result.code !== 0) context.$failed = true
    }
    needs[jobId] = {
      result: context.$failed === true ? 'failure' : 'success',
      outputs: Object.fromEntries(
        Object.entries(isMapping(job.outputs) ? job.outputs : {}).map(([key, value]) => [key, resolve(value, context)])
      )
    }
  }
  return run
}
