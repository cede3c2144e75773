/**
 * The pipeline list of the published contract (`GET /apps/{app-slug}/pipelines`, "List all
 * pipelines and standalone builds of an app"): the app's pipelines and its builds that belong
 * to no pipeline, newest first, each as the contract's `PipelineListResponseItemModel`, with
 * every filter of the contract honoured and a malformed one refused with 400 naming it. Paging
 * as a real answer recorded it (bitrise-io/bitrise-mcp,
 * `devenv/test-responses/before/list_pipelines.json`): `paging.next` is the `triggered_at` of the
 * page's last item, which `before` takes to ask for the next page, and `total_item_count` and
 * `page_item_limit` are 0. Reads only; nothing here changes state.
 */
import { badRequest } from '../http/errors.js'
import type { RequestContext } from '../http/router.js'
import { queryChoice, queryInteger, queryText } from '../http/validation.js'
import { progressOf } from '../model/build-progress.js'
import type { PipelineView } from '../model/pipelines.js'
import type { BuildRecord, EnvItem } from '../model/build-records.js'
import type { PipelineRecord } from '../model/pipeline-records.js'
import type { AppRecord } from '../model/records.js'
import { creditCost } from './build-views.js'

/** The contract's default page; the emulator's largest, as for every other list. */
const DEFAULT_LIMIT = 10
const MAX_LIMIT = 50
/** The statuses the contract names for the `status` filter, and each one's number in an item. */
const STATUS_NUMBER: Record<string, number> = {
  on_hold: 0,
  running: 0,
  succeeded: 1,
  failed: 2,
  aborted: 3,
  succeeded_with_abort: 4
}
const BUILD_STATUS = ['running', 'succeeded', 'failed', 'aborted', 'succeeded_with_abort']
const EVENTS = ['push', 'pull-request', 'tag']
/** The fields of the contract's `pipelineabledomain.TriggerParams` a trigger of the emulator can carry as text. */
const TRIGGER_TEXT = [
  'branch',
  'branch_dest',
  'branch_dest_repo_owner',
  'branch_repo_owner',
  'commit_hash',
  'commit_message',
  'machine_type_id',
  'pull_request_head_branch',
  'pull_request_merge_branch',
  'pull_request_repository_url',
  'stack',
  'tag'
]
/** An RFC 3339 time, as the contract asks of `after` and `before`. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

/** One item of the list, with what its filters compare. */
interface Entry {
  triggeredAt: number
  number: number
  json: Record<string, unknown>
  status: string
  pipeline: string | null
  event: string
}

interface Filters {
  after?: number
  before: number[]
  branch?: string
  buildNumber?: number
  commitMessage?: string
  limit: number
  pipeline?: string
  status?: string
  event?: string
  workflow?: string
}

function timeParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name)
  if (raw === null || raw === '') return undefined
  const at = Date.parse(raw)
  if (!RFC3339.test(raw) || Number.isNaN(at))
    throw badRequest(`${name} must be a time in RFC 3339 format (such as 2026-04-03T17:27:47Z); got "${raw}"`)
  return at
}

/** Whole numbers in at most ten digits, as many as 2^31 - 1 has. */
const DIGITS = 10

