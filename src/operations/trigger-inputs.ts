/** The trigger operation's inputs: the build parameters from the inputs and the GitHub event, each checked, and the settings of what follows the trigger. */
import { readTriggerArtifacts, type ArtifactSettings } from '../builds/report/artifacts/settings.js'
import { readInstallPage } from '../builds/report/install-page.js'
import { hasBuildTarget, mergeBuildParams, type TriggerParams } from '../api/build-params.js'
import { readBuildOverrides } from '../inputs/build-overrides.js'
import { Input } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { readAppTargets, type SeveralApps } from '../builds/start/targets.js'
import { buildParamsFromEvent, closedPullRequestOf, readGitHubEvent, type GitHubEvent } from '../github/event.js'
import * as read from '../inputs/readers.js'
import { readNameGlobs } from '../inputs/name-globs.js'
import type { GetInput } from '../inputs/readers.js'
import { checkAsker, readAllowedAssociations } from '../github/trust.js'
import { readGitHubStatusSettings, type GitHubStatusSettings } from '../builds/report/github-status/settings.js'
import { checkoutWarnings } from '../builds/start/approval.js'
import { readReuseSettings, type ReuseSettings } from '../builds/start/reuse.js'
import { readWaitSettings, type WaitSettings } from '../builds/wait/settings.js'

export interface TriggerInputs {
  appSlug: string
  params: TriggerParams
  /** Where each parameter came from, for the job summary. */
  fromEvent: string | undefined
  notes: string[]
  /** Things the user should change, e.g. owner inputs that make a fork pull request read as a same-repository one. */
  warnings: string[]
  /** Set when the event's code comes from a fork (its pull request or workflow run): what it is, for messages. */
  fork?: string
  wait: WaitSettings | undefined
  reuse: ReuseSettings
  github: GitHubStatusSettings | undefined
  /** Set when the step builds several apps (app-slug holding a list, or app-paths). */
  several?: SeveralApps
  /** What to do with the build's artifacts once it has succeeded (list-artifacts, download-artifacts). */
  artifacts?: ArtifactSettings
  /** Fail when the trigger is held for manual approval instead of passing with the build request. */
  failIfHeld: boolean
  /** wait: park: the build's check run is left open for report-parked to complete. */
  park: boolean
  /** install-page: the artifacts of a successful, trusted build to open an install page for; empty: off. */
  installPage: string[]
  /** test-report-artifacts: artifacts to read JUnit XML from when the service gives no test results; empty: off. */
  testReports: string[]
}

/** Whether the step names several apps: app-paths, or more than one slug in app-slug. */
export function severalApps(value: GetInput): boolean {
  return (
    value(Input.appPaths) !== '' ||
    value(Input.appSlug)
      .split(/[\n,]/)
      .filter((item) => item.trim() !== '').length > 1
  )
}

export async function readTrigger(get: GetInput, env: NodeJS.ProcessEnv): Promise<TriggerInputs> {
  const { appSlug, several } = await readAppTargets(get)
  const explicit = await readExplicitParams(get)
  const park = get(Input.wait).trim() === 'park'
  const wait =
    !park && read.booleanFlag(get, Input.wait, false)
      ? readWaitSettings(get, env, explicit.pipelineId === undefined ? 'build' : 'pipeline')
      : undefined
  const allowed = readAllowedAssociations(get)
  const raw = read.booleanFlag(get, Input.fromEvent, true) ? readGitHubEvent(env) : undefined
  const allowClosed = read.booleanFlag(get, Input.allowClosedPullRequest, false)
  const event = raw && (await pullRequestEvent(raw, get, env, allowed))
  if (event && !allowClosed) refuseClosedPullRequest(raw.name, event)
  const { params, notes, warnings, fork } = event
    ? withEvent(get, explicit, event)
    : { params: explicit, notes: [], warnings: [], fork: undefined }
  for (const [key, value] of Object.entries(params))
    if (value === undefined) delete (params as Record<string, unknown>)[key]
  warnings.push(...checkoutWarnings(params))
  if (!hasBuildTarget(params)) {
    throw new InputError(
      Input.branch,
      `no branch, tag, commit-hash or workflow was given${event ? ` and the ${event.name} event provides none` : ''}; set at least one of them`
    )
  }
  // Several apps are started and watched as builds: a pipeline's id would be taken for a build slug.
  if (several && params.pipelineId !== undefined)
    throw new InputError(
      Input.pipeline,
      `works with one app only, not with several apps in ${get(Input.appPaths) !== '' ? Input.appPaths : Input.appSlug}`
    )
  const artifacts = readTriggerArtifacts(get, env, {
    waiting: wait !== undefined,
    severalApps: several !== undefined,
    pipeline: params.pipelineId !== undefined
  })
  const github = readGitHubStatusSettings(get)
  const reuse = readReuseSettings(get)
  if (park) refuseParkWithout({ several, params, github, reuse })
  return {
    appSlug,
    params,
    fromEvent: raw?.name,
    notes,
    warnings,
    fork,
    wait,
    reuse,
    github,
    several,
    artifacts,
    failIfHeld: read.booleanFlag(get, Input.failIfHeld, false),
    park,
    installPage: readInstallPage(get),
    testReports: readNameGlobs(get, Input.testReportArtifacts)
  }
}

