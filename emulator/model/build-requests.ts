/**
 * Build requests: the service keeps a held fork pull request build as an open request until
 * someone approves it (the build starts) or rejects it (the build ends aborted).
 */
import { progressOf } from '../builds.js'
import { notFound } from '../http-error.js'
import type { EmulatorState } from '../state.js'
import type { AppRecord, BuildRecord } from '../types.js'
import { abortBuild, approveBuild } from './builds.js'

const PREFIX = 'req-'

/** The slug of the build request of a held build: its own name, so it cannot be taken for the build's. */
export function requestSlugOf(build: BuildRecord): string {
  return `${PREFIX}${build.slug}`
}

/** The open build requests of an app, oldest first. */
export function openBuildRequests(state: EmulatorState, app: AppRecord, now: number): BuildRecord[] {
  return [...state.builds.values()].filter((b) => b.appSlug === app.slug && progressOf(b, now).onHold).sort((a, b) => a.buildNumber - b.buildNumber)
}

/** Approves (the build starts now) or rejects (the build is aborted) an open build request. */
export function decideBuildRequest(state: EmulatorState, app: AppRecord, caller: string, requestSlug: string, approve: boolean, now: number): BuildRecord {
  const build = requestSlug.startsWith(PREFIX) ? state.builds.get(requestSlug.slice(PREFIX.length)) : undefined
  if (!build || build.appSlug !== app.slug || !progressOf(build, now).onHold) throw notFound(`no open build request "${requestSlug}" for app "${app.slug}"`)
  if (approve) return approveBuild(state, build.slug, now)
  abortBuild(state, app, build, caller, { reason: 'The build request was rejected', withSuccess: false, skipGitStatusReport: false, skipNotifications: false }, now)
  return build
}
