import * as core from './runner.js'
import { statSync } from 'node:fs'
import { ApiClient, ApiError } from './client.js'
import { REQUIRED_ROLES, State, type Operation } from './constants.js'
import { InputError, quote } from './errors.js'
import { readInputs, type ActionInputs } from './inputs.js'
import { HANDLERS, type Handler } from './operations/index.js'
import { RunnerReporter } from './report.js'
import { redact } from './secrets.js'

/** The action's entry: runs the chosen operation, or the post step, and is the only place a step is failed. */
export async function run(): Promise<void> {
  if (core.getState(State.isPost) === 'true') return runPost()
  const missing = missingRunnerFile()
  if (missing) return core.setFailed(missing)
  core.saveState(State.isPost, 'true')

  const reporter = new RunnerReporter()
  const cancel = new AbortController()
  const onSignal = (signal: NodeJS.Signals): void => {
    if (cancel.signal.aborted) return
    core.info(`Received ${signal}: stopping, and aborting the build if one is being waited for.`)
    cancel.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  let operation: Operation | undefined
  try {
    const inputs = await readInputs()
    operation = inputs.operation
    const load = HANDLERS[inputs.operation] as () => Promise<Handler<typeof inputs.operation>>
    const handler = await load()
    await handler(inputs.params as never, {
      client: createClient(inputs),
      report: reporter,
      signal: cancel.signal,
      runUrl: runUrl()
    })
  } catch (error) {
    core.setFailed(redact(describeFailure(error, operation)))
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    try {
      await reporter.flush()
    } catch (error) {
      core.warning(`Could not write the job summary: ${(error as Error).message}`)
    }
  }
}

/** The post step: aborts a build the main step was waiting for when it was killed. */
async function runPost(): Promise<void> {
  const pending = core.getState(State.pendingBuild)
  if (!pending) return
  try {
    const { appSlug, buildSlug } = JSON.parse(pending) as { appSlug: string; buildSlug: string }
    const inputs = await readInputs()
    const { abortBuild } = await import('./operations/abort.js')
    const outcome = await abortBuild(createClient(inputs), appSlug, buildSlug, {
      abortReason: `Aborted by the GitHub Action: the step was stopped while waiting for the build${runUrl() ? ` (${runUrl()})` : ''}`,
      abortWithSuccess: false,
      skipNotifications: false,
      skipGitStatusReport: false
    })
    core.info(
      outcome.kind === 'finished' && !outcome.byEarlierAttempt
        ? `Build ${buildSlug}, which the main step was waiting for when it stopped, had already finished (${outcome.status}); nothing to abort.`
        : `Aborted build ${buildSlug}, which the main step was waiting for when it stopped.`
    )
  } catch (error) {
    core.warning(redact(`Could not abort the build the main step was waiting for: ${(error as Error).message}`))
  }
}

/**
 * Why a runner file the step writes to is unusable, or undefined. Checked first: a
 * missing output file would otherwise fail the step only after its call had been sent.
 */
function missingRunnerFile(): string | undefined {
  for (const name of ['GITHUB_OUTPUT', 'GITHUB_STATE']) {
    const path = process.env[name]
    if (!path) continue
    let kind: 'missing' | 'folder' | undefined
    try {
      if (statSync(path).isDirectory()) kind = 'folder'
    } catch {
      kind = 'missing'
    }
    if (kind) {
      return (
        `${name} is set to ${quote(path)}, but ${kind === 'missing' ? 'no file exists there' : 'that is a folder, not a file'}: ` +
        `the step could not write its ${name === 'GITHUB_OUTPUT' ? 'outputs' : 'state'}. The runner creates this file for every step; ` +
        `outside the runner, create the file or unset ${name}. Nothing was sent to the service.`
      )
    }
  }
  return undefined
}

function createClient(inputs: ActionInputs): ApiClient {
  return new ApiClient({
    baseUrl: inputs.common.baseUrl,
    token: inputs.common.token,
    timeoutMs: inputs.common.requestTimeoutMs,
    maxAttempts: inputs.common.maxAttempts,
    retryBaseMs: inputs.common.retryBaseMs,
    debug: (message) => core.debug(redact(message))
  })
}

function runUrl(): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = process.env
  return GITHUB_SERVER_URL && GITHUB_REPOSITORY && GITHUB_RUN_ID ? `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}` : undefined
}

/** Turns any error into the one line a person reads first in the step's log. */
function describeFailure(error: unknown, operation: Operation | undefined): string {
  if (error instanceof InputError) return `${error.message}. Nothing was sent to the service.`
  if (error instanceof ApiError) {
    if (error.status === 401) return `${error.message}. The token was refused: check that the secret holds a valid access token.`
    if (error.status === 403 && operation) return `${error.message}. The token's user lacks the role this call needs: ${REQUIRED_ROLES[operation]}.`
    if (error.status === 404) return `${error.message}. Check the slugs: the service knows no such resource, or the token cannot see it.`
    return error.message
  }
  return error instanceof Error ? error.message : String(error)
}
