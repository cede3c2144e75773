/** operation: trigger — starts a build from the inputs and the GitHub event, sets its outputs at once, then waits when asked. */
import { DOWNLOAD_NEED, TRIGGER_ARTIFACT_INPUTS } from '../builds/report/artifacts/settings.js'
import type { TriggerParams } from '../api/build-params.js'
import { OVERRIDE_INPUTS, overrideFacts } from '../inputs/build-overrides.js'
import type { TriggeredBuild } from '../api/builds.js'
import type { BuildRequest } from '../api/build-requests.js'
import { Input, Output } from '../constants.js'
import { booleanValue, onlyWith } from '../inputs/input-use.js'
import { SEVERAL_APPS_INPUTS } from '../builds/start/targets.js'
import { GITHUB_STATUS_INPUTS, type GitHubStatusSettings } from '../builds/report/github-status/settings.js'
import type { SummarySection } from '../summary/section.js'
import type { HandlerContext } from '../step/context.js'
import { heldCheckoutFact, startOrWaitForApproval } from '../builds/start/approval.js'
import { cancelSuperseded } from '../builds/abort/supersede.js'
import { REUSE_INPUTS } from '../builds/start/reuse.js'
import { defineOperation } from './operation.js'
import { REVIEW_OUTPUTS } from '../builds/report/review.js'
import { readTrigger, severalApps, type TriggerInputs } from './trigger-inputs.js'
import { commitLink, leadLinks } from '../builds/report/lead.js'
import type { BuildReport } from '../builds/report/build.js'
import { waitForBuild } from '../builds/wait/build.js'
import { WAIT_INPUTS } from '../builds/wait/settings.js'

export const trigger = defineOperation<TriggerInputs>({
  name: 'trigger',
  role: 'Owner, Admin, Platform Engineer or Developer',
  writes: true,
  needs: [
    onlyWith(Input.wait, WAIT_INPUTS),
    onlyWith(Input.fromEvent, [Input.allowedAssociations, Input.allowClosedPullRequest]),
    {
      inputs: [Input.failFast],
      says: `several apps (${Input.appPaths}, or a list in ${Input.appSlug}) and ${Input.wait}: true`,
      holds: (value) => severalApps(value) && booleanValue(value(Input.wait))
    },
    DOWNLOAD_NEED,
    {
      inputs: [Input.installPage, Input.testReportArtifacts],
      says: `${Input.wait}: true, one app and no ${Input.pipeline}`,
      holds: (value) => booleanValue(value(Input.wait)) && !severalApps(value) && value(Input.pipeline).trim() === ''
    },
    {
      inputs: [Input.githubStatusName],
      says: `${Input.githubStatus} or ${Input.githubComment}: true`,
      holds: (value) => value(Input.githubStatus) !== 'none' || booleanValue(value(Input.githubComment))
    }
  ],
  inputs: [
    Input.appSlug,
    Input.workflow,
    Input.pipeline,
    Input.branch,
    Input.tag,
    Input.commitHash,
    Input.commitMessage,
    Input.branchDest,
    Input.branchRepoOwner,
    Input.branchDestRepoOwner,
    Input.pullRequestId,
    Input.pullRequestMergeBranch,
    Input.pullRequestHeadBranch,
    Input.pullRequestRepositoryUrl,
    Input.skipGitStatusReport,
    Input.environments,
    Input.secretEnvironments,
    ...OVERRIDE_INPUTS,
    Input.fromEvent,
    Input.githubToken,
    Input.allowedAssociations,
    Input.wait,
    Input.failIfHeld,
    Input.allowClosedPullRequest,
    ...WAIT_INPUTS,
    ...REUSE_INPUTS,
    ...GITHUB_STATUS_INPUTS,
    ...SEVERAL_APPS_INPUTS,
    ...TRIGGER_ARTIFACT_INPUTS,
    Input.installPage,
    Input.testReportArtifacts
  ],
  outputs: [
    Output.buildSlug,
    Output.buildNumber,
    Output.buildUrl,
    Output.triggeredWorkflow,
    Output.response,
    Output.buildStatus,
    Output.buildStatusText,
    Output.failureSummary,
    ...REVIEW_OUTPUTS,
    Output.installPageUrls,
    Output.supersededBuilds,
    Output.reused,
    Output.builds,
    Output.artifacts,
    Output.artifactsDir,
    Output.pipelineId,
    Output.pipelineUrl,
    Output.pipelineStatus,
    Output.buildRequestSlug,
    Output.durationSeconds,
    Output.queueSeconds,
    Output.creditCost,
    Output.parked
  ],
  read: readTrigger,
  run: runTrigger
})

