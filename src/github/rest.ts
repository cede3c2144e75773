/**
 * The GitHub REST client of the pull-request features, loaded only when one of them is used,
 * so no other step pays for it. It sends to GITHUB_API_URL (GitHub Enterprise Server too).
 */

/** The few GitHub calls the action makes, as a plain request function. */
export type GitHubRequest = (route: string, parameters?: Record<string, unknown>) => Promise<{ status: number; data: unknown }>

/** Longest a GitHub call may take: these calls are extras and must not hold the step. */
const TIMEOUT_MS = 30_000

/** A request function authenticated with `token`, against GITHUB_API_URL. */
export async function githubRequest(token: string): Promise<GitHubRequest> {
  const { getOctokit } = await import('@actions/github')
  const octokit = getOctokit(token)
  return async (route, parameters = {}) => {
    const res = await octokit.request(route, { ...parameters, request: { signal: AbortSignal.timeout(TIMEOUT_MS) } })
    return { status: res.status, data: res.data as unknown }
  }
}

/** The `owner` and `repo` of GITHUB_REPOSITORY, or undefined when it is not `owner/name`. */
export function repositoryOf(env: NodeJS.ProcessEnv): { owner: string; repo: string } | undefined {
  const match = /^([\w.-]+)\/([\w.-]+)$/.exec(env.GITHUB_REPOSITORY ?? '')
  return match ? { owner: match[1], repo: match[2] } : undefined
}
