/** The service's build calls: trigger, read and abort a build. */
import { serviceBuildParams, type TriggerParams } from './build-params.js'
import { excerpt } from '../safe-text.js'
import { ApiError, isHttpError } from '../http/api-error.js'
import { AwaitingApproval } from './awaiting-approval.js'
import type { ServiceClient } from '../http/service-client.js'
import { checkedBuildUrl } from './build-url.js'
import { readServiceBuild, statusWord, wholeNumber, type BuildStatus, type ServiceBuild } from './build-record.js'
import { buildPath, buildsPath, describeUnsafeSlug, slugProblem } from './paths.js'

/** One build a trigger answer names: a build, or with `triggeredPipeline` a pipeline, whose id stands as its slug. */
export interface StartedBuild {
  buildSlug: string
  buildNumber?: number
  /** The service's build_url when it is a plain https URL (see build-url.ts). */
  buildUrl?: string
  /** Why the service's build_url was dropped, for a warning. */
  buildUrlProblem?: string
  triggeredWorkflow?: string
  /** Set when the build is a pipeline (the trigger named none, a target-based trigger chose it): its slug is the pipeline's id. */
  triggeredPipeline?: string
}

/** The build the service started, read from `results[0]` or the deprecated top-level fields, with the answer's other results. */
export interface TriggeredBuild extends StartedBuild {
  message?: string
  /** The answer as received, for the `response` output. */
  response: string
  /** The answer's other `results`: builds (or pipelines) the same trigger started, in its order. */
  others?: StartedBuild[]
}

interface TriggerResult {
  build_slug?: string
  /** A number, or a numeric string. */
  build_number?: unknown
  build_url?: string
  triggered_workflow?: string
  triggered_pipeline?: string
  message?: string
}

interface TriggerResponse extends TriggerResult {
  status?: string
  results?: TriggerResult[]
}

/** Starts a build. Never sent twice unless the first attempt provably did not arrive. */
export async function triggerBuild(
  client: ServiceClient,
  appSlug: string,
  params: TriggerParams
): Promise<TriggeredBuild> {
  const path = buildsPath(appSlug)
  const res = await client.request<TriggerResponse | undefined>('POST', path, {
    body: { hook_info: { type: 'service' }, build_params: serviceBuildParams(params) },
    retry: 'once',
    ambiguousHint: "the build may have started; check the app's builds on the service before running the step again",
    noEffectHint: 'no build was started'
  })
  const body = res.body ?? {}
  const first = Array.isArray(body.results) && body.results.length > 0 ? body.results[0] : undefined
  const pick = <K extends keyof TriggerResult>(key: K): TriggerResult[K] => first?.[key] ?? body[key]
  // Every refusal below comes after the service accepted the call: the build may have started.
  const invalid = (message: string): ApiError =>
    ApiError.invalidResponse({ method: 'POST', path, status: res.status, message, mayHaveTakenEffect: true })
  const buildSlug = pick('build_slug')
  if (typeof buildSlug !== 'string' || buildSlug === '') {
    const unexplained = invalid(
      `POST ${path} answered ${res.status} but named no build slug; the build may have started (answer: ${excerpt(res.text, 200)})`
    )
    // An empty or missing slug is how the service answers a trigger held for manual approval.
    if (buildSlug === undefined || buildSlug === null || buildSlug === '')
      throw new AwaitingApproval(unexplained, res.text, textOrUndefined(pick('message')))
    throw unexplained
  }
  const problem = slugProblem(buildSlug)
  if (problem) {
    throw invalid(
      `POST ${path} answered ${res.status}, but ${describeUnsafeSlug('build_slug', buildSlug, problem)}; the build may have started: check the app's builds on the service`
    )
  }
  let buildNumber: number | undefined
  try {
    buildNumber = wholeNumber(pick('build_number'), 'build_number', true)
  } catch (error) {
    throw invalid(
      `POST ${path} answered ${res.status} and started build ${buildSlug}, but its ${(error as Error).message}`
    )
  }
  const others = Array.isArray(body.results)
    ? body.results.slice(1).map((item, i) => otherResult(item, i + 1, invalid, path, res.status))
    : []
  const { url: buildUrl, problem: buildUrlProblem } = checkedBuildUrl(pick('build_url'))
  const started: TriggeredBuild = {
    buildSlug,
    buildNumber,
    buildUrl,
    buildUrlProblem,
    triggeredWorkflow: pick('triggered_workflow'),
    message: pick('message'),
    response: res.text
  }
  const pipeline = pick('triggered_pipeline')
  if (typeof pipeline === 'string' && pipeline !== '') started.triggeredPipeline = pipeline
  return others.length > 0 ? { ...started, others } : started
}