async function runTrigger(inputs: TriggerInputs, ctx: HandlerContext): Promise<void> {
  if (inputs.several)
    return (await import('../builds/start/app-builds.js')).startSeveralApps(inputs, inputs.several, ctx)
  const params = inputs.params
  for (const note of inputs.notes) ctx.notice(note)
  for (const warning of inputs.warnings) ctx.warning(warning)
  const github = inputs.github
  const onHold = github && ((request: BuildRequest) => showHoldOnGitHub(github, inputs.appSlug, params, request, ctx))
  const start =
    inputs.park && github
      ? (await import('./trigger-park.js')).startParked({ ...inputs, github }, ctx)
      : startOrWaitForApproval(ctx, { ...inputs, onHold })
  if (inputs.park) ctx.output(Output.parked, true)
  const build = await start.catch(async (error: unknown) => {
    throw await (
      await import('../builds/start/unknown-target.js')
    ).explainRefusedTarget(error, inputs.appSlug, params, ctx)
  })
  if (!build) return
  outputStarted(build, ctx)
  if (inputs.reuse.cancelSuperseded && !build.reused)
    await cancelSuperseded(ctx, inputs.appSlug, build, params, inputs.fork)
  const number = build.buildNumber !== undefined ? `#${build.buildNumber}` : undefined
  if (!build.reused)
    ctx.info(
      `Triggered build ${number ? `${number} ` : ''}${build.buildSlug}${build.buildUrl ? `: ${build.buildUrl}` : ''}`
    )
  const section = triggeredSection(inputs, build, number, ctx)
  ctx.summary(section)
  if (!build.others && (params.pipelineId || build.triggeredPipeline))
    return pipelineStarted(inputs, build, section, ctx)
  if (inputs.park) return ctx.info(`Parked: report-parked reports build ${build.buildSlug} on its check run`)
  const report = inputs.github && (await gitHubStatus(inputs.github, inputs.appSlug, build, params, ctx))
  if (build.others)
    return (await import('../builds/wait/results.js')).waitForResults(
      { appSlug: inputs.appSlug, started: build, section, wait: inputs.wait, report, artifacts: inputs.artifacts },
      ctx
    )
  if (!inputs.wait) return
  const installPage = trustedInstallPage(inputs, build.approved === true, ctx)
  const succeeded = await waitForBuild(
    {
      appSlug: inputs.appSlug,
      buildSlug: build.buildSlug,
      section,
      buildUrl: section.link?.href,
      report,
      installPage,
      testReports: inputs.testReports
    },
    inputs.wait,
    ctx
  )
  if (succeeded && inputs.artifacts)
    await (
      await import('../builds/report/artifacts/report.js')
    ).reportArtifacts(inputs.appSlug, build.buildSlug, inputs.artifacts, ctx, false)
}

/** The started build's outputs, and a warning for each build URL the step would not trust. */
function outputStarted(build: TriggeredBuild, ctx: HandlerContext): void {
  ctx.output(Output.buildSlug, build.buildSlug)
  ctx.output(Output.buildNumber, build.buildNumber)
  ctx.output(Output.buildUrl, build.buildUrl)
  for (const one of [build, ...(build.others ?? [])]) if (one.buildUrlProblem) ctx.warning(one.buildUrlProblem)
  ctx.output(Output.triggeredWorkflow, build.triggeredWorkflow)
  ctx.output(Output.response, build.response)
}

/** install-page's patterns for a build that may get a public install page: never a fork's code (anyone with the link installs what it built) unless an approval on the service started it. */
function trustedInstallPage(inputs: TriggerInputs, approved: boolean, ctx: HandlerContext): string[] | undefined {
  if (inputs.installPage.length === 0) return undefined
  if (!inputs.fork || approved) return inputs.installPage
  ctx.notice(
    `${Input.installPage}: no install page is opened for ${inputs.fork} unless its build was approved on the service (manual build approval): anyone with the link could install what it built.`
  )
  return undefined
}

