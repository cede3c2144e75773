/**
 * Bad values of the common inputs and of trigger, case by case, through dist/index.js against a
 * fake service: each fails the step with an error naming the input, sends nothing, prints no
 * stack trace and leaks no secret.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { type FakeService, fakeServices } from '../../helpers/fake-service.js'
import { errorLine, runAction } from '../../helpers/run-action.js'
import { expectNoSecrets, TOKEN } from '../../helpers/secrets.js'

describe('the common inputs and trigger, case by case', () => {
  let service: FakeService
  const serve = fakeServices('suite')
  beforeAll(async () => {
    service = await serve({})
  })

  /** Defaults for a valid trigger; each case overrides what it breaks. */
  const base = (): Record<string, string> => ({
    operation: 'trigger',
    token: TOKEN,
    'base-url': service.url,
    'app-slug': 'app-1',
    branch: 'main'
  })

  const cases: Array<{
    name: string
    inputs: Record<string, string | undefined>
    input: string
    message: RegExp
    env?: Record<string, string>
  }> = [
    {
      name: 'unknown operation',
      inputs: { operation: 'deploy' },
      input: 'operation',
      message: /"deploy" is not an operation; expected one of: trigger, wait, abort, register-app/
    },
    {
      name: 'missing operation',
      inputs: { operation: undefined },
      input: 'operation',
      message: /is required; one of: trigger/
    },
    {
      name: 'missing token',
      inputs: { token: undefined },
      input: 'token',
      message: /is required: pass the access token from a secret/
    },
    {
      name: 'token with a line break',
      inputs: { token: 'abc\ndef' },
      input: 'token',
      message: /contains white space or a line break/
    },
    {
      name: 'missing base URL',
      inputs: { 'base-url': undefined },
      input: 'base-url',
      message: /is required \(or set SERVICE_API_URL\)/
    },
    {
      name: 'malformed base URL',
      inputs: { 'base-url': 'not a url' },
      input: 'base-url',
      message: /"not a url" is not a URL/
    },
    {
      name: 'plain http to a remote host',
      inputs: { 'base-url': 'http://api.example.com/v0.1' },
      input: 'base-url',
      message: /uses plain http:\/\/ to a host that is not this machine/
    },
    {
      name: 'base URL with credentials',
      inputs: { 'base-url': 'https://user:pw@api.example.com/v0.1' },
      input: 'base-url',
      message: /must not contain a user name or password/
    },
    {
      name: 'base URL without the version segment',
      inputs: { 'base-url': 'https://api.example.com/' },
      input: 'base-url',
      message: /must end in the API version segment/
    },
    {
      name: 'ftp base URL',
      inputs: { 'base-url': 'ftp://api.example.com/v0.1' },
      input: 'base-url',
      message: /must use https:\/\//
    },
    {
      name: 'bad SERVICE_API_URL fallback',
      inputs: { 'base-url': undefined },
      env: { SERVICE_API_URL: 'http://10.1.2.3/v0.1' },
      input: 'base-url',
      message: /\(from SERVICE_API_URL\) uses plain http:\/\//
    },
    {
      name: 'missing app slug',
      inputs: { 'app-slug': undefined },
      input: 'app-slug',
      message: /is required for this operation/
    },
    {
      name: 'app slug with a path',
      inputs: { 'app-slug': '../other' },
      input: 'app-slug',
      message: /"..\/other" is not a valid slug/
    },
    {
      name: 'bad environment variable name',
      inputs: { environments: 'MY-VAR=1' },
      input: 'environments',
      message: /"MY-VAR" is not a valid environment variable name/
    },
    {
      name: 'environments line without =',
      inputs: { environments: 'JUSTTEXT' },
      input: 'environments',
      message: /line 1 "JUSTTEXT" is not NAME=value/
    },
    {
      name: 'non-numeric pull request id',
      inputs: { 'pull-request-id': 'abc' },
      input: 'pull-request-id',
      message: /"abc" is not a whole number from 1 to/
    },
    {
      name: 'negative pull request id',
      inputs: { 'pull-request-id': '-3' },
      input: 'pull-request-id',
      message: /"-3" is not a whole number/
    },
    {
      name: 'negative request timeout',
      inputs: { 'request-timeout': '-5' },
      input: 'request-timeout',
      message: /"-5" is not a duration from 1 to 600 seconds/
    },
    {
      name: 'zero request timeout',
      inputs: { 'request-timeout': '0' },
      input: 'request-timeout',
      message: /"0" is not a duration/
    },
    {
      name: 'wait timeout with a bad unit',
      inputs: { wait: 'true', 'wait-timeout': '10 days' },
      input: 'wait-timeout',
      message: /"10 days" is not a duration/
    },
    {
      name: 'poll interval not a number',
      inputs: { wait: 'true', 'poll-interval': 'often' },
      input: 'poll-interval',
      message: /"often" is not a duration/
    },
    {
      name: 'boolean that is not one',
      inputs: { wait: 'yes' },
      input: 'wait',
      message: /"yes" is not a boolean; expected true or false/
    },
    {
      name: 'max attempts out of range',
      inputs: { 'max-attempts': '50' },
      input: 'max-attempts',
      message: /"50" is not a whole number from 1 to 10/
    },
    {
      name: 'short commit hash',
      inputs: { 'commit-hash': 'abc' },
      input: 'commit-hash',
      message: /"abc" is not a commit hash/
    },
    {
      name: 'newline injected into a branch',
      inputs: { branch: 'main\nOTHER=x' },
      input: 'branch',
      message: /must be a single line without control characters/
    },
    {
      name: 'invalid git ref',
      inputs: { branch: 'feature..x' },
      input: 'branch',
      message: /"feature..x" is not a valid git ref name/
    },
    {
      name: 'repository URL with credentials',
      inputs: { 'pull-request-repository-url': 'https://bob:hunter2@github.com/o/r.git' },
      input: 'pull-request-repository-url',
      message: /must not contain a password or token/
    },
    {
      name: 'nothing to build',
      inputs: { branch: undefined },
      input: 'branch',
      message: /no branch, tag, commit-hash or workflow was given/
    },
    {
      name: 'wait without a build slug',
      inputs: { operation: 'wait' },
      input: 'build-slug',
      message: /is required for this operation/
    },
    {
      name: 'abort with a bad boolean',
      inputs: { operation: 'abort', 'build-slug': 'b1', branch: undefined, 'abort-with-success': 'maybe' },
      input: 'abort-with-success',
      message: /"maybe" is not a boolean/
    },
    // With build-slug, a filter input is refused: branch and build-slug together say two different things.
    {
      name: 'abort with build-slug and a filter',
      inputs: { operation: 'abort', 'build-slug': 'b1' },
      input: 'build-slug',
      message: /cannot be used together with branch/
    },
    {
      name: 'secret environment given twice',
      inputs: { environments: 'KEY=1', 'secret-environments': 'KEY=2' },
      input: 'secret-environments',
      message: /KEY is also in environments/
    }
  ]

  describe('bad inputs fail the step, name the input and send nothing', () => {
    it.each(cases)('$name', async ({ inputs, input, message, env }) => {
      const merged = { ...base(), ...inputs }
      const given = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >
      const before = service.requests.length
      const result = await runAction(given, { env })
      expect(result.code).toBe(1)
      const error = errorLine(result)
      expect(error.startsWith(`Input "${input}": `)).toBe(true)
      expect(error).toMatch(message)
      expect(error).toContain('Nothing was sent to the service.')
      expect(result.stderr).not.toMatch(/\bat .+\.js:\d+/)
      expect(service.requests.length).toBe(before)
      expectNoSecrets(result, [TOKEN, 'hunter2'])
    })

    it('covers at least 15 cases', () => {
      expect(cases.length).toBeGreaterThanOrEqual(15)
    })
  })
})