/**
 * One of the answer's `results` after the first: every build it names is reported, waited for
 * and aborted like the first, so one the action cannot use makes the answer invalid.
 */
function otherResult(
  item: TriggerResult,
  index: number,
  invalid: (message: string) => ApiError,
  path: string,
  status: number
): StartedBuild {
  const at = `results[${index}]`
  const slug = item?.build_slug
  const problem = slugProblem(slug)
  if (problem)
    throw invalid(
      `POST ${path} answered ${status}, but ${describeUnsafeSlug(`${at}.build_slug`, slug, problem)}; the builds may have started: check the app's builds on the service`
    )
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)
  let buildNumber: number | undefined
  try {
    buildNumber = wholeNumber(item.build_number, `${at}.build_number`, true)
  } catch (error) {
    throw invalid(`POST ${path} answered ${status} and started build ${slug}, but its ${(error as Error).message}`)
  }
  const { url: buildUrl, problem: buildUrlProblem } = checkedBuildUrl(item.build_url)
  return {
    buildSlug: slug as string,
    buildNumber,
    buildUrl,
    buildUrlProblem,
    triggeredWorkflow: text(item.triggered_workflow),
    triggeredPipeline: text(item.triggered_pipeline)
  }
}

function textOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** Reads one build's record. */
export async function getBuild(
  client: ServiceClient,
  appSlug: string,
  buildSlug: string,
  signal?: AbortSignal
): Promise<{ record: ServiceBuild; response: string }> {
  const path = buildPath(appSlug, buildSlug)
  const res = await client.request<{ data?: unknown } | undefined>('GET', path, { signal })
  return { record: readServiceBuild(res.body?.data, 'GET', path), response: res.text }
}

/** The body fields of an abort call. */
export interface AbortRequest {
  abortReason: string
  abortWithSuccess: boolean
  skipNotifications: boolean
  skipGitStatusReport: boolean
}

/**
 * What an abort achieved:
 * - `aborted`: the service accepted this abort;
 * - `finished`: the service refused it and the build, read back, has finished.
 *   `byEarlierAttempt` is true when an earlier attempt of this call may have been
 *   applied (its answer was lost) and the build ended aborted: that attempt took effect.
 */
export type AbortOutcome =
  | { kind: 'aborted'; response: string }
  | { kind: 'finished'; status: BuildStatus; record: ServiceBuild; response: string; byEarlierAttempt: boolean }

/**
 * Aborts a build. All four body fields are always sent: the interface makes them
 * optional, the published contract requires them. A refusal (400 or 409) is
 * checked by reading the build: one that has finished is the end an abort wants,
 * whether this call or the build itself got there first.
 */
export async function abortBuild(
  client: ServiceClient,
  appSlug: string,
  buildSlug: string,
  request: AbortRequest,
  signal?: AbortSignal
): Promise<AbortOutcome> {
  try {
    const res = await client.request<unknown>('POST', buildPath(appSlug, buildSlug, 'abort'), {
      body: {
        abort_reason: request.abortReason,
        abort_with_success: request.abortWithSuccess,
        skip_git_status_report: request.skipGitStatusReport,
        skip_notifications: request.skipNotifications
      },
      // Aborting twice has the effect of aborting once.
      retry: 'idempotent',
      signal
    })
    return { kind: 'aborted', response: res.text }
  } catch (error) {
    if (!isHttpError(error, 400, 409)) throw error
    return finishedInstead(client, appSlug, buildSlug, error, signal)
  }
}

/** After a refused abort: the build's end when it has finished, else the refusal as the service gave it. */
async function finishedInstead(
  client: ServiceClient,
  appSlug: string,
  buildSlug: string,
  refusal: ApiError,
  signal?: AbortSignal
): Promise<AbortOutcome> {
  let read
  try {
    read = await getBuild(client, appSlug, buildSlug, signal)
  } catch {
    throw refusal
  }
  const word = read.record.status === undefined ? undefined : statusWord(read.record.status)
  if (!word) throw refusal
  const byEarlierAttempt =
    refusal.earlierAttemptMayHaveApplied && (word === 'aborted' || word === 'aborted-with-success')
  return { kind: 'finished', status: word, record: read.record, response: read.response, byEarlierAttempt }
}
