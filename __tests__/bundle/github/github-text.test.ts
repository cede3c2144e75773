/**
 * What the action writes on GitHub, run as the runner runs dist/index.js against a scripted
 * service and the loopback fake of the GitHub API:
 * - text from the service (build slug, workflow name) reaches the pull request comment, the
 *   check run, the commit status and the job summary as text that pings nobody and links
 *   nowhere: random mentions, bare URLs, Markdown links, images, HTML and `#123`-style
 *   references, checked in the request bodies the fake received;
 * - the status comment is edited only when the token's own account wrote it: a marker comment
 *   by anyone else is left alone and a new comment is posted, for the job's GITHUB_TOKEN
 *   (GraphQL's viewer) and for a personal token (GET /user).
 */
import { describe, expect, it } from '@jest/globals'
import {
  GITHUB_ACTIONS_BOT,
  startFakeGitHub,
  type FakeGitHub,
  type FakeGitHubOptions,
  type FakeGitHubUser
} from '../../../emulator/github/fake.js'
import { fakeServices } from '../../helpers/fake-service.js'
import { decodeCharacterReferences } from '../../helpers/run-action.js'
import { randomInt, randomSlug, randomString, randomToken } from '../../helpers/random.js'
import { fakeStep } from '../../helpers/scenarios/fake-steps.js'

const serve = fakeServices()
const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const sha = (): string => randomString(40, '0123456789abcdef')
const word = (): string => randomString(4 + randomInt(6), LOWER)
const login = (): string =>
  `${randomString(1, LOWER)}${randomString(3 + randomInt(10), `${LOWER}0123456789-`)}${randomString(1, LOWER)}`

/** Text that GitHub would turn into pings and links, in random order; `slash` false leaves out what needs a "/" (a build slug cannot hold one). */
function hostileText(slash: boolean): string {
  const host = `${word()}.example`
  const n = 1 + randomInt(9999)
  const pieces = [
    `@${login()}`,
    `#${n}`,
    `GH-${n}`,
    `www.${host}`,
    `${word()}@${host}`,
    `[${word()}](${word()})`,
    `<img src=x onerror=${word()}>`,
    `![${word()}](${word()}.png)`,
    `<b>${word()}`,
    `<!-- ${word()}`
  ]
  if (slash)
    pieces.push(
      `https://${host}/${word()}`,
      `@${login()}/${word()}`,
      `${login()}/${word()}#${n}`,
      `[${word()}](https://${host}/)`,
      `<https://${host}/>`,
      `<img src="https://${host}/x.gif">`,
      `ftp://${host}/`,
      `<b>${word()}</b>`
    )
  for (let i = pieces.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[pieces[i], pieces[j]] = [pieces[j], pieces[i]]
  }
  return pieces.join(` ${word()} `)
}

/** The pings and links GitHub finds in text, as it renders it (character references decoded). */
function pingsAndLinks(text: string): string[] {
  const found: string[] = []
  const patterns = [
    /@[a-z0-9]/gi, // user and team mentions, e-mail autolinks
    /#\d/g, // #123 and owner/repo#123
    /\bGH-\d/gi,
    /[a-z][a-z0-9+.-]*:\/\//gi, // bare URLs of any scheme
    // GitHub links www. only when a domain follows (GFM spec, "extended www autolink": "www." followed by a
    // valid domain): a cut value ending in "www" before the action's own full stop links nowhere.
    /\bwww\.(?=[\p{L}\p{N}_-])/giu,
    /<[a-z!/?]/gi, // HTML tags, comments and <autolinks>
    /\]\(/g, // Markdown links and images
    /\]\[/g
  ]
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[0])
  return found
}

