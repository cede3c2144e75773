/**
 * What a build reports besides its status (model/build-reports.ts): the step summary,
 * `GET /apps/{app-slug}/builds/{build-slug}/log/summary`, and the test results,
 * `GET /apps/{app-slug}/builds/{build-slug}/test-results`; neither is in the published
 * contract (emulator/docs/build-reports.md names the sources).
 */
import { APP_ANY_ROLE } from '../model/access.js'
import { notFound } from '../http/errors.js'
import type { Reply } from '../http/io.js'
import { stepSummaryOf, testResultsOf } from '../model/build-reports.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import { findBuild } from './builds.js'

function getStepSummary(ctx: RequestContext): Reply {
  const build = findBuild(ctx)
  const json = stepSummaryOf(ctx.app(), build, ctx.model.now())
  if (json === null) throw notFound(`build "${build.slug}" has no step summary yet`)
  return { status: 200, json }
}

function getTestResults(ctx: RequestContext): Reply {
  const build = findBuild(ctx)
  return testResultsOf(ctx.app(), build, ctx.model.now())
}

export const buildReportRoutes: ApiRoute[] = [
  { method: 'GET', pattern: '/apps/:app/builds/:build/log/summary', access: APP_ANY_ROLE, handler: getStepSummary },
  { method: 'GET', pattern: '/apps/:app/builds/:build/test-results', access: APP_ANY_ROLE, handler: getTestResults }
]
