/**
 * Build requests: a trigger held for manual build approval. The service answers it 2xx without a
 * build slug (bitrise-steplib/bitrise-step-build-router-start, main.go) and keeps a build request;
 * only its approval creates the build (devcenter, "Approving pull request builds"). A rejection
 * creates nothing; the emulator records who rejected and why, which the public API does not show.
 */
import { randomBytes } from 'node:crypto'
import { notFound } from './errors.js'
import type { EmulatorState } from './state.js'
import type { BuildRecord, BuildRequestRecord, TriggerRequest } from './build-records.js'
import type { AppRecord } from './records.js'
import { chooseWorkflow, configForBuild, triggerBuild } from './builds.js'

/**
 * Whether a trigger waits for approval: a pull request build, on an app with manual approval on,
 * whose repository owners are omitted (interface rule 3) or differ (the service's own GitHub
 * webhook sends the fork's owner and the base's: bitrise-io/bitrise-webhooks,
 * service/hook/github/github.go). A push build, or a pull request with equal owners, is not held.
 * With one owner only, no source says; the emulator holds it, the more careful reading. An app
 * seeded with hold_without_owners also holds a trigger of no pull request that names neither
 * owner, as rule 3 reads word for word.
 */
export function needsApproval(app: AppRecord, request: TriggerRequest): boolean {
  const source = request.text.branch_repo_owner
  const dest = request.text.branch_dest_repo_owner
  if (app.manualApproval && app.holdWithoutOwners && !request.pullRequestId && !source && !dest) return true
  if (!app.manualApproval || !request.pullRequestId) return false
  return !source || !dest || source.toLowerCase() !== dest.toLowerCase()
}

/** Keeps a held trigger as an open build request, once the trigger is known to be valid. */
export function holdForApproval(
  state: EmulatorState,
  app: AppRecord,
  request: TriggerRequest,
  now: number
): BuildRequestRecord {
  chooseWorkflow(configForBuild(app), request)
  const record: BuildRequestRecord = {
    slug: randomBytes(8).toString('hex'),
    appSlug: app.slug,
    createdAt: now,
    trigger: request,
    decision: null
  }
  state.buildRequests.set(record.slug, record)
  return record
}

/** The open build requests of an app, oldest first. */
export function openBuildRequests(state: EmulatorState, app: AppRecord): BuildRequestRecord[] {
  return [...state.buildRequests.values()]
    .filter((r) => r.appSlug === app.slug && r.decision === null)
    .sort((a, b) => a.createdAt - b.createdAt)
}

/** Approves (a new build starts from the held trigger) or rejects (nothing starts) an open build request. */
export function decideBuildRequest(
  state: EmulatorState,
  app: AppRecord,
  caller: string,
  requestSlug: string,
  approve: boolean,
  now: number,
  defaultDurationMs: number
): { request: BuildRequestRecord; build: BuildRecord | null } {
  const request = state.buildRequests.get(requestSlug)
  if (!request || request.appSlug !== app.slug || request.decision !== null)
    throw notFound(`no open build request "${requestSlug}" for app "${app.slug}"`)
  const build = approve ? triggerBuild(state, app, request.trigger, now, defaultDurationMs, request.slug) : null
  request.decision = {
    approved: approve,
    at: now,
    by: caller,
    buildSlug: build?.slug ?? null,
    reason: approve ? null : `rejected by ${caller}`
  }
  return { request, build }
}