/** A trigger that waits, for a pull request, posting a check run or a commit status and the comment to `github`. */
async function triggerOnPullRequest(
  github: FakeGitHub,
  answer: Record<string, unknown>,
  extra: Record<string, string> = {},
  pr = 1 + randomInt(5000)
) {
  const buildSlug = String(answer.build_slug)
  const path = `/apps/app-1/builds/${encodeURIComponent(buildSlug)}`
  const service = await serve({
    'POST /apps/app-1/builds': { status: 201, body: { results: [answer] } },
    [`GET ${path}`]: { body: { data: { slug: buildSlug, status: 1, status_text: 'success', is_on_hold: false } } }
  })
  const result = await fakeStep(
    service,
    'trigger',
    {
      'from-event': 'false',
      branch: `feature/${randomSlug()}`,
      'commit-hash': sha(),
      'pull-request-id': String(pr),
      'branch-dest': 'main',
      'branch-repo-owner': 'acme',
      'branch-dest-repo-owner': 'acme',
      wait: 'true',
      'poll-interval': '0.1',
      'stream-logs': 'false',
      'github-token': randomToken(),
      'github-status': 'check-run',
      'github-comment': 'true',
      ...extra
    },
    { env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'acme/app' } }
  )
  return { result, pr }
}

describe('text from the service on GitHub pings nobody and links nowhere', () => {
  it.each(['check-run', 'commit-status'])(
    '%s, pull request comment and job summary: mentions, URLs, Markdown, HTML and references neutralised',
    async (mode) => {
      const github = await startFakeGitHub()
      try {
        const buildUrl = `https://ci.example/build/${randomSlug()}`
        // No build number: the build is named by its slug, so the slug reaches every text.
        const answer = {
          build_slug: hostileText(false).slice(0, 190),
          build_url: buildUrl,
          triggered_workflow: hostileText(true)
        }
        const { result } = await triggerOnPullRequest(github, answer, { 'github-status': mode })
        expect(result.stdout).not.toContain('::error::')
        expect(result.code).toBe(0)
        const writes = github.requests.filter(
          (r) => (r.method === 'POST' || r.method === 'PATCH') && r.path.startsWith('/repos/')
        )
        expect(writes.length).toBeGreaterThanOrEqual(4)
        const texts: string[] = []
        for (const write of writes) {
          const body = write.body as {
            body?: string
            description?: string
            name?: string
            context?: string
            output?: { title: string; summary: string }
          }
          // The default name holds the workflow's name, from the service.
          for (const name of [body.name, body.context]) if (name !== undefined) texts.push(name)
          if (body.body !== undefined) {
            const lines = body.body.split('\n')
            // The marker line and the build link are the action's own.
            expect(lines[0]).toMatch(/^<!-- service-ci-status:[^ ]+ -->$/)
            expect(body.body).toContain(`([open the build](${buildUrl}))`)
            texts.push(lines.slice(1).join('\n').replace(`([open the build](${buildUrl}))`, ''))
          }
          // GitHub's limits: 140 characters of a description, 255 of a title, joiners included.
          if (body.description !== undefined) texts.push(body.description)
          if (body.output) texts.push(body.output.title, body.output.summary)
          expect((body.description ?? '').length).toBeLessThanOrEqual(140)
          expect((body.output?.title ?? '').length).toBeLessThanOrEqual(255)
        }
        // The summary's own elements and its links, to the checked build URL and to the commit on GitHub, are the action's.
        const summary = result.files.summary
        const own = summary
          .replace(`<a href="${buildUrl}">`, '')
          .replace(/<a href="https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/commit\/[0-9a-f]{7,64}">/g, '')
        texts.push(own.replace(/<\/?(h3|p|a|table|tr|td|th|code|details|summary)>/g, ' '))
        expect(texts.length).toBeGreaterThanOrEqual(4)
        for (const text of texts)
          expect({ text, found: pingsAndLinks(decodeCharacterReferences(text)) }).toEqual({ text, found: [] })
      } finally {
        await github.close()
      }
    }
  )
})

