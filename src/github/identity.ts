/**
 * Who the github-token acts as, so the action edits only a comment it wrote itself. GraphQL's
 * `viewer` answers for every kind of token: `github-actions[bot]` for the job's GITHUB_TOKEN,
 * `<app>[bot]` for another GitHub App's installation token, the user's login for a personal
 * token. `GET /user` answers only for a user's token (an app's token gets 403 "Resource not
 * accessible by integration"), so it is asked second, when GraphQL is not reachable.
 */
import type { GitHubRequest } from './rest.js'

/** The login the token acts as, or undefined when GitHub would not say. */
export async function tokenLogin(request: GitHubRequest): Promise<string | undefined> {
  try {
    const res = await request('POST /graphql', { query: 'query { viewer { login } }' })
    const login = (res.data as { data?: { viewer?: { login?: unknown } } } | undefined)?.data?.viewer?.login
    if (typeof login === 'string' && login !== '') return login
  } catch {
    // not reachable with this token or server: try the REST call
  }
  try {
    const res = await request('GET /user')
    const login = (res.data as { login?: unknown } | undefined)?.login
    return typeof login === 'string' && login !== '' ? login : undefined
  } catch {
    return undefined
  }
}

/** Whether a comment (as GitHub lists it) was written by `login`; logins compare without case, as GitHub's do. */
export function writtenBy(comment: { user?: unknown }, login: string): boolean {
  const user = comment.user as { login?: unknown } | null | undefined
  return typeof user?.login === 'string' && user.login.toLowerCase() === login.toLowerCase()
}
