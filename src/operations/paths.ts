/** Service paths, with every slug encoded so a value can never change the path's shape. */

export function appPath(appSlug: string, ...rest: string[]): string {
  return ['/apps', encodeURIComponent(appSlug), ...rest].join('/')
}

export function orgPath(orgSlug: string, ...rest: string[]): string {
  return ['/organizations', encodeURIComponent(orgSlug), ...rest].join('/')
}

export function userAppsPath(userSlug: string): string {
  return `/users/${encodeURIComponent(userSlug)}/apps`
}

/** The user migration path is singular (`/user/`), unlike the user apps list (`/users/`). */
export function userMachineTypesPath(userSlug: string): string {
  return `/user/${encodeURIComponent(userSlug)}/apps/machine_types`
}

/** The apps list of a scope: a Workspace's, a user's, or the caller's own. */
export function appsListPath(scope: { orgSlug?: string; userSlug?: string }): string {
  if (scope.orgSlug) return orgPath(scope.orgSlug, 'apps')
  if (scope.userSlug) return userAppsPath(scope.userSlug)
  return '/apps'
}
