/**
 * The AI summary of a failed build, `GET /builds/{build-slug}/ai-summary`: outside any app in
 * the path, so the build's own app decides who may read it.
 *
 * The published contract: only after the build has failed and with the feature on in the app's
 * settings; a 404 (`{error_msg}`) when the build does not exist, the caller may not see it, or
 * there is no summary. It shows no body for the 200 and no public client reads one, so both of
 * the emulator's shapes are its own reading (README): `{summary}`, or the three parts the product
 * shows (seed `ai_summary_shape: three_parts`); the action accepts other shapes too. The service
 * writes a summary after the build ends, how soon no source says: seed `ai_summary_delay_ms`
 * keeps the 404 for that long after the failure.
 * The text is the emulator's own: the workflow, and the commit message the build ran for, which
 * makes it text from outside the action, as a real summary quoting a log is.
 */
import { notFound } from '../http/errors.js'
import type { Reply } from '../http/io.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import type { Access } from '../model/access.js'
import { progressOf } from '../model/build-progress.js'
import type { BuildRecord } from '../model/build-records.js'

function getAiSummary(ctx: RequestContext): Reply {
  const nothing = notFound('not found: the build does not exist, you may not see it, or it has no AI summary')
  const build = ctx.model.state.builds.get(ctx.params.build)
  if (!build) throw nothing
  const app = ctx.model.state.apps.get(build.appSlug)
  if (!app || ctx.model.state.roleOf(ctx.user, app) === null) throw nothing
  // Status 2 only: an aborted build (3, 4) did not fail on its own, and a running one (0) not yet.
  const progress = progressOf(build, ctx.model.now())
  if (!app.aiSummary || progress.status !== 2) throw nothing
  // Not written yet: the same 404 as for no summary at all, as the contract has only the one.
  if (ctx.model.now() < (progress.finishedAt ?? 0) + (app.aiSummaryDelayMs ?? 0)) throw nothing
  return { status: 200, json: app.aiSummaryShape === 'three_parts' ? partsOf(build) : { summary: summaryOf(build) } }
}

/** The emulator's summary of a failed build. */
export function summaryOf(build: BuildRecord): string {
  const message = typeof build.originalParams.commit_message === 'string' ? build.originalParams.commit_message : ''
  const change = message === '' ? 'the commit it built' : `the change "${message}"`
  return `The ${build.triggeredWorkflow} workflow failed in its script step, which exited with status 1 after ${change}. Run the step locally to see the failing test.`
}

/** The emulator's summary in the three parts the product shows, under their likely field names (no source gives them). */
export function partsOf(build: BuildRecord): Record<string, string> {
  const message = typeof build.originalParams.commit_message === 'string' ? build.originalParams.commit_message : ''
  return {
    failure_details: `The ${build.triggeredWorkflow} workflow failed in its script step, which exited with status 1.`,
    reason:
      message === '' ? 'A test failed after the commit it built.' : `A test failed after the change "${message}".`,
    suggested_solution: 'Run the step locally to see the failing test, fix it, and push again.'
  }
}

const ROLE_ON_BUILDS_APP: Access = {
  kind: 'caller',
  rule: "any role on the build's app; anyone else gets the 404 of a build without a summary"
}

export const aiSummaryRoutes: ApiRoute[] = [
  {
    method: 'GET',
    pattern: '/builds/:build/ai-summary',
    access: ROLE_ON_BUILDS_APP,
    errorStyle: 'error_msg',
    handler: getAiSummary
  }
]
