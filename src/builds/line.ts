/**
 * A build's line: the builds a newer one of the same pull request, or of the same branch of the
 * same repository, stands in for. Superseding and abort by filter both keep to it.
 */
import type { ListedBuild } from '../api/build-list.js'

/** A pull request, or a branch of one repository owner. */
export type BuildLine = { pullRequestId: number } | { branch: string; owner: string }

/**
 * Whether a listed build is in the line: of that pull request, or a push of that branch naming
 * that owner. A fork's branch of the same name has another owner, or none, and is never in it.
 */
export function inLine(build: ListedBuild, line: BuildLine): boolean {
  if ('pullRequestId' in line) return build.pullRequestId === line.pullRequestId
  return build.pullRequestId === undefined && build.branch === line.branch && build.branchRepoOwner?.toLowerCase() === line.owner.toLowerCase()
}
