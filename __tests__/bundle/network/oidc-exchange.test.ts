/** The token exchange as the service documents it, through dist/index.js against the emulator: the request's fields, the subject token's types, the Workspace, refusals. */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { load } from 'js-yaml'
import { EXCHANGE_FIELDS } from '../../../emulator/model/oidc.js'
import { randomInt, randomSlug, randomUUID } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import { errorLine, expectFailed, expectPassed, startE2eEmulator } from '../../helpers/scenarios/emulator-steps.js'
import {
  MAIN,
  MAIN_JOB,
  POLICY,
  PR_JOB,
  claimsOf,
  emu,
  runnerOidc,
  seed,
  signedInStep,
  useOidcEmulator
} from '../../helpers/subjects/oidc-steps.js'

useOidcEmulator()

const RFC8693_TYPES = [
  'urn:ietf:params:oauth:token-type:jwt',
  'urn:ietf:params:oauth:token-type:id_token',
  'urn:ietf:params:oauth:token-type:access_token'
]

describe('the sign-in the service documents', () => {
  it("signs in with oidc-policy-id alone: the documented form and nothing else, for the exchange's host", async () => {
    const result = await signedInStep(
      'trigger',
      { 'app-slug': 'ios-app', branch: 'main', 'oidc-policy-id': POLICY },
      { env: runnerOidc(MAIN_JOB) }
    )
    expectPassed(result)
    const [request] = emu.model.oidc.requests
    expect(request.encoding).toBe('form')
    expect(Object.keys(request.fields).sort()).toEqual([...EXCHANGE_FIELDS].sort())
    expect({ ...request.fields, subject_token: undefined }).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token_type: 'id_token',
      policy_id: POLICY,
      subject_token: undefined
    })
    // GitHub was asked for the exchange's host name as the audience, as the service asks for app.bitrise.io.
    expect(claimsOf(emu.model.oidc.issued[0]).aud).toBe(new URL(emu.origin).host)
    expect(emu.model.oidc.exchanges).toBe(1)
  })

  it('takes id_token written out in oidc-subject-token-type', async () => {
    const result = await signedInStep(
      'trigger',
      { 'app-slug': 'ios-app', branch: 'main', 'oidc-policy-id': POLICY, 'oidc-subject-token-type': 'id_token' },
      { env: runnerOidc(MAIN_JOB) }
    )
    expectPassed(result)
    expect(emu.model.oidc.requests.map((r) => r.fields.subject_token_type)).toEqual(['id_token'])
  })

  it('sends an RFC 8693 token type as given to an exchange that wants it', async () => {
    const type = RFC8693_TYPES[randomInt(RFC8693_TYPES.length)]
    const other = await startE2eEmulator({ seed: { ...seed(), oidc: { ...seed().oidc, subject_token_types: [type] } } })
    try {
      const inputs = {
        operation: 'trigger',
        token: '',
        'base-url': other.url,
        'app-slug': 'ios-app',
        branch: 'main',
        'oidc-policy-id': POLICY,
        'oidc-subject-token-type': type
      }
      const result = await runAction(inputs, {
        env: {
          ACTIONS_ID_TOKEN_REQUEST_URL: `${other.origin}/_oidc/token?api-version=2.0`,
          ACTIONS_ID_TOKEN_REQUEST_TOKEN: MAIN_JOB
        }
      })
      expectPassed(result)
      expectNoSecrets(result, [MAIN_JOB, ...other.model.oidc.issued])
      expect(other.model.oidc.requests.map((r) => r.fields.subject_token_type)).toEqual([type])
    } finally {
      await other.close()
    }
  })

  it('org-slug, once needed to sign in, is named in a warning as unread (the root action and trigger/, which no longer declares it), and is not sent', async () => {
    const workspace = randomSlug('ws-')
    const triggerEntry = resolve(
      'trigger',
      (load(readFileSync('trigger/action.yml', 'utf8')) as { runs: { main: string } }).runs.main
    )
    for (const bundle of [undefined, triggerEntry]) {
      const result = await signedInStep(
        'trigger',
        { 'app-slug': 'ios-app', branch: 'main', 'oidc-policy-id': POLICY, 'org-slug': workspace },
        { env: runnerOidc(MAIN_JOB), bundle }
      )
      expectPassed(result)
      const warnings = result.stdout
        .split('\n')
        .filter((line) => line.startsWith('::warning::') && line.includes('org-slug'))
      // trigger/ no longer declares org-slug, so the sub-action says where it belongs as well.
      const subAction = bundle
        ? [
            '::warning::Input "org-slug" is set, but trigger/ does not declare it, so the runner also warns "Unexpected input": it belongs to migrate-machine-types/, manage/ (and the root action). Move it to the step that uses that action, or remove it.'
          ]
        : []
      expect([bundle, warnings]).toEqual([
        bundle,
        [
          ...subAction,
          '::warning::Input "org-slug" is set, but the sign-in with OIDC does not read it (the trust policy\'s id names its Workspace) and trigger does not read it either: it has no effect. Remove it from the step\'s with:.'
        ]
      ])
    }
    expect(emu.model.oidc.requests.length).toBe(2)
    expect(JSON.stringify(emu.model.oidc.requests)).not.toContain(workspace)
  })

  it("a refusal lists the likely causes in order, policy id, audience, then the job's claims, and never asks to widen the policy", async () => {
    const unknown = randomInt(2) === 0
    const policy = unknown ? randomUUID() : POLICY
    const result = await signedInStep(
      'trigger',
      { 'app-slug': 'ios-app', branch: 'main', 'oidc-policy-id': policy },
      { env: runnerOidc(unknown ? MAIN_JOB : PR_JOB) }
    )
    expectFailed(result)
    const line = errorLine(result)
    const causes = [
      `(1) the trust policy "${policy}"`,
      `(2) the audience: the token was asked for "${new URL(emu.origin).host}"`,
      '(3) the claims the policy matches'
    ]
    expect(causes.map((cause) => line.indexOf(cause))).toEqual(
      [...causes.map((cause) => line.indexOf(cause))].sort((a, b) => a - b)
    )
    for (const cause of causes) expect(line).toContain(cause)
    // What the sources say of the audience, and nothing more: no claim that only one host is taken.
    expect(line).toContain("the service's documentation names its own host as the audience")
    expect(line).toContain('accepts any *.bitrise.io audience')
    expect(line).not.toMatch(/takes only/)
    const job = unknown
      ? MAIN
      : { ...MAIN, sub: 'repo:acme/ios-app:pull_request', ref: 'refs/pull/9/merge', event_name: 'pull_request' }
    for (const name of ['sub', 'repository', 'ref', 'event_name', 'job_workflow_ref'] as const)
      expect(line).toContain(`${name} "${job[name]}"`)
    expect(line).not.toMatch(/to fit them|change the policy|widen the policy|matching rules to fit/i)
    if (!unknown)
      expect(line).toContain(
        'This job runs for a pull request: a policy that trusts a branch, an environment or another event is right to refuse it, and is not to be widened to fit'
      )
  })
})
