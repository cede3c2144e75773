/**
 * URL inputs holding a user name and password: base-url and the git URL inputs
 * (pull-request-repository-url, repo-url, repository-url). Each is refused before
 * anything is sent, and the password, random per run and holding characters that
 * change how a URL parses, appears nowhere the step wrote, in any common encoding.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { fakeServices, type FakeService } from '../../helpers/fake-service.js'
import { randomString, randomUrlPassword, URL_SPECIALS } from '../../helpers/random.js'
import { errorLine, runAction, type RunResult } from '../../helpers/run-action.js'
import { TOKEN } from '../../helpers/scenarios/operation-steps.js'

let service: FakeService
const serve = fakeServices('suite')
beforeAll(async () => {
  service = await serve({})
})

/** The inputs each URL input is tried with: a valid set for an operation that reads it. */
const USES: Record<string, Record<string, string>> = {
  'base-url': { operation: 'list-apps' },
  'pull-request-repository-url': { operation: 'trigger', 'app-slug': 'app-1', branch: 'main', 'from-event': 'false' },
  'repo-url': {
    operation: 'register-app',
    'org-slug': 'org-acme',
    'project-type': 'ios',
    'stack-id': 'osx-xcode-16.0.x'
  },
  'repository-url': { operation: 'update-app', 'app-slug': 'app-1' }
}

/** URL forms with the password in the user-info part. */
const FORMS: Record<string, Array<(password: string, user: string) => string>> = {
  'base-url': [
    (pw, user) => `https://${user}:${pw}@api.example.com/v0.1`,
    (pw) => `https://${pw}@api.example.com/v0.1`,
    (pw, user) => `http://${user}:${pw}@127.0.0.1:9/v0.1`
  ],
  git: [
    (pw, user) => `https://${user}:${pw}@github.com/acme/demo.git`,
    (pw) => `https://${pw}@github.com/acme/demo.git`,
    (pw) => `ssh://git:${pw}@github.com/acme/demo.git`,
    (pw, user) => `${user}:${pw}@github.com:acme/demo.git`
  ]
}

interface Case {
  input: string
  url: string
  password: string
  runs: string[]
}

function cases(): Case[] {
  const all: Case[] = []
  let special = 0
  for (const input of Object.keys(USES)) {
    for (const form of input === 'base-url' ? FORMS['base-url'] : FORMS.git) {
      // Every special character is certain to appear in some case of every run.
      const { password, runs } = randomUrlPassword(URL_SPECIALS[special++ % URL_SPECIALS.length])
      all.push({ input, url: form(password, `u${randomString(5)}`), password, runs })
    }
  }
  return all
}

/** The password as the step might have written it: raw, URL-encoded, JSON-escaped, or any long run of it. */
function leaks(result: RunResult, c: Case): string[] {
  const stdout = result.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
  const places = {
    stdout,
    stderr: result.stderr,
    output: result.files.output,
    state: result.files.state,
    summary: result.files.summary
  }
  const forms = [
    c.password,
    encodeURIComponent(c.password),
    encodeURI(c.password),
    JSON.stringify(c.password).slice(1, -1),
    ...c.runs
  ]
  const found: string[] = []
  for (const [place, text] of Object.entries(places))
    for (const form of forms) if (text.includes(form)) found.push(`${JSON.stringify(form)} in ${place}`)
  return found
}

describe('URL inputs holding a user name and password', () => {
  it('are refused, naming the input, with nothing sent and the password nowhere in what the step wrote', async () => {
    const all = cases()
    expect(all).toHaveLength(3 + 3 * 4)
    const problems: string[] = []
    for (const c of all) {
      const before = service.requests.length
      const inputs = { token: TOKEN, 'base-url': service.url, ...USES[c.input], [c.input]: c.url }
      const result = await runAction(inputs)
      const error = errorLine(result)
      const label = `${c.input}=${JSON.stringify(c.url)}`
      if (result.code !== 1) problems.push(`${label}: exit ${result.code}`)
      if (!error.startsWith(`Input "${c.input}": `)) problems.push(`${label}: error does not name the input: ${error}`)
      if (!/user name or password|password or token/.test(error))
        problems.push(`${label}: error does not say why: ${error}`)
      if (!error.endsWith('Nothing was sent to the service.'))
        problems.push(`${label}: error does not say nothing was sent: ${error}`)
      if (service.requests.length !== before)
        problems.push(`${label}: ${service.requests.length - before} request(s) sent`)
      for (const leak of leaks(result, c)) problems.push(`${label}: leaked ${leak}`)
    }
    expect(problems).toEqual([])
  }, 60_000)
})
