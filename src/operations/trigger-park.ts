/**
 * A parked trigger (wait: park): the build's check run is opened first, its reference put into the
 * build's parameters, the build started, and the check run bound to it (its external_id names the
 * build) or, when the service holds the trigger for approval, to the build request; then the step
 * ends. A later job (report-parked) completes the check run from the build's record, so no runner
 * waits for the build.
 */
import { parkVariable, statusContext } from '../api/parked.js'
import type { TriggerParams } from '../api/build-params.js'
import type { TriggeredBuild } from '../api/builds.js'
import type { BuildRequest } from '../api/build-requests.js'
import { repositoryOf } from '../github/rest.js'
import type { HandlerContext } from '../step/context.js'
import { plainText } from '../summary/text.js'
import { adoptGitHubStatus, GitHubStatus } from '../builds/report/github-status/build-status.js'
import { openParkedCheck } from '../builds/report/github-status/parked.js'
import type { GitHubStatusSettings } from '../builds/report/github-status/settings.js'
import { startOrWaitForApproval } from '../builds/start/approval.js'
import type { ReuseSettings } from '../builds/start/reuse.js'

/** What a parked trigger needs of the trigger's inputs. */
export interface ParkInputs {
  appSlug: string
  params: TriggerParams
  reuse: ReuseSettings
  failIfHeld: boolean
  /** github-status: check-run or commit-status (the reading of the inputs makes sure). */
  github: GitHubStatusSettings
}

/** Starts the parked build; undefined when the service holds it for approval (its check run says so). */
export async function startParked(
  inputs: ParkInputs,
  ctx: HandlerContext,
  env: NodeJS.ProcessEnv = process.env
): Promise<(TriggeredBuild & { reused: boolean; approved?: boolean }) | undefined> {
  const { appSlug, params } = inputs
  const repo = repositoryOf(env)
  if (!repo) throw new Error('GITHUB_REPOSITORY is not set as owner/name, so the build cannot be parked on a check run')
  const { commitHash, workflowId, pullRequestId } = params
  const commit = commitHash as string
  // The name is fixed now: the workflow the service will choose is not known before the trigger.
  const name = inputs.github.name ?? `service-ci/${plainText(workflowId ?? appSlug, 100)}`
  const settings = { ...inputs.github, name }
  if (settings.mode === 'commit-status') return startParkedOnStatus({ ...inputs, github: settings }, ctx, env)
  const { request, checkRunId } = await openParkedCheck(settings, repo, commit, name)
  const repository = `${repo.owner}/${repo.repo}`
  ctx.info(`Opened check run ${checkRunId} "${name}" on ${repository}`)
  const parked: TriggerParams = {
    ...params,
    environments: [...(params.environments ?? []), parkVariable(repository, checkRunId, settings.comment)]
  }
  const adopt = (target: { buildSlug: string; buildNumber?: number; buildUrl?: string }) =>
    adoptGitHubStatus(
      settings,
      { appSlug, workflow: workflowId, commit, pullRequest: pullRequestId, ...target },
      checkRunId,
      ctx,
      env
    )
  const onHold = (held: BuildRequest) =>
    adopt({ buildSlug: held.slug }).post(
      'awaiting-approval',
      `Build request ${held.slug} awaits approval on the service`,
      `Parked: once someone approves build request ${held.slug} of app ${appSlug}, a later job reports the build here.`
    )
  let build: (TriggeredBuild & { reused: boolean }) | undefined
  try {
    build = await startOrWaitForApproval(ctx, { ...inputs, params: parked, wait: undefined, onHold })
  } catch (error) {
    await request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
      ...repo,
      check_run_id: checkRunId,
      status: 'completed',
      conclusion: 'failure',
      completed_at: new Date().toISOString(),
      output: { title: 'The build was not started', summary: "The trigger failed; the job's log says why." }
    }).catch(() => undefined)
    throw error
  }
  if (!build) return undefined
  const report = adopt(build)
  await report.post('pending', `Build ${report.label()} is running on the service; a later job reports its end`)
  return build
}

/**
 * Parked on a commit status: the build is started first (a status needs no id to record), then a
 * pending status is posted on the commit under a context that names the build, which is how the
 * sweep finds it again; a held trigger's status names the build request and says it is not reported.
 */
async function startParkedOnStatus(
  inputs: ParkInputs & { github: GitHubStatusSettings & { name: string } },
  ctx: HandlerContext,
  env: NodeJS.ProcessEnv
): Promise<(TriggeredBuild & { reused: boolean }) | undefined> {
  const { appSlug, params } = inputs
  const repository = env.GITHUB_REPOSITORY as string
  const parked: TriggerParams = {
    ...params,
    environments: [...(params.environments ?? []), parkVariable(repository, undefined, inputs.github.comment)]
  }
  const reporter = (buildSlug: string, extra: { buildNumber?: number; buildUrl?: string } = {}) =>
    new GitHubStatus(
      { ...inputs.github, name: statusContext(inputs.github.name, buildSlug) },
      {
        appSlug,
        workflow: params.workflowId,
        commit: params.commitHash,
        pullRequest: params.pullRequestId,
        buildSlug,
        ...extra
      },
      ctx,
      env
    )
  const onHold = (held: BuildRequest) =>
    reporter(held.slug).post(
      'awaiting-approval',
      `Build request ${held.slug} awaits approval on the service; report-parked does not report it: re-run once approved`
    )
  const build = await startOrWaitForApproval(ctx, { ...inputs, params: parked, wait: undefined, onHold })
  if (!build) return undefined
  const report = reporter(build.buildSlug, build)
  await report.post('pending', `Build ${report.label()} is running on the service; a later job reports its end`)
  ctx.info(`Posted the pending commit status "${statusContext(inputs.github.name, build.buildSlug)}" on ${repository}`)
  return build
}
