/**
 * The fake GitHub's state, and the lists it serves as GitHub does: open pull requests, recent
 * commits, a commit's check runs, and a commit's combined status (the latest status of each
 * context), one page each. The sweep of parked builds reads them.
 */

export interface FakeState {
  nextId: number
  comments: Map<number, Record<string, unknown>>
  /** Check runs by id, each with the repository (`owner/name`) it was made in. */
  checkRuns: Map<number, Record<string, unknown>>
  /** Commit statuses, oldest first, each with its repository and `sha`. */
  statuses: Array<Record<string, unknown>>
}

/** What the lists read from the fake's options. */
interface ListOptions {
  pulls?: Record<number, unknown>
  commits?: Array<{ sha: string }>
}

function perPage(query: URLSearchParams): number {
  return Math.min(100, Math.max(1, Number(query.get('per_page')) || 30))
}

/** Keeps a commit status as GitHub does: one more entry for its context on that commit. */
export function postStatus(
  state: FakeState,
  repository: string,
  sha: string,
  fields: Record<string, unknown>
): Record<string, unknown> {
  const created = { ...fields, id: state.nextId++, repository, sha, created_at: new Date().toISOString() }
  state.statuses.push(created)
  return created
}

/** The combined status of a commit: the latest status of each context, newest first, and their overall state. */
function combinedStatus(state: FakeState, repository: string, sha: string, query: URLSearchParams): unknown {
  const latest = new Map<unknown, Record<string, unknown>>()
  for (const status of state.statuses)
    if (status.repository === repository && status.sha === sha) latest.set(status.context, status)
  const statuses = [...latest.values()].reverse()
  const states = statuses.map((status) => status.state)
  const overall = states.some((s) => s === 'failure' || s === 'error')
    ? 'failure'
    : states.length > 0 && states.every((s) => s === 'success')
      ? 'success'
      : 'pending'
  return { state: overall, sha, total_count: statuses.length, statuses: statuses.slice(0, perPage(query)) }
}

/**
 * The check runs of a commit as GitHub lists them (`{ total_count, check_runs }`): those of the
 * repository on that head, narrowed by `check_name` and `status` when asked, one page.
 */
function checkRunsOf(state: FakeState, repository: string, ref: string, query: URLSearchParams): unknown {
  const name = query.get('check_name')
  const status = query.get('status')
  const runs = [...state.checkRuns.values()].filter(
    (run) =>
      run.repository === repository &&
      run.head_sha === ref &&
      (name === null || run.name === name) &&
      (status === null || run.status === status)
  )
  return { total_count: runs.length, check_runs: runs.slice(0, perPage(query)) }
}

/** The answer to a GET of one of these lists, or undefined for another path. */
export function listAnswer(
  state: FakeState,
  options: ListOptions,
  path: string,
  query: URLSearchParams
): [number, unknown] | undefined {
  let m: RegExpExecArray | null
  if (/^\/repos\/[^/]+\/[^/]+\/pulls$/.test(path))
    return [
      200,
      Object.values(options.pulls ?? {})
        .filter((pr) => (pr as { state?: unknown }).state !== 'closed')
        .slice(0, perPage(query))
    ]
  if (/^\/repos\/[^/]+\/[^/]+\/commits$/.test(path)) return [200, (options.commits ?? []).slice(0, perPage(query))]
  if ((m = /^\/repos\/([^/]+\/[^/]+)\/commits\/([^/]+)\/check-runs$/.exec(path)))
    return [200, checkRunsOf(state, m[1], decodeURIComponent(m[2]), query)]
  if ((m = /^\/repos\/([^/]+\/[^/]+)\/commits\/([^/]+)\/status$/.exec(path)))
    return [200, combinedStatus(state, m[1], decodeURIComponent(m[2]), query)]
  return undefined
}
