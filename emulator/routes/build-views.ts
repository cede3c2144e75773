/**
 * A build as the API and `/_emulator/state` show it: views computed from the build's record and
 * its progress, never stored.
 */
import { progressOf } from '../model/build-progress.js'
import type { BuildRecord } from '../model/build-records.js'

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
    commit_message:
      typeof build.originalParams.commit_message === 'string' ? build.originalParams.commit_message : null,
    tag: build.tag,
    // A build of no pull request has 0, not null: recorded real answers show it (see README).
    pull_request_id: build.pullRequestId ?? 0,
    triggered_at: iso(build.triggeredAt),
    started_on_worker_at: iso(build.startedAt),
    finished_at: iso(progress.finishedAt),
    credit_cost: creditCost(build, progress.finishedAt),
    original_build_params: build.originalParams,
    stack_identifier: build.stackIdentifier,
    machine_type_id: build.machineTypeId,
    ...(build.pipelineWorkflowId === undefined ? {} : { pipeline_workflow_id: build.pipelineWorkflowId })
  }
}

/**
 * What a finished build cost: its app's credits for each started minute on a worker, the
 * emulator's own rule. Null on a plan without credits, as recorded real answers show
 * (kevalpatel2106/pocket-ci, GetBuildsResponses.kt), and while the build has not finished.
 */
export function creditCost(build: BuildRecord, finishedAt: number | null): number | null {
  if (build.creditsPerMinute === null || finishedAt === null) return null
  if (build.startedAt === null) return 0
  return Math.ceil(Math.max(0, finishedAt - build.startedAt) / 60_000) * build.creditsPerMinute
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
    priority: build.priority,
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
