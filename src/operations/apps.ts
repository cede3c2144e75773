import * as core from '../runner.js'
import { ApiError, type ApiClient } from '../client.js'
import { Output } from '../constants.js'
import type { AppInputs, AppScopeInputs, UpdateAppInputs } from '../inputs.js'
import type { HandlerContext } from './context.js'
import { appPath, appsListPath } from './paths.js'

/** An app as the service describes it; only the fields the action reads are typed. */
export interface App {
  slug: string
  title?: string
  project_type?: string
  provider?: string
  repo_owner?: string
  repo_url?: string
  repo_slug?: string
  is_disabled?: boolean
  is_public?: boolean
  owner?: { account_type?: string; name?: string; slug?: string }
  [field: string]: unknown
}

/** Most rows a summary table shows; the outputs always hold everything. */
const SUMMARY_ROWS = 100

/** Lists every app of the scope (all pages), or the caller's own apps. */
export async function listApps(client: ApiClient, scope: AppScopeInputs): Promise<{ path: string; apps: App[]; pages: number; response: string }> {
  const path = appsListPath(scope)
  const { items, pages, text } = await client.listAll<App>(path)
  return { path, apps: items, pages, response: text }
}

/** Reads one app. */
export async function getApp(client: ApiClient, appSlug: string): Promise<{ app: App; response: string }> {
  const path = appPath(appSlug)
  const res = await client.get<{ data?: App } | undefined>(path)
  const app = res.body?.data
  if (typeof app !== 'object' || app === null) {
    throw new ApiError(`GET ${path}: the answer has no "data" object`, 'invalid-response', 'GET', path, res.status)
  }
  return { app, response: res.text }
}

/** Changes only the given fields; sending the same change again has the same effect. */
export async function updateApp(client: ApiClient, inputs: UpdateAppInputs): Promise<{ app?: App; response: string }> {
  const res = await client.patch<{ data?: App } | undefined>(appPath(inputs.appSlug), inputs.fields, { retry: 'idempotent' })
  const data = res.body?.data
  return { app: typeof data === 'object' && data !== null ? data : undefined, response: res.text }
}

/**
 * Deletes an app for good. When a retry meets a 404 after an attempt whose answer
 * was lost, the app is read back: a 404 there too means the lost attempt deleted it.
 */
export async function deleteApp(client: ApiClient, appSlug: string): Promise<{ response: string; byEarlierAttempt: boolean }> {
  try {
    const res = await client.delete<unknown>(appPath(appSlug))
    return { response: res.text, byEarlierAttempt: false }
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'http' || error.status !== 404 || !error.earlierAttemptMayHaveApplied) throw error
    try {
      await client.get<unknown>(appPath(appSlug))
    } catch (readError) {
      if (readError instanceof ApiError && readError.kind === 'http' && readError.status === 404) return { response: '', byEarlierAttempt: true }
    }
    throw error
  }
}

/** Names of the branches of the app's repository. */
export async function listBranches(client: ApiClient, appSlug: string): Promise<{ branches: string[]; response: string }> {
  const path = appPath(appSlug, 'branches')
  const res = await client.get<{ data?: unknown } | undefined>(path)
  const data = res.body?.data
  if (!Array.isArray(data)) throw new ApiError(`GET ${path}: the answer has no "data" list`, 'invalid-response', 'GET', path, res.status)
  return { branches: data.map(String), response: res.text }
}

/** operation: list-apps */
export async function runListApps(inputs: AppScopeInputs, ctx: HandlerContext): Promise<void> {
  const result = await listApps(ctx.client, inputs)
  const slugs = result.apps.map((app) => app.slug)
  ctx.report.output(Output.apps, result.apps)
  ctx.report.output(Output.appSlugs, slugs)
  ctx.report.output(Output.count, result.apps.length)
  ctx.report.output(Output.response, result.response)
  const whose = inputs.orgSlug ? `Workspace ${inputs.orgSlug}` : inputs.userSlug ? `user ${inputs.userSlug}` : 'your account'
  core.info(`Listed ${result.apps.length} app(s) of ${whose} over ${result.pages} page(s)`)
  const shown = result.apps.slice(0, SUMMARY_ROWS)
  ctx.report.summary({
    heading: `Apps of ${whose}`,
    lines: [
      `${result.apps.length} app(s).`,
      ...(result.apps.length > shown.length ? [`The table shows the first ${shown.length}; the file named by the apps-file output holds all of them.`] : [])
    ],
    table:
      shown.length > 0
        ? [['Slug', 'Title', 'Project type', 'Owner'], ...shown.map((app) => [cell(app.slug), cell(app.title), cell(app.project_type), cell(app.owner?.slug)])]
        : undefined
  })
}

/** A summary cell from a field the service may have left out or sent with another type. */
function cell(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** operation: get-app */
export async function runGetApp(inputs: AppInputs, ctx: HandlerContext): Promise<void> {
  const { app, response } = await getApp(ctx.client, inputs.appSlug)
  ctx.report.output(Output.app, app)
  ctx.report.output(Output.title, app.title)
  ctx.report.output(Output.repoUrl, app.repo_url)
  ctx.report.output(Output.projectType, app.project_type)
  ctx.report.output(Output.response, response)
  ctx.report.summary({
    heading: `App ${inputs.appSlug}`,
    facts: [
      ['Title', app.title],
      ['Project type', app.project_type],
      ['Repository', app.repo_url],
      ['Provider', app.provider],
      ['Owner', app.owner?.slug],
      ['Public', app.is_public],
      ['Disabled', app.is_disabled]
    ]
  })
}

/** operation: update-app */
export async function runUpdateApp(inputs: UpdateAppInputs, ctx: HandlerContext): Promise<void> {
  const { app, response } = await updateApp(ctx.client, inputs)
  ctx.report.output(Output.app, app)
  ctx.report.output(Output.response, response || undefined)
  core.info(`Updated app ${inputs.appSlug}: ${Object.keys(inputs.fields).join(', ')}`)
  ctx.report.summary({
    heading: `App ${inputs.appSlug} updated`,
    facts: Object.entries(inputs.fields).map(([field, value]) => [field, value])
  })
}

/** operation: delete-app */
export async function runDeleteApp(inputs: AppInputs, ctx: HandlerContext): Promise<void> {
  const { response, byEarlierAttempt } = await deleteApp(ctx.client, inputs.appSlug)
  ctx.report.output(Output.response, response || undefined)
  const lines = ['The app was deleted; this cannot be undone.']
  if (byEarlierAttempt) {
    lines.push('The first delete request took effect but its answer was lost; the retry found no app (404), and reading the app back confirmed it is gone.')
  }
  core.info(`Deleted app ${inputs.appSlug}${byEarlierAttempt ? `: ${lines[1]}` : ''}`)
  ctx.report.summary({ heading: `App ${inputs.appSlug} deleted`, lines })
}

/** operation: list-branches */
export async function runListBranches(inputs: AppInputs, ctx: HandlerContext): Promise<void> {
  const { branches, response } = await listBranches(ctx.client, inputs.appSlug)
  ctx.report.output(Output.branches, branches)
  ctx.report.output(Output.response, response)
  core.info(`App ${inputs.appSlug} has ${branches.length} branch(es)`)
  const shown = branches.slice(0, SUMMARY_ROWS)
  ctx.report.summary({
    heading: `Branches of ${inputs.appSlug}`,
    lines: [`${branches.length} branch(es).`, ...(branches.length > shown.length ? [`The table shows the first ${shown.length}.`] : [])],
    table: shown.length > 0 ? [['Branch'], ...shown.map((name) => [name])] : undefined
  })
}