/** What wait: park needs: one app's build (not a pipeline, not reused), its commit, and a check run or status to leave open. */
function refuseParkWithout(inputs: Pick<TriggerInputs, 'several' | 'params' | 'github' | 'reuse'>): void {
  const refuse = (why: string): never => {
    throw new InputError(Input.wait, `is park, which ${why}`)
  }
  if (inputs.github?.mode !== 'check-run' && inputs.github?.mode !== 'commit-status')
    refuse(
      `leaves the build's check run (or pending commit status) open for report-parked: set ${Input.githubStatus}: check-run or commit-status`
    )
  if (inputs.several) refuse("parks one app's build: name one app")
  if (inputs.params.pipelineId) refuse('parks a build, not a pipeline')
  if (!inputs.params.commitHash) refuse(`needs the built commit for the check run: set ${Input.commitHash}`)
  if (inputs.reuse.reuseRunningBuild)
    refuse(
      `records where to report in the new build's parameters, which a reused build lacks: leave ${Input.reuseRunningBuild} off`
    )
}

/** Any event carrying a comment or review is gated; reviews and comments build their pull request (loaded only for them). */
async function pullRequestEvent(
  event: GitHubEvent,
  get: GetInput,
  env: NodeJS.ProcessEnv,
  allowed: readonly string[]
): Promise<GitHubEvent> {
  checkAsker(event, allowed, 'built')
  if (
    event.name !== 'pull_request_review' &&
    event.name !== 'pull_request_review_comment' &&
    event.name !== 'issue_comment'
  )
    return event
  const { resolvePullRequestEvent } = await import('../github/event-sources.js')
  return resolvePullRequestEvent(event, get(Input.githubToken), env)
}

/** A pull request that is no longer open is built only when allow-closed-pull-request says so. */
function refuseClosedPullRequest(eventName: string, event: GitHubEvent): void {
  const closed = closedPullRequestOf(event)
  if (!closed) return
  const which = closed.number !== undefined ? `pull request #${closed.number}` : 'a pull request'
  throw new InputError(
    Input.allowClosedPullRequest,
    `the ${eventName} event is for ${which}, which is ${closed.merged ? 'merged' : 'closed'}: a closed pull request is not built unless asked for. ` +
      `Set ${Input.allowClosedPullRequest}: true to build it anyway, or run this step only while it is open (leave closed out of the workflow's pull_request types, or add if: github.event.action != 'closed')`
  )
}

