/**
 * The build's status on GitHub: a commit status or a check run on the built commit, and optionally a pull request
 * comment, posted at trigger (pending), on hold (no free concurrency slot) and at the end of the wait (the final state,
 * build number and duration). Posting is an extra: every failure is a warning and never fails the step.
 */
import { checkedBuildUrl } from '../../../api/build-url.js'
import { describeDuration } from '../../../inputs/durations.js'
import type { HandlerContext } from '../../../step/context.js'
import type { BuildReport, WaitEnd } from '../build.js'
import { escape, plainText } from '../../../summary/text.js'
import { commentBody, commentMarker, upsertComment } from './pr-comment.js'
import { GitHubError, githubRequest, repositoryOf, type GitHubRequest } from '../../../github/rest.js'
import type { GitHubStatusSettings } from './settings.js'

/** The build whose status is posted. */
export interface StatusTarget {
  appSlug: string
  buildSlug: string
  buildNumber?: number
  buildUrl?: string
  workflow?: string
  commit?: string
  pullRequest?: number
  /** What the build cost, when its record says (a sweep of parked builds reads it with the end). */
  creditCost?: number
}

type Phase = 'awaiting-approval' | 'pending' | 'on-hold' | 'success' | 'failure' | 'cancelled'

const COMMIT_STATE: Record<Phase, string> = {
  'awaiting-approval': 'pending',
  pending: 'pending',
  'on-hold': 'pending',
  success: 'success',
  failure: 'failure',
  cancelled: 'error'
}
const CONCLUSION: Record<Phase, string | undefined> = {
  'awaiting-approval': undefined,
  pending: undefined,
  'on-hold': undefined,
  success: 'success',
  failure: 'failure',
  cancelled: 'cancelled'
}
const ENDINGS: Record<WaitEnd, [Phase, string]> = {
  success: ['success', 'succeeded'],
  'aborted-with-success': ['success', 'was aborted with success'],
  failed: ['failure', 'failed'],
  aborted: ['cancelled', 'was aborted'],
  'timed-out': ['cancelled', 'was aborted when the wait-timeout ran out'],
  cancelled: ['cancelled', 'was aborted when the job was cancelled']
}

/** Posts the pending state and returns the report that posts the rest. */
export async function startGitHubStatus(
  settings: GitHubStatusSettings,
  target: StatusTarget,
  ctx: HandlerContext,
  env: NodeJS.ProcessEnv = process.env
): Promise<BuildReport> {
  const reporter = new GitHubStatus(settings, target, ctx, env)
  await reporter.post('pending', `Build ${reporter.label()} is running on the service`)
  return reporter
}

/**
 * Posts that the service holds the trigger for approval (no build yet): a pending commit status or a queued check run,
 * and the pull request comment, saying so and, in `how`, how to approve it. Never throws: what GitHub refuses is a
 * warning. The build's own report, once approved, posts under the same name and edits the same comment.
 */
export async function postHold(
  settings: GitHubStatusSettings,
  target: StatusTarget,
  how: string,
  ctx: HandlerContext,
  env: NodeJS.ProcessEnv = process.env
): Promise<void> {
  const reporter = new GitHubStatus(settings, target, ctx, env)
  await reporter.post('awaiting-approval', `Build request ${target.buildSlug} awaits approval on the service`, how)
}

/** One state to post: its phase and line, the AI summary or the approval's how, and the reviewer's view (Markdown, escaped). */
interface Post {
  phase: Phase
  text: string
  explanation?: string
  review: string
}

/**
 * The report of a build whose check run exists already (made by the trigger that parked it): what
 * it posts edits that check run, so a later job reports the build as a waiting step would.
 */
export function adoptGitHubStatus(
  settings: GitHubStatusSettings,
  target: StatusTarget,
  checkRunId: number,
  ctx: HandlerContext,
  env: NodeJS.ProcessEnv = process.env
): GitHubStatus {
  const reporter = new GitHubStatus(settings, target, ctx, env)
  reporter.checkRunId = checkRunId
  return reporter
}

export class GitHubStatus implements BuildReport {
  private readonly started = Date.now()
  private readonly name: string
  private readonly link: string | undefined
  private client: Promise<GitHubRequest> | undefined
  checkRunId: number | undefined
  private commentId: number | undefined
  private queue: Promise<void> = Promise.resolve()

  constructor(
    private readonly settings: GitHubStatusSettings,
    private readonly target: StatusTarget,
    private readonly ctx: HandlerContext,
    private readonly env: NodeJS.ProcessEnv
  ) {
    // A name the workflow author gave is kept as given (branch protection may require it); a
    // workflow name from the service is text from outside.
    this.name = settings.name ?? `service-ci/${plainText(target.workflow ?? target.appSlug, 100)}`
    this.link = checkedBuildUrl(target.buildUrl).url
  }

  label(): string {
    return this.target.buildNumber !== undefined ? `#${this.target.buildNumber}` : this.target.buildSlug
  }

  held(): void {
    void this.post('on-hold', `Build ${this.label()} is on hold on the service, waiting for a free concurrency slot`)
  }

  async ended(
    end: WaitEnd,
    buildNumber?: number,
    explanation?: string,
    durationSeconds?: number,
    review?: string
  ): Promise<void> {
    if (buildNumber !== undefined) this.target.buildNumber = buildNumber
    const [phase, words] = ENDINGS[end]
    const credits = this.target.creditCost !== undefined ? `, for ${this.target.creditCost} credit(s)` : ''
    await this.post(
      phase,
      `Build ${this.label()} ${words} ${this.took(durationSeconds)}${credits}`,
      explanation,
      review
    )
  }

