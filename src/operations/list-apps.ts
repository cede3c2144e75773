/** operation: list-apps — every app of a Workspace, of a user, or of the token's own user, all pages read. */
import { appFacts, listApps as list, type AppScope } from '../api/apps.js'
import { Input, Output } from '../constants.js'
import { workspaceOrUser, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

/** Most rows a summary table shows; the outputs always hold everything. */
const SUMMARY_ROWS = 100

export const listApps = defineOperation<AppScope>({
  name: 'list-apps',
  role: "no particular role: the service lists the apps the token's user can see, and answers with an empty list, not a refusal, when that user sees none of a Workspace's or user's apps",
  writes: false,
  inputs: [Input.orgSlug, Input.userSlug],
  outputs: [Output.apps, Output.appSlugs, Output.count, Output.response],
  read: readScope,
  run: runListApps
})

function readScope(get: GetInput): AppScope {
  return workspaceOrUser(get, 'set one of them, or neither to list your own apps')
}

async function runListApps(scope: AppScope, ctx: HandlerContext): Promise<void> {
  const result = await list(ctx.client, scope)
  ctx.output(Output.apps, result.apps)
  ctx.output(
    Output.appSlugs,
    result.apps.map((app) => app.slug)
  )
  ctx.output(Output.count, result.apps.length)
  ctx.output(Output.response, result.response)
  const whose = scope.orgSlug
    ? `Workspace ${scope.orgSlug}`
    : scope.userSlug
      ? `user ${scope.userSlug}`
      : 'your account'
  ctx.info(`Listed ${result.apps.length} app(s) of ${whose} over ${result.pages} page(s)`)
  const shown = result.apps.slice(0, SUMMARY_ROWS).map(appFacts)
  ctx.summary({
    heading: `Apps of ${whose}`,
    lead: { mark: 'success', result: `${result.apps.length} app(s)`, subject: [whose] },
    lines: [
      `${result.apps.length} app(s).`,
      ...(result.apps.length > shown.length
        ? [`The table shows the first ${shown.length}; the file named by the apps-file output holds all of them.`]
        : [])
    ],
    table:
      shown.length > 0
        ? [
            ['Slug', 'Title', 'Project type', 'Owner'],
            ...shown.map((app) => [cell(app.slug), cell(app.title), cell(app.projectType), cell(app.ownerSlug)])
          ]
        : undefined
  })
}

/** A summary cell from a field the service may have left out or sent with another type. */
function cell(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}