/** The contract's filters; `next`, the deprecated name of `before`, is honoured as well. */
function readFilters(query: URLSearchParams): Filters {
  return {
    after: timeParam(query, 'after'),
    before: [timeParam(query, 'before'), timeParam(query, 'next')].filter((t): t is number => t !== undefined),
    branch: queryText(query, 'branch'),
    buildNumber: queryInteger(query, 'build_number', 0, 2 ** 31 - 1, DIGITS),
    commitMessage: queryText(query, 'commit_message'),
    limit: queryInteger(query, 'limit', 1, MAX_LIMIT, DIGITS) ?? DEFAULT_LIMIT,
    pipeline: queryText(query, 'pipeline'),
    status: queryChoice(query, 'status', Object.keys(STATUS_NUMBER)),
    event: queryChoice(query, 'trigger_event_type', EVENTS),
    workflow: queryText(query, 'workflow')
  }
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

/** push, pull-request or tag, from what the trigger carried. */
function eventOf(params: Record<string, unknown>, pullRequestId: number | null): string {
  if (typeof params.tag === 'string' && params.tag !== '') return 'tag'
  return pullRequestId !== null && pullRequestId !== 0 ? 'pull-request' : 'push'
}

/** The trigger's parameters as the contract's `TriggerParams` has them. */
function triggerParams(fields: ItemFields): Record<string, unknown> {
  const { params, pullRequestId } = fields
  return {
    ...Object.fromEntries(
      TRIGGER_TEXT.filter((name) => typeof params[name] === 'string').map((name) => [name, params[name]])
    ),
    pull_request_id: pullRequestId === null ? '' : String(pullRequestId),
    skip_git_status_report: fields.skipGitStatusReport,
    environments: fields.environments.map((e) => ({ key: e.name, value: e.value, is_expand: e.is_expand }))
  }
}

/** What the item of a pipeline and of a standalone build are made from. */
interface ItemFields {
  slug: string
  number: number
  params: Record<string, unknown>
  pullRequestId: number | null
  skipGitStatusReport: boolean
  environments: EnvItem[]
}

/** What the item of a pipeline and of a standalone build share. */
function itemJson(fields: ItemFields): Record<string, unknown> {
  const text = (name: string): string | null =>
    typeof fields.params[name] === 'string' ? (fields.params[name] as string) : null
  return {
    slug: fields.slug,
    build_number: fields.number,
    branch: text('branch'),
    commit_hash: text('commit_hash'),
    commit_message: text('commit_message'),
    tag: text('tag'),
    pull_request_id: fields.pullRequestId ?? 0,
    pull_request_target_branch: text('branch_dest'),
    trigger_params: triggerParams(fields),
    triggered_by: null,
    artifacts: null,
    is_processed: true
  }
}

function pipelineEntry(
  pipeline: PipelineRecord,
  view: PipelineView,
  now: number,
  builds: Map<string, BuildRecord>
): Entry {
  const { request } = pipeline
  const attempt = pipeline.attempts[pipeline.attempts.length - 1]
  const finished = !['running', 'on_hold'].includes(view.status)
  const costs = view.workflows
    .map((w) => builds.get(w.externalId))
    .map((b) => (b ? creditCost(b, progressOf(b, now).finishedAt) : null))
  const json = {
    ...itemJson({
      slug: pipeline.id,
      number: pipeline.number,
      params: request.text,
      pullRequestId: request.pullRequestId,
      skipGitStatusReport: request.skipGitStatusReport,
      environments: request.environments
    }),
    is_pipeline: true,
    // A pipeline's item names the pipeline where a build's names its workflow (the recorded answer).
    triggered_workflow: pipeline.name,
    status: STATUS_NUMBER[view.status],
    is_on_hold: view.status === 'on_hold',
    triggered_at: iso(pipeline.attempts[0].at),
    started_at: iso(attempt.startedAt),
    finished_at: iso(view.finishedAt),
    credit_cost: finished && costs.some((c) => c !== null) ? costs.reduce<number>((sum, c) => sum + (c ?? 0), 0) : null,
    rebuildable: finished
  }
  return {
    triggeredAt: pipeline.attempts[0].at,
    number: pipeline.number,
    json,
    status: view.status,
    pipeline: pipeline.name,
    event: eventOf(request.text, request.pullRequestId)
  }
}

function buildEntry(build: BuildRecord, now: number): Entry {
  const progress = progressOf(build, now)
  const json = {
    ...itemJson({
      slug: build.slug,
      number: build.buildNumber,
      params: build.originalParams,
      pullRequestId: build.pullRequestId,
      skipGitStatusReport: build.skipGitStatusReport,
      environments: build.additionalEnvs
    }),
    is_pipeline: false,
    triggered_workflow: build.triggeredWorkflow,
    status: progress.status,
    is_on_hold: progress.onHold,
    triggered_at: iso(build.triggeredAt),
    started_at: iso(build.startedAt),
    finished_at: iso(progress.finishedAt),
    credit_cost: creditCost(build, progress.finishedAt),
    rebuildable: progress.status !== 0
  }
  const status = progress.onHold ? 'on_hold' : BUILD_STATUS[progress.status]
  return {
    triggeredAt: build.triggeredAt,
    number: build.buildNumber,
    json,
    status,
    pipeline: null,
    event: eventOf(build.originalParams, build.pullRequestId)
  }
}

function matches(entry: Entry, f: Filters): boolean {
  const json = entry.json
  return (
    (f.after === undefined || entry.triggeredAt > f.after) &&
    f.before.every((before) => entry.triggeredAt < before) &&
    (f.branch === undefined || json.branch === f.branch) &&
    (f.buildNumber === undefined || entry.number === f.buildNumber) &&
    (f.commitMessage === undefined || json.commit_message === f.commitMessage) &&
    (f.pipeline === undefined || entry.pipeline === f.pipeline) &&
    (f.status === undefined || entry.status === f.status) &&
    (f.event === undefined || entry.event === f.event) &&
    (f.workflow === undefined || json.triggered_workflow === f.workflow)
  )
}

/** One page of the app's pipelines and standalone builds, newest first. */
export function pipelineListPage(ctx: RequestContext, app: AppRecord): Record<string, unknown> {
  const filters = readFilters(ctx.query)
  const now = ctx.model.now()
  const { pipelines, builds } = ctx.model.state
  const entries = [
    ...[...pipelines.values()]
      .filter((p) => p.appSlug === app.slug)
      .map((p) => pipelineEntry(p, ctx.model.pipelineView(app, p), now, builds)),
    ...[...builds.values()]
      .filter((b) => b.appSlug === app.slug && b.pipelineWorkflowId === undefined)
      .map((b) => buildEntry(b, now))
  ]
  const all = entries
    .filter((e) => matches(e, filters))
    .sort((a, b) => b.triggeredAt - a.triggeredAt || b.number - a.number)
  const page = all.slice(0, filters.limit)
  const paging: Record<string, unknown> = { total_item_count: 0, page_item_limit: 0 }
  if (all.length > filters.limit) paging.next = page.at(-1)!.json.triggered_at
  return { data: page.map((e) => e.json), paging }
}