describe('the status comment is edited only when the token wrote it', () => {
  const marker = (name: string): string => `<!-- service-ci-status:${encodeURIComponent(name)} -->`

  async function run(
    options: FakeGitHubOptions & { others: FakeGitHubUser[]; own?: FakeGitHubUser; pr: number; name: string }
  ) {
    const seeded = [...options.others, ...(options.own ? [options.own] : [])].map((user) => ({
      issue: options.pr,
      body: `${marker(options.name)}\n${user.login} wrote this ${word()}`,
      user,
      author_association:
        user === options.own ? 'NONE' : ['NONE', 'CONTRIBUTOR', 'FIRST_TIME_CONTRIBUTOR'][randomInt(3)]
    }))
    const github = await startFakeGitHub({ ...options, comments: seeded })
    try {
      const slug = randomSlug()
      const { result } = await triggerOnPullRequest(
        github,
        { build_slug: slug, build_number: 1 + randomInt(999), build_url: `https://ci.example/${slug}` },
        { 'github-status-name': options.name, 'github-status': '' },
        options.pr
      )
      return { github, result, seededIds: seeded.map((_, i) => 1000 + i) }
    } finally {
      await github.close()
    }
  }

  const randomUser = (): FakeGitHubUser => ({ login: login(), id: 1 + randomInt(10 ** 8), type: 'User' })

  it('with the job GITHUB_TOKEN: a marker comment by anyone else is left alone and a new comment is posted', async () => {
    const pr = 1 + randomInt(5000)
    const others = Array.from({ length: 1 + randomInt(3) }, randomUser)
    const { github, result, seededIds } = await run({ others, pr, name: `ci ${word()}` })
    expect(result.code).toBe(0)
    const edits = github.requests.filter((r) => r.method === 'PATCH')
    for (const id of seededIds) expect(edits.map((r) => r.path)).not.toContain(`/repos/acme/app/issues/comments/${id}`)
    const posts = github.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'))
    expect(posts).toHaveLength(1)
    const newId = 1000 + seededIds.length
    expect(edits.map((r) => r.path)).toEqual(edits.map(() => `/repos/acme/app/issues/comments/${newId}`))
    expect(edits.length).toBeGreaterThanOrEqual(1)
    expect(result.stdout).toMatch(
      /::notice::github-comment: \d earlier comment\(s\) with the status marker were written by another account/
    )
  })

  it('with the job GITHUB_TOKEN: its own earlier comment (github-actions[bot]) is edited in place, after others', async () => {
    const pr = 1 + randomInt(5000)
    const others = Array.from({ length: randomInt(3) }, randomUser)
    const { github, result, seededIds } = await run({ others, own: GITHUB_ACTIONS_BOT, pr, name: `ci ${word()}` })
    expect(result.code).toBe(0)
    const ownId = seededIds.at(-1)
    expect(github.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'))).toEqual([])
    const edits = github.requests.filter((r) => r.method === 'PATCH').map((r) => r.path)
    expect(edits.length).toBeGreaterThanOrEqual(2)
    expect(new Set(edits)).toEqual(new Set([`/repos/acme/app/issues/comments/${ownId}`]))
    expect(github.requests.some((r) => r.method === 'POST' && r.path === '/graphql')).toBe(true)
  })

  it('with a personal token and no GraphQL: GET /user names the account; its comment is edited, a look-alike bot comment is not', async () => {
    const pr = 1 + randomInt(5000)
    const me = randomUser()
    const others = [GITHUB_ACTIONS_BOT, { ...randomUser(), login: `${me.login}-${word()}` }]
    const { github, result, seededIds } = await run({
      others,
      own: me,
      identity: me,
      noGraphql: true,
      pr,
      name: `ci ${word()}`
    })
    expect(result.code).toBe(0)
    expect(github.requests.some((r) => r.method === 'GET' && r.path === '/user')).toBe(true)
    const edits = github.requests.filter((r) => r.method === 'PATCH').map((r) => r.path)
    expect(new Set(edits)).toEqual(new Set([`/repos/acme/app/issues/comments/${seededIds.at(-1)}`]))
  })

  it('when GitHub does not say who the token is, no earlier comment is edited', async () => {
    const pr = 1 + randomInt(5000)
    // A bot token without GraphQL: GET /user answers 403, so the account is not known.
    const { github, result } = await run({
      others: [],
      own: GITHUB_ACTIONS_BOT,
      noGraphql: true,
      pr,
      name: `ci ${word()}`
    })
    expect(result.code).toBe(0)
    expect(github.requests.filter((r) => r.method === 'PATCH').map((r) => r.path)).not.toContain(
      '/repos/acme/app/issues/comments/1000'
    )
    expect(github.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'))).toHaveLength(1)
    expect(result.stdout).toMatch(/::notice::github-comment: GitHub did not say which account the github-token acts as/)
  })
})
