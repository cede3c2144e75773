/**
 * Service paths, with every slug encoded so a value can never change the path's shape.
 * Encoding alone is not enough: `.` and `..` come through it unchanged and are then
 * resolved as path steps, so slugs are also checked.
 */
import { quote } from '../safe-text.js'

/**
 * Why a slug (typically one the service sent) cannot go into a path, or undefined
 * when it can: empty, a `.` or `..` step, a separator or `%`, or a control character.
 */
export function slugProblem(value: unknown): string | undefined {
  if (typeof value !== 'string')
    return value === undefined || value === null ? 'it is missing' : `it is a ${typeof value}, not text`
  if (value === '') return 'it is empty'
  if (value.length > 200) return 'it is longer than 200 characters'
  if (value === '.' || value.includes('..')) return 'it holds ".", or ".." which would climb out of the path'
  if (/[/\\%]/.test(value)) return 'it holds "/", "\\" or "%", which would change the path'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return 'it holds a control character'
  return undefined
}

/** One line for a slug the service sent that cannot be used: the field, the value quoted and cut, and why. */
export function describeUnsafeSlug(field: string, value: unknown, problem: string): string {
  const shown = typeof value === 'string' ? ` ${quote(value)}` : ''
  return `its ${field}${shown} cannot be used in a request path: ${problem}`
}

/** One path segment: a slug checked, then encoded. */
function segment(what: string, slug: string): string {
  const problem = slugProblem(slug)
  if (problem) throw new Error(`The ${what} ${quote(String(slug))} cannot be used in a request path: ${problem}`)
  return encodeURIComponent(slug)
}

/** An app, or a call under it. */
export function appPath(appSlug: string, ...rest: string[]): string {
  return ['/apps', segment('app slug', appSlug), ...rest].join('/')
}

/** A Workspace, or a call under it. */
export function orgPath(orgSlug: string, ...rest: string[]): string {
  return ['/organizations', segment('Workspace slug', orgSlug), ...rest].join('/')
}

/** The apps of a user. */
export function userAppsPath(userSlug: string): string {
  return `/users/${segment('user slug', userSlug)}/apps`
}

/** The user migration path is singular (`/user/`), unlike the user apps list (`/users/`). */
export function userMachineTypesPath(userSlug: string): string {
  return `/user/${segment('user slug', userSlug)}/apps/machine_types`
}

/** The apps list of a scope: a Workspace's, a user's, or the caller's own. */
export function appsListPath(scope: { orgSlug?: string; userSlug?: string }): string {
  if (scope.orgSlug) return orgPath(scope.orgSlug, 'apps')
  if (scope.userSlug) return userAppsPath(scope.userSlug)
  return '/apps'
}

/** The path of app registration, the first step of register-app. */
export const REGISTER_PATH = '/apps/register'

/** The builds of an app: where a build is triggered. */
export function buildsPath(appSlug: string): string {
  return appPath(appSlug, 'builds')
}

/** One build of an app, or a call under it (`abort`, `log`). */
export function buildPath(appSlug: string, buildSlug: string, ...rest: string[]): string {
  return [appPath(appSlug, 'builds', segment('build slug', buildSlug)), ...rest].join('/')
}

/** A pipeline of an app, or one of its actions (`abort`, `rebuild`). */
export function pipelinePath(appSlug: string, pipelineId: string, ...rest: string[]): string {
  return [appPath(appSlug, 'pipelines', segment('pipeline id', pipelineId)), ...rest].join('/')
}

/** The machine type migration of a Workspace or of a user. */
export function machineTypesPath(scope: { kind: 'organization' | 'user'; slug: string }): string {
  return scope.kind === 'organization' ? orgPath(scope.slug, 'apps', 'machine_types') : userMachineTypesPath(scope.slug)
}

/** The groups holding one role on an app's team. */
export function rolePath(appSlug: string, role: string): string {
  return appPath(appSlug, 'roles', encodeURIComponent(role))
}

/** The open build requests of an app, or one of them (held fork pull request builds). */
export function buildRequestsPath(appSlug: string, requestSlug?: string): string {
  return requestSlug === undefined
    ? appPath(appSlug, 'build-requests')
    : appPath(appSlug, 'build-requests', segment('build request slug', requestSlug))
}

/** The artifacts of a build, or one artifact. */
export function artifactsPath(appSlug: string, buildSlug: string, artifactSlug?: string): string {
  const list = buildPath(appSlug, buildSlug, 'artifacts')
  return artifactSlug === undefined ? list : `${list}/${segment('artifact slug', artifactSlug)}`
}

/** A build outside its app: the service's AI summary of a failed build lives at `/builds/{build-slug}/ai-summary`. */
export function buildOutsideAppPath(buildSlug: string, ...rest: string[]): string {
  return ['/builds', segment('build slug', buildSlug), ...rest].join('/')
}

/** The service's check of a service.yml text (`app_slug` in the query checks it against one app). */
export const VALIDATE_CONFIG_PATH = '/validate-bitrise-yml'

/** The profile of the token's user (GET only). */
export const ME_PATH = '/me'
