/**
 * A build's line: the builds a newer one of the same pull request, or of the same branch of the
 * same repository, stands in for. Superseding and abort by filter both keep to it.
 *
 * A branch build that names no repository owner is the app's own repository's: the service's own
 * push webhook sends no owner (bitrise-io/bitrise-webhooks, owners for pull requests only), nor do
 * its CLI and MCP server, and builds started from its UI or a schedule show none either. What a
 * build does record decides the rest: another owner, or a repository URL of another owner, is a
 * fork's branch of the same name, and is never in the line.
 */
import type { ListedBuild } from '../../api/build-list.js'
import { quote } from '../../safe-text.js'

/**
 * A pull request (with the owner/name of its head repository when known), or a branch of one
 * repository owner (undefined when none was named and the step's repository is not known).
 */
export type BuildLine = { pullRequestId: number; headRepository?: string } | { branch: string; owner?: string }

/** Where a listed build stands: in the line, of another pull request or branch, or of the line's pull request or branch but left out, and why. */
export type Placement = 'in' | 'elsewhere' | { left: string }

/** The owner and name of a repository URL (https, ssh or scp-like), lowercased; undefined when there are not two path parts to read. */
export function repositoryOf(url: string | undefined): { owner: string; name: string } | undefined {
  if (url === undefined) return undefined
  let path: string
  const scp = /^[^/@\s]+@[^/:\s]+:(.+)$/.exec(url)
  if (scp) {
    path = scp[1]
  } else {
    try {
      path = new URL(url).pathname
    } catch {
      return undefined
    }
  }
  const parts = path
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
    .split('/')
    .filter((part) => part !== '')
  if (parts.length < 2) return undefined
  const [owner, name] = parts.slice(-2).map((part) => part.toLowerCase())
  return { owner, name }
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/** Where the build stands against the line. */
export function placeIn(build: ListedBuild, line: BuildLine): Placement {
  if ('pullRequestId' in line) {
    if (build.pullRequestId !== line.pullRequestId) return 'elsewhere'
    return headLeft(build, line.headRepository) ?? 'in'
  }
  if (build.pullRequestId !== undefined || build.branch !== line.branch) return 'elsewhere'
  return ownerLeft(build, line.owner) ?? 'in'
}

/** Whether the build is in the line. */
export function inLine(build: ListedBuild, line: BuildLine): boolean {
  return placeIn(build, line) === 'in'
}

/** Why a build of the line's pull request is not of its head repository; undefined when it is, or either side does not say. */
function headLeft(build: ListedBuild, head: string | undefined): { left: string } | undefined {
  if (head === undefined || build.headRepositoryUrl === undefined) return undefined
  const theirs = repositoryOf(build.headRepositoryUrl)
  if (!theirs) return { left: `its head repository URL ${quote(build.headRepositoryUrl)} cannot be read` }
  const name = `${theirs.owner}/${theirs.name}`
  return same(name, head)
    ? undefined
    : { left: `it was built from ${quote(name)}, not from the pull request's head repository ${head}` }
}

/** Why a build of the line's branch is another owner's (a fork's branch of the same name); undefined when it names none or the line's. */
function ownerLeft(build: ListedBuild, owner: string | undefined): { left: string } | undefined {
  const named: Array<[string, string]> = []
  if (build.branchRepoOwner !== undefined)
    named.push([build.branchRepoOwner, `it names the repository owner ${quote(build.branchRepoOwner)}`])
  for (const url of [build.headRepositoryUrl, build.baseRepositoryUrl]) {
    if (url === undefined) continue
    const repo = repositoryOf(url)
    if (!repo)
      return { left: `its repository URL ${quote(url)} cannot be read, so nothing shows it is of this repository` }
    named.push([repo.owner, `it was built from the repository ${quote(`${repo.owner}/${repo.name}`)}`])
  }
  for (const [who, why] of named) {
    if (owner === undefined) return { left: `${why}, and no owner of this repository is known to compare it with` }
    if (!same(who, owner)) return { left: `${why}, not of ${owner} (a fork's branch may have the same name)` }
  }
  return undefined
}
