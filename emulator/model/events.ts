/**
 * The events of section 6 of the interface: build status reports to the git provider and
 * email notifications. The emulator sends neither; it records each decision (sent or not, and
 * why) in the world's event log, which `GET /_emulator/events` shows.
 */
import { progressOf, type BuildProgress } from './build-progress.js'
import type { EmulatorState } from './state.js'
import type { BuildRecord } from './build-records.js'
import type { EmailNotificationEvent, EventOccasion, GitStatusReportEvent, ServiceEvent } from './event-records.js'
import type { AppRecord } from './records.js'
import type { BuildOutcome } from './types.js'

/** Bounded, so a long rehearsal cannot grow the log without end. */
export const MAX_EVENTS = 10_000

type Decision = { sent: boolean; reason: string }
type NewEvent = Omit<GitStatusReportEvent, 'seq' | 'at'> | Omit<EmailNotificationEvent, 'seq' | 'at'>

function record(state: EmulatorState, at: number, event: NewEvent): void {
  if (state.events.length >= MAX_EVENTS) state.events.shift()
  state.events.push({ seq: state.nextEventSeq++, at: new Date(at).toISOString(), ...event } as ServiceEvent)
}

/**
 * Whether an email goes out for a build that ended as `outcome`. `change` compares with the
 * latest earlier build of the same app and branch that had finished by then; with none, it sends.
 */
function emailDecision(
  state: EmulatorState,
  app: AppRecord,
  build: BuildRecord,
  outcome: BuildOutcome,
  at: number
): Decision & { setting: AppRecord['notifications']['on_success'] } {
  const setting = outcome === 'success' ? app.notifications.on_success : app.notifications.on_failure
  if (setting === 'never') return { setting, sent: false, reason: 'setting is never' }
  if (setting === 'always') return { setting, sent: true, reason: 'setting is always' }
  const previous = latestFinishedBefore(state.sameBranchBuilds(build), build, at)
  if (!previous) return { setting, sent: true, reason: 'no previous build on this branch' }
  const previousSucceeded = previous.status === 1 || previous.status === 4
  const changed = previousSucceeded !== (outcome === 'success')
  return { setting, sent: changed, reason: changed ? 'status changed' : 'status unchanged' }
}

/**
 * Of `builds` (one app and branch, in trigger order, which is build number order: numbers are
 * given at trigger), where the latest numbered below `build` that had finished by `at` stands.
 */
function latestFinishedBefore(
  builds: readonly BuildRecord[],
  build: BuildRecord,
  at: number
): BuildProgress | undefined {
  // From the newest back: the first finished one is nearly always the build just before.
  for (let i = builds.length - 1; i >= 0; i--) {
    if (builds[i].buildNumber >= build.buildNumber) continue
    const progress = progressOf(builds[i], at)
    if (progress.status !== 0) return progress
  }
  return undefined
}

function statusReport(
  state: EmulatorState,
  build: BuildRecord,
  event: EventOccasion,
  reportState: GitStatusReportEvent['state'],
  skip: Decision | null,
  at: number
): void {
  const decision = skip ?? { sent: true, reason: 'the app has a webhook' }
  record(state, at, {
    kind: 'git_status_report',
    event,
    app: build.appSlug,
    build: build.slug,
    branch: build.branch,
    commit_hash: build.commitHash,
    state: reportState,
    ...decision
  })
  if (reportState !== 'pending') build.gitStatusReport = decision.sent ? reportState : null
}

const skippedByTrigger = (build: BuildRecord): Decision | null =>
  build.skipGitStatusReport ? { sent: false, reason: 'skip_git_status_report was true at trigger' } : null

/** The `pending` status report sent when a build is triggered. */
export function recordTrigger(state: EmulatorState, build: BuildRecord, at: number): void {
  statusReport(state, build, 'trigger', 'pending', skippedByTrigger(build), at)
}

/** A build that ran to its end: its final status report, and the email its outcome calls for. */
export function recordBuildEnd(state: EmulatorState, app: AppRecord, build: BuildRecord, at: number): void {
  statusReport(state, build, 'build_end', build.outcome, skippedByTrigger(build), at)
  const email = emailDecision(state, app, build, build.outcome, at)
  record(state, at, {
    kind: 'email_notification',
    event: 'build_end',
    app: app.slug,
    build: build.slug,
    branch: build.branch,
    outcome: build.outcome,
    ...email
  })
}

/**
 * An aborted build: reported as success with `abort_with_success`, as failure otherwise; the
 * email follows the app's settings unless `skip_notifications`. Returns whether the email went out.
 */
export function recordAbort(state: EmulatorState, app: AppRecord, build: BuildRecord, at: number): boolean {
  const abort = build.abort!
  const outcome: BuildOutcome = abort.withSuccess ? 'success' : 'failure'
  const skip =
    skippedByTrigger(build) ??
    (abort.skipGitStatusReport ? { sent: false, reason: 'skip_git_status_report was true at abort' } : null)
  statusReport(state, build, 'abort', outcome, skip, at)
  const email = abort.skipNotifications
    ? {
        setting: outcome === 'success' ? app.notifications.on_success : app.notifications.on_failure,
        sent: false,
        reason: 'skip_notifications is true'
      }
    : emailDecision(state, app, build, outcome, at)
  record(state, at, {
    kind: 'email_notification',
    event: 'abort',
    app: app.slug,
    build: build.slug,
    branch: build.branch,
    outcome,
    ...email
  })
  return email.sent
}
