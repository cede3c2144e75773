/**
 * A build as the API and `/_emulator/state` show it, and its log at a moment: views computed
 * from the build's record and its progress, never stored.
 */
import { progressOf } from '../model/build-progress.js'
import type { BuildRecord } from '../model/types.js'

const LINES_PER_TICK = 3
const TICK_MS = 100
const MAX_TICKS = 300

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

/** The build record as `GET /apps/{app}/builds/{build}` returns it. */
export function buildJson(build: BuildRecord, now: number): Record<string, unknown> {
  const progress = progressOf(build, now)
  return {
    slug: build.slug,
    build_number: build.buildNumber,
    status: progress.status,
    status_text: progress.statusText,
    is_on_hold: progress.onHold,
    abort_reason: build.abort ? build.abort.reason : null,
    triggered_workflow: build.triggeredWorkflow,
    branch: build.branch,
    commit_hash: build.commitHash,
    tag: build.tag,
    // A build of no pull request has 0, not null: recorded real answers show it (see README).
    pull_request_id: build.pullRequestId ?? 0,
    triggered_at: iso(build.triggeredAt),
    started_on_worker_at: iso(build.startedAt),
    finished_at: iso(progress.finishedAt),
    original_build_params: build.originalParams,
    ...(build.pipelineWorkflowId === undefined ? {} : { pipeline_workflow_id: build.pipelineWorkflowId })
  }
}

/** The build with everything the emulator recorded about it, for `/_emulator/state`. */
export function buildStateJson(build: BuildRecord, now: number): Record<string, unknown> {
  return {
    app: build.appSlug,
    ...buildJson(build, now),
    duration_ms: build.durationMs,
    planned_outcome: build.outcome,
    checkout: build.checkout,
    additional_envs: build.additionalEnvs,
    effective_env: build.effectiveEnv,
    env_sources: build.envSources,
    skip_git_status_report: build.skipGitStatusReport,
    build_request: build.buildRequest,
    git_status_report: build.gitStatusReport,
    abort: build.abort && {
      at: iso(build.abort.at),
      reason: build.abort.reason,
      with_success: build.abort.withSuccess,
      skip_notifications: build.abort.skipNotifications,
      skip_git_status_report: build.abort.skipGitStatusReport,
      notification_sent: build.abort.notificationSent,
      by: build.abort.by
    }
  }
}

/**
 * The log as it stands at `now`, or null before it exists (held, or within `logDelayMs` of
 * the start). It grows by a few lines every 100 ms and ends with a closing line.
 */
export function logAt(build: BuildRecord, now: number, logDelayMs: number): { chunks: { chunk: string; position: number }[]; finished: boolean } | null {
  if (build.startedAt === null || now < build.startedAt + logDelayMs) return null
  const progress = progressOf(build, now)
  const until = progress.finishedAt ?? now
  const ticks = Math.min(MAX_TICKS, Math.max(0, Math.floor((until - build.startedAt) / TICK_MS)))
  const chunks: { chunk: string; position: number }[] = [
    { chunk: `Build #${build.buildNumber} of workflow ${build.triggeredWorkflow} started (checkout ${build.checkout.kind} ${build.checkout.value})\n`, position: 0 }
  ]
  for (let tick = 1; tick <= ticks; tick++) {
    const lines: string[] = []
    for (let line = 1; line <= LINES_PER_TICK; line++) lines.push(`[${tick * TICK_MS} ms] step output line ${(tick - 1) * LINES_PER_TICK + line}`)
    chunks.push({ chunk: lines.join('\n') + '\n', position: tick })
  }
  if (progress.finishedAt !== null) {
    const reason = build.abort?.reason ? `: ${build.abort.reason}` : ''
    chunks.push({ chunk: `Build finished with status ${progress.statusText}${reason}\n`, position: ticks + 1 })
  }
  return { chunks, finished: progress.finishedAt !== null }
}