  /**
   * How long the build ran, from its record; the step's own time since the trigger includes the
   * queue and up to a poll interval after the end, so it is named as the step's wait, never as
   * the build's duration.
   */
  private took(durationSeconds: number | undefined): string {
    if (durationSeconds === 0) return 'after less than a second'
    if (durationSeconds !== undefined) return `after ${describeDuration(durationSeconds * 1000)}`
    return `(the step waited ${describeDuration(Math.round((Date.now() - this.started) / 1000) * 1000)})`
  }

  /** Posts one state, after those before it; never throws. */
  post(phase: Phase, text: string, explanation?: string, review = ''): Promise<void> {
    this.queue = this.queue.then(() => this.send({ phase, text, explanation, review }))
    return this.queue
  }

  private async send(post: Post): Promise<void> {
    const repo = repositoryOf(this.env)
    if (!repo)
      return this.ctx.warning(
        'GITHUB_REPOSITORY is not set as owner/name, so the build status was not posted to GitHub.'
      )
    if (this.settings.mode) {
      await this.attempt(this.settings.mode === 'check-run' ? 'check run' : 'commit status', () =>
        this.sendStatus(repo, post)
      )
    }
    if (this.settings.comment) await this.attempt('pull request comment', () => this.sendComment(repo, post))
  }

  private async attempt(what: string, body: () => Promise<void>): Promise<void> {
    try {
      await body()
    } catch (error) {
      this.ctx.warning(
        `Could not post the ${what} "${this.name}" to GitHub (the build is not affected): ${(error as Error).message}${refusalHint(what, error)}`
      )
    }
  }

  private request(): Promise<GitHubRequest> {
    this.client ??= githubRequest(this.settings.token)
    return this.client
  }

  private async sendStatus(repo: { owner: string; repo: string }, post: Post): Promise<void> {
    const { phase, text, explanation, review } = post
    const sha = this.target.commit
    if (!sha) {
      if (phase === 'pending' || phase === 'awaiting-approval')
        this.ctx.warning(
          `The built commit is not known (set commit-hash, or run on an event that gives one), so no ${this.settings.mode} was posted.`
        )
      return
    }
    const request = await this.request()
    if (this.settings.mode === 'commit-status') {
      await request('POST /repos/{owner}/{repo}/statuses/{sha}', {
        ...repo,
        sha,
        state: COMMIT_STATE[phase],
        context: this.name,
        description: plainText(text, 140),
        target_url: this.link
      })
      return
    }
    const conclusion = CONCLUSION[phase]
    const fields = {
      ...repo,
      name: this.name,
      details_url: this.link,
      external_id: this.target.buildSlug,
      output: {
        title: plainText(text, 255),
        summary: `${escape(text, 1000)}. App ${escape(this.target.appSlug)}, ${phase === 'awaiting-approval' ? 'build request' : 'build'} ${escape(this.target.buildSlug)}.${more(phase, explanation)}${review && `\n\n${review}\n`}`
      },
      ...(conclusion
        ? { status: 'completed', conclusion, completed_at: new Date().toISOString() }
        : { status: phase === 'awaiting-approval' ? 'queued' : 'in_progress' })
    }
    if (this.checkRunId === undefined) {
      const created = await request('POST /repos/{owner}/{repo}/check-runs', {
        ...fields,
        head_sha: sha,
        started_at: new Date(this.started).toISOString()
      })
      this.checkRunId = Number((created.data as { id?: unknown }).id)
    } else {
      await request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
        ...fields,
        check_run_id: this.checkRunId
      })
    }
  }

  private async sendComment(repo: { owner: string; repo: string }, post: Post): Promise<void> {
    const { phase, text, explanation, review } = post
    const pr = this.target.pullRequest
    if (pr === undefined) {
      if (phase === 'pending' || phase === 'awaiting-approval')
        this.ctx.notice('github-comment: the build is not for a pull request, so no comment was posted.')
      return
    }
    const body = commentBody(this.name, text, this.link) + more(phase, explanation) + (review && `\n${review}\n`)
    const { id, note } = await upsertComment(
      await this.request(),
      repo,
      pr,
      commentMarker(this.name),
      body,
      this.commentId
    )
    this.commentId = id
    if (note) this.ctx.notice(`github-comment: ${note}`)
  }
}

/**
 * The paragraph after the state: for a hold, how to approve it; else the service's AI summary of
 * a failed build as a quoted paragraph, escaped as service text and cut; empty without one.
 */
function more(phase: Phase, explanation: string | undefined): string {
  if (explanation === undefined) return ''
  if (phase === 'awaiting-approval') return `\n\n${escape(explanation, 1000)}\n`
  return `\n\n> **Why it failed** (the service's AI summary): ${escape(explanation, 2000)}\n`
}

/** The permission each post needs of the job's token. */
const PERMISSION: Record<string, string> = {
  'commit status': 'statuses: write',
  'check run': 'checks: write',
  'pull request comment': 'pull-requests: write'
}

/** What a refusal of GitHub's means for the post, and what to change; empty for other failures. */
function refusalHint(what: string, error: unknown): string {
  const status = error instanceof GitHubError ? error.status : undefined
  if (status === 403)
    return `. The github-token may not write there: the job needs \`permissions: ${PERMISSION[what]}\`, and a pull_request run from a fork gets a read-only token whatever it asks (pull_request_target runs with the base repository's)`
  if (status === 404)
    return `. GitHub found no such repository, commit or pull request for the github-token (or hides it from the token)`
  if (status === 422)
    return `. GitHub refused what was sent (for a commit status or check run, the commit may not be in GITHUB_REPOSITORY)`
  return ''
}
