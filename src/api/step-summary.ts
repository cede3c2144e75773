/**
 * The steps of a build: `GET /apps/{app-slug}/builds/{build-slug}/log/summary`, "Get the step
 * summary of a build" in the service's API reference (not in the published contract). The
 * reference gives 200, 401, 403 and 404 (no such build, or no step summary yet), and says the
 * summary grows as steps finish, with `errors` for failed or aborted steps and `status_reason`
 * for skipped ones. The shape is the one the vendor's MCP server reads and recorded
 * (bitrise-io/bitrise-mcp `internal/tool/builds/get_steps.go`, `devenv/test-responses/`):
 * `execution.workflows[].{workflow_id, steps[].{title, step_id, status, started_at,
 * finished_at, version}}`. No source shows a failed step, so the status words of a failure and
 * the shape of `errors` (texts, or objects with a message) are read in every likely spelling.
 */
import { isHttpError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import { recordOf, textOf } from './field.js'
import { buildPath } from './paths.js'

/** A step's state in one word: the service's word mapped, or `other` for a word the action does not know. */
export type StepState = 'success' | 'failed' | 'skipped' | 'aborted' | 'running' | 'other'

/** One step of the build, as the action's own type. */
export interface BuildStep {
  workflow: string
  title: string
  state: StepState
  /** The service's word as sent. */
  status: string
  durationSeconds?: number
  errors: string[]
  /** Why a skipped step was skipped, when the service says. */
  statusReason?: string
}

/** The steps read, or why none: the service has none yet (404), or refuses the caller (403). */
export type StepSummaryAnswer = { kind: 'read'; steps: BuildStep[] } | { kind: 'none'; why: 'not-found' | 'refused' }

/** The most steps kept of one answer: a build has tens; the rest would only fill memory. */
export const MAX_STEPS = 500

const STATES: Record<string, StepState> = {
  success: 'success',
  succeeded: 'success',
  ok: 'success',
  failed: 'failed',
  failure: 'failed',
  error: 'failed',
  failed_skippable: 'failed',
  skipped: 'skipped',
  skip: 'skipped',
  skipped_with_run_if: 'skipped',
  aborted: 'aborted',
  abort: 'aborted',
  timeout: 'aborted',
  running: 'running',
  in_progress: 'running',
  'in-progress': 'running',
  started: 'running'
}

/** The build's steps, or why there are none; any other failure is thrown. */
export async function readStepSummary(
  client: ServiceClient,
  appSlug: string,
  buildSlug: string,
  signal?: AbortSignal
): Promise<StepSummaryAnswer> {
  try {
    const res = await client.request<unknown>('GET', buildPath(appSlug, buildSlug, 'log', 'summary'), { signal })
    return { kind: 'read', steps: stepsIn(res.body) }
  } catch (error) {
    if (isHttpError(error, 404)) return { kind: 'none', why: 'not-found' }
    if (isHttpError(error, 403)) return { kind: 'none', why: 'refused' }
    throw error
  }
}

/** The steps of an answer: under `execution` (the recorded shape), or at the top, or under `data`. */
export function stepsIn(body: unknown): BuildStep[] {
  const top = recordOf(body)
  const execution = recordOf(top?.execution) ?? recordOf(recordOf(top?.data)?.execution) ?? top
  const workflows = Array.isArray(execution?.workflows) ? execution.workflows : []
  const steps: BuildStep[] = []
  for (const wf of workflows) {
    const workflow = recordOf(wf)
    const name = textOf(workflow?.workflow_id) ?? textOf(workflow?.id) ?? textOf(workflow?.title) ?? ''
    for (const raw of Array.isArray(workflow?.steps) ? workflow.steps : []) {
      const step = recordOf(raw)
      if (!step || steps.length >= MAX_STEPS) continue
      steps.push(stepOf(name, step))
    }
  }
  return steps
}

function stepOf(workflow: string, step: Record<string, unknown>): BuildStep {
  const status = textOf(step.status) ?? ''
  const state = STATES[status.toLowerCase()] ?? 'other'
  const started = Date.parse(String(step.started_at ?? ''))
  const finished = Date.parse(String(step.finished_at ?? ''))
  const seconds = Number.isFinite(started) && Number.isFinite(finished) ? (finished - started) / 1000 : undefined
  return {
    workflow,
    title: textOf(step.title) ?? textOf(step.step_id) ?? textOf(step.id) ?? '(untitled step)',
    state,
    status,
    durationSeconds: seconds !== undefined && seconds >= 0 ? Math.round(seconds * 10) / 10 : undefined,
    errors: errorsOf(step.errors ?? step.error),
    statusReason: textOf(step.status_reason)
  }
}

/** `errors` as texts: a text, a list of texts, or objects with `message` (or `error`, `title`); at most 20. */
function errorsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]
  return list
    .map((item) => {
      const held = recordOf(item)
      return (
        textOf(item) ?? textOf(held?.message) ?? textOf(held?.error) ?? textOf(held?.title) ?? textOf(held?.description)
      )
    })
    .filter((item): item is string => item !== undefined)
    .slice(0, 20)
}
