/**
 * The AI summary of a failed build, `GET /builds/{build-slug}/ai-summary`: outside any app in
 * the path, so the build's own app decides who may read it.
 *
 * The published contract: only after the build has failed and with the feature on in the app's
 * settings; a 404 (`{error_msg}`) when the build does not exist, the caller may not see it, or
 * there is no summary. It shows no body for the 200 and no public client reads one, so the
 * emulator's `{summary}` is its own reading (README); the action accepts other shapes too.
 * The text is the emulator's own: the workflow, and the commit message the build ran for, which
 * makes it text from outside the action, as a real summary quoting a log is.
 */
import { notFound } from '../http/errors.js'
import type { Reply } from '../http/io.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import { progressOf } from '../model/build-progress.js'
import type { BuildRecord } from '../model/types.js'

function getAiSummary(ctx: RequestContext): Reply {
  const nothing = notFound('not found: the build does not exist, you may not see it, or it has no AI summary')
  const build = ctx.model.state.builds.get(ctx.params.build)
  if (!build) throw nothing
  const app = ctx.model.state.apps.get(build.appSlug)
  if (!app || ctx.model.state.roleOf(ctx.user, app) === null) throw nothing
  // Status 2 only: an aborted build (3, 4) did not fail on its own, and a running one (0) not yet.
  if (!app.aiSummary || progressOf(build, ctx.model.now()).status !== 2) throw nothing
  return { status: 200, json: { summary: summaryOf(build) } }
}

/** The emulator's summary of a failed build. */
export function summaryOf(build: BuildRecord): string {
  const message = typeof build.originalParams.commit_message === 'string' ? build.originalParams.commit_message : ''
  const change = message === '' ? 'the commit it built' : `the change "${message}"`
  return `The ${build.triggeredWorkflow} workflow failed in its script step, which exited with status 1 after ${change}. Run the step locally to see the failing test.`
}

export const aiSummaryRoutes: ApiRoute[] = [
  {
    method: 'GET',
    pattern: '/builds/:build/ai-summary',
    access: { kind: 'caller', rule: "any role on the build's app; anyone else gets the 404 of a build without a summary" },
    errorStyle: 'error_msg',
    handler: getAiSummary
  }
]
