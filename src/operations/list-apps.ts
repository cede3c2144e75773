/** operation: list-apps — every app of a Workspace, of a user, or of the token's own user, all pages read. */
import { appFacts, listApps as list, type App, type AppScope } from '../api/apps.js'
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
  // Written to the outputs page by page: a list of any length is never held, only the table's rows.
  const apps = ctx.listOutput(Output.apps)
  const slugs = ctx.listOutput(Output.appSlugs)
  const shown: App[] = []
  const result = await list(ctx.client, scope, (page) => {
    apps.add(page)
    slugs.add(page.map((app) => app.slug))
    for (const app of page.slice(0, SUMMARY_ROWS - shown.length)) shown.push(app)
  })
  apps.end()
  slugs.end()
  const count = result.count
  ctx.output(Output.count, count)
  ctx.output(Output.response, result.response)
  const whose = scope.orgSlug
    ? `Workspace ${scope.orgSlug}`
    : scope.userSlug
      ? `user ${scope.userSlug}`
      : 'your account'
  ctx.info(`Listed ${count} app(s) of ${whose} over ${result.pages} page(s)`)
  const rows = shown.map(appFacts)
  ctx.summary({
    heading: `Apps of ${whose}`,
    lead: { mark: 'success', result: `${count} app(s)`, subject: [whose] },
    lines: [
      `${count} app(s).`,
      ...(count > rows.length
        ? [`The table shows the first ${rows.length}; the file named by the apps-file output holds all of them.`]
        : [])
    ],
    table:
      rows.length > 0
        ? [
            ['Slug', 'Title', 'Project type', 'Owner'],
            ...rows.map((app) => [cell(app.slug), cell(app.title), cell(app.projectType), cell(app.ownerSlug)])
          ]
        : undefined
  })
}

/** A summary cell from a field the service may have left out or sent with another type. */
function cell(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}
