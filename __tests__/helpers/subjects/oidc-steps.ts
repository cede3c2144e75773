/**
 * The OIDC scenario the bundle's OIDC tests share: the seed's policies and jobs, one emulator per
 * file (`useOidcEmulator`), the runner's variables of a job allowed `id-token: write`, and a
 * step signed in with them.
 */
import { expect } from '@jest/globals'
import { bundledSeed } from '../../../emulator/model/seed.js'
import type { Seed } from '../../../emulator/model/types.js'
import { randomSlug, randomToken, randomUUID } from '../random.js'
import { runAction, type RunOptions, type RunResult } from '../run-action.js'
import { expectNoSecrets } from '../secrets.js'
import { emulatorPerFile, type RunningEmulator } from '../scenarios/emulator-steps.js'

export const MAIN = {
  sub: 'repo:acme/ios-app:ref:refs/heads/main',
  repository: 'acme/ios-app',
  ref: 'refs/heads/main',
  event_name: 'push',
  job_workflow_ref: 'acme/ios-app/.github/workflows/ci.yml@refs/heads/main'
}
export const POLICY = randomUUID()
export const SHORT_POLICY = randomUUID()
export const MAIN_JOB = randomToken()
/** A job whose claims no policy matches: a pull request, in an environment of random name. */
export const PR_JOB = randomToken()
export const PR_ENVIRONMENT = randomSlug('env-')

export function seed(): Seed {
  const base = bundledSeed()
  return {
    ...base,
    oidc: {
      jobs: {
        [MAIN_JOB]: MAIN,
        [PR_JOB]: {
          ...MAIN,
          sub: 'repo:acme/ios-app:pull_request',
          ref: 'refs/pull/9/merge',
          event_name: 'pull_request',
          environment: PR_ENVIRONMENT
        }
      },
      trust_policies: [
        {
          id: POLICY,
          workspace: 'acme',
          rules: { sub: MAIN.sub, repository: MAIN.repository },
          role: 'developer',
          session_duration_s: 900
        },
        // Shorter than the build: the short-lived token runs out during the wait.
        { id: SHORT_POLICY, workspace: 'acme', rules: { sub: MAIN.sub }, role: 'developer', session_duration_s: 1 }
      ]
    }
  }
}

export function runnerOidc(requestToken: string): Record<string, string> {
  return {
    ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.origin}/_oidc/token?api-version=2.0`,
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: requestToken
  }
}

/** Every token of the three kinds the emulator knows of: the request tokens, the OIDC tokens it signed, the short-lived tokens it minted. */
export function allTokens(): string[] {
  const minted = [...emu.state.tokens.keys()].filter((token) => token.startsWith('oidc-'))
  return [MAIN_JOB, PR_JOB, ...emu.model.oidc.issued, ...minted]
}

export async function signedInStep(
  operation: string,
  inputs: Record<string, string>,
  options: RunOptions = {}
): Promise<RunResult> {
  const result = await runAction(
    { operation, token: '', 'base-url': emu.url, 'poll-interval': '0.1', ...inputs },
    options
  )
  expect(result.timedOut).toBe(false)
  expectNoSecrets(result, allTokens())
  return result
}

export const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>

/** The emulator of the file, started by `useOidcEmulator`. */
export let emu: RunningEmulator

/** Starts one emulator for the test file, seeded with the scenario's policies. */
export function useOidcEmulator(): void {
  emulatorPerFile((started) => (emu = started), { seed: seed(), enableFaults: true })
}

/** Points the scenario's steps at another emulator (a describe block's own), and back. */
export function pointAt(next: RunningEmulator): void {
  emu = next
}
