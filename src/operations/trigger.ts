import type { BuildParams } from '../build-params.js'
import { ApiError, type ApiClient } from '../client.js'
import { excerpt } from '../errors.js'
import { wholeNumber } from './build-record.js'
import { describeUnsafeSlug, slugProblem } from './paths.js'

/** The build the service started, read from `results[0]` or the deprecated top-level fields. */
export interface TriggeredBuild {
  buildSlug: string
  buildNumber?: number
  buildUrl?: string
  triggeredWorkflow?: string
  message?: string
  /** The answer as received, for the `response` output. */
  response: string
}

interface TriggerResult {
  build_slug?: string
  /** A number, or a numeric string. */
  build_number?: unknown
  build_url?: string
  triggered_workflow?: string
  message?: string
}

interface TriggerResponse extends TriggerResult {
  status?: string
  results?: TriggerResult[]
}

/** Starts a build. Never sent twice unless the first attempt provably did not arrive. */
export async function triggerBuild(client: ApiClient, appSlug: string, params: BuildParams): Promise<TriggeredBuild> {
  const path = `/apps/${encodeURIComponent(appSlug)}/builds`
  const res = await client.post<TriggerResponse | undefined>(
    path,
    { hook_info: { type: 'service' }, build_params: params },
    {
      retry: 'once',
      ambiguousHint: 'the build may have started; check the app\'s builds on the service before running the step again',
      noEffectHint: 'no build was started'
    }
  )
  const body = res.body ?? {}
  const first = Array.isArray(body.results) && body.results.length > 0 ? body.results[0] : undefined
  const pick = <K extends keyof TriggerResult>(key: K): TriggerResult[K] => first?.[key] ?? body[key]
  const buildSlug = pick('build_slug')
  if (typeof buildSlug !== 'string' || buildSlug === '') {
    throw new ApiError(
      `POST ${path} answered ${res.status} but named no build slug; the build may have started (answer: ${excerpt(res.text, 200)})`,
      'invalid-response',
      'POST',
      path,
      res.status,
      undefined,
      true
    )
  }
  const problem = slugProblem(buildSlug)
  if (problem) {
    throw new ApiError(
      `POST ${path} answered ${res.status}, but ${describeUnsafeSlug('build_slug', buildSlug, problem)}; the build may have started: check the app's builds on the service`,
      'invalid-response',
      'POST',
      path,
      res.status,
      undefined,
      true
    )
  }
  let buildNumber: number | undefined
  try {
    buildNumber = wholeNumber(pick('build_number'), 'build_number', true)
  } catch (error) {
    throw new ApiError(
      `POST ${path} answered ${res.status} and started build ${buildSlug}, but its ${(error as Error).message}`,
      'invalid-response',
      'POST',
      path,
      res.status,
      undefined,
      true
    )
  }
  return {
    buildSlug,
    buildNumber,
    buildUrl: pick('build_url'),
    triggeredWorkflow: pick('triggered_workflow'),
    message: pick('message'),
    response: res.text
  }
}