/** The build parameters the inputs give, each checked. */
async function readExplicitParams(get: GetInput): Promise<TriggerParams> {
  const environments = [
    ...(await read.environmentItems(get, Input.environments)),
    ...(await read.environmentItems(get, Input.secretEnvironments, true))
  ]
  const names = new Set<string>()
  for (const item of environments) {
    if (names.has(item.name))
      throw new InputError(Input.secretEnvironments, `the variable ${item.name} is also in ${Input.environments}`)
    names.add(item.name)
  }
  return {
    workflowId: read.singleLine(get, Input.workflow),
    pipelineId: readPipeline(get),
    branch: read.gitRefName(get, Input.branch),
    tag: read.gitRefName(get, Input.tag),
    commitHash: read.matching(get, Input.commitHash, /^[0-9a-f]{7,64}$/i, 'a commit hash (7 to 64 hexadecimal digits)'),
    commitMessage: read.optionalText(get, Input.commitMessage),
    branchDest: read.gitRefName(get, Input.branchDest),
    branchRepoOwner: read.slug(get, Input.branchRepoOwner),
    branchDestRepoOwner: read.slug(get, Input.branchDestRepoOwner),
    pullRequestId: read.optionalInteger(get, Input.pullRequestId, 1, 2 ** 31 - 1),
    pullRequestMergeBranch: read.gitRefName(get, Input.pullRequestMergeBranch),
    pullRequestHeadBranch: read.gitRefName(get, Input.pullRequestHeadBranch),
    pullRequestRepositoryUrl: read.gitUrl(get, Input.pullRequestRepositoryUrl),
    skipGitStatusReport: read.booleanFlag(get, Input.skipGitStatusReport, false) || undefined,
    environments: environments.length > 0 ? environments : undefined,
    ...(await readBuildOverrides(get, environments))
  }
}

/** The pipeline to run instead of a workflow. */
function readPipeline(get: GetInput): string | undefined {
  const pipeline = read.slug(get, Input.pipeline)
  if (pipeline !== undefined && get(Input.workflow).trim() !== '')
    throw new InputError(
      Input.pipeline,
      `cannot be used together with ${Input.workflow}: a build runs one workflow or one pipeline`
    )
  return pipeline
}

/** The event's parameters under the explicit ones, and what to tell the user about them. */
function withEvent(
  get: GetInput,
  explicit: TriggerParams,
  event: NonNullable<ReturnType<typeof readGitHubEvent>>
): { params: TriggerParams; notes: string[]; warnings: string[]; fork?: string } {
  const mapped = buildParamsFromEvent(event)
  const params = mergeBuildParams(mapped.params, explicit)
  const fork = mapped.isForkPullRequest
    ? event.name === 'workflow_run'
      ? `a workflow run of a fork`
      : `a fork pull request`
    : undefined
  const unnamed = fork && !params.workflowId && !params.pipelineId && !params.branch
  if (unnamed)
    mapped.notes.push(
      `The trigger of ${fork} names no branch, so the app's trigger map chooses its workflow without one; if no item matches, set ${Input.workflow}.`
    )
  const owners = [Input.branchRepoOwner, Input.branchDestRepoOwner].filter((name) => get(name) !== '')
  if (!mapped.isForkPullRequest || owners.length === 0) return { params, notes: mapped.notes, warnings: [], fork }
  return { params, ...forkOwnerAdvice(owners, params), fork }
}

/**
 * Owners set by input on a fork pull request. The service takes a pull request build for a fork's,
 * which it may hold for approval, when both owners are omitted (interface rule 3) or differ (its own
 * GitHub webhook sends the fork's owner and the base's, bitrise-io/bitrise-webhooks); equal owners
 * read as a same-repository pull request, which is not held.
 */
function forkOwnerAdvice(owners: string[], params: TriggerParams): { notes: string[]; warnings: string[] } {
  const source = params.branchRepoOwner
  const dest = params.branchDestRepoOwner
  const keep = 'Leave both owner inputs empty to send the fork pull request as the interface documents it.'
  if (source && dest && source.toLowerCase() !== dest.toLowerCase()) {
    return {
      notes: [
        `This pull request comes from a fork; ${Input.branchRepoOwner} (${source}) and ${Input.branchDestRepoOwner} (${dest}) differ, as the service's own webhook sends them for a fork, so the service may hold its build for approval.`
      ],
      warnings: []
    }
  }
  if (source && dest) {
    return {
      notes: [],
      warnings: [
        `This pull request comes from a fork, but ${Input.branchRepoOwner} and ${Input.branchDestRepoOwner} are both ${source}, so the service takes it for a pull request from the app's own repository and will not hold it for approval: the fork's code runs with the app's secrets. ${keep}`
      ]
    }
  }
  return {
    notes: [],
    warnings: [
      `This pull request comes from a fork, but only ${owners.join(' and ')} is set: no public source says whether the service holds such a build for approval. ${keep}`
    ]
  }
}