/** The job summary's section of a started build: its lead line, link and facts. */
function triggeredSection(
  inputs: TriggerInputs,
  build: TriggeredBuild & { reused: boolean },
  number: string | undefined,
  ctx: HandlerContext
): SummarySection {
  const { params } = inputs
  const pipeline = params.pipelineId ?? build.triggeredPipeline
  const page = pipeline
    ? { text: 'Open the pipeline', href: build.buildUrl }
    : { text: `Build ${number ?? build.buildSlug}`, href: build.buildUrl }
  return {
    heading: `Build ${number ?? build.buildSlug} ${build.reused ? 'already running' : 'triggered'} on ${inputs.appSlug}`,
    lead: {
      mark: 'running',
      result: build.reused ? 'Already running' : 'Triggered',
      subject: [
        inputs.appSlug,
        pipeline ? `pipeline ${pipeline}` : (build.triggeredWorkflow ?? params.workflowId ?? '')
      ],
      links: leadLinks(build.buildUrl ? page : undefined, commitLink(ctx, params.commitHash))
    },
    fold: true,
    link: httpLink(build.buildUrl),
    facts: [
      ['Workflow', build.triggeredWorkflow ?? params.workflowId],
      ['Branch', params.branch],
      ['Tag', params.tag],
      ['Commit', params.commitHash],
      ['Pull request', params.pullRequestId],
      ['Checkout', heldCheckoutFact(inputs.params)],
      ['Target branch', params.branchDest],
      ['Source owner', params.branchRepoOwner],
      ['Target owner', params.branchDestRepoOwner],
      ['Environment variables', params.environments?.map((item) => item.name).join(', ')],
      ...overrideFacts(inputs.params),
      ['Parameters from event', inputs.fromEvent],
      [pipeline ? 'Pipeline id' : 'Build slug', build.buildSlug]
    ],
    lines: [...inputs.notes, ...inputs.warnings]
  }
}

/** A pipeline started: its outputs, and with wait, its wait; the module that waits is loaded only then. */
async function pipelineStarted(
  inputs: TriggerInputs,
  build: TriggeredBuild,
  section: SummarySection,
  ctx: HandlerContext
): Promise<void> {
  ctx.output(Output.pipelineId, build.buildSlug)
  if (build.buildUrl) ctx.output(Output.pipelineUrl, build.buildUrl)
  section.heading = `${section.lead?.subject[1] ?? 'Pipeline'} triggered on ${inputs.appSlug}`
  if (inputs.wait)
    await (
      await import('../builds/wait/pipeline.js')
    ).waitForPipeline(inputs.appSlug, build.buildSlug, inputs.wait, section, ctx)
}

/**
 * A trigger held for approval, on GitHub when github-status or github-comment asks for it: the
 * commit and the pull request show that the build awaits approval, and how to give it.
 */
async function showHoldOnGitHub(
  settings: GitHubStatusSettings,
  appSlug: string,
  params: TriggerParams,
  request: BuildRequest,
  ctx: HandlerContext
): Promise<void> {
  const { postHold } = await import('../builds/report/github-status/build-status.js')
  const commit = params.commitHash ? ` and commit ${params.commitHash}` : ''
  const how =
    `The service holds this build for manual approval as build request ${request.slug} of app ${appSlug}; no build runs until it is approved. ` +
    `Someone with access to the app approves it on the app's page on the service, or a maintainer has the repository's approval workflow run approve-build-request for this pull request${commit} (for example by the label or comment that workflow listens for).`
  const target = {
    appSlug,
    buildSlug: request.slug,
    workflow: params.workflowId ?? params.pipelineId,
    commit: params.commitHash,
    pullRequest: params.pullRequestId
  }
  await postHold(settings, target, how, ctx)
}

/** Posts the pending status on GitHub; the module that posts is loaded only here. */
async function gitHubStatus(
  settings: GitHubStatusSettings,
  appSlug: string,
  build: TriggeredBuild,
  params: TriggerParams,
  ctx: HandlerContext
): Promise<BuildReport> {
  const { startGitHubStatus } = await import('../builds/report/github-status/build-status.js')
  const target = {
    appSlug,
    buildSlug: build.buildSlug,
    buildNumber: build.buildNumber,
    buildUrl: build.buildUrl,
    workflow: build.triggeredWorkflow ?? params.workflowId,
    commit: params.commitHash,
    pullRequest: params.pullRequestId
  }
  return startGitHubStatus(settings, target, ctx)
}

function httpLink(url: string | undefined): SummarySection['link'] {
  return url && /^https?:\/\/[^\s"<>]+$/.test(url) ? { text: 'Open the build', href: url } : undefined
}
