/**
 * operation: check-access — signs in with what the step has (a token or the job's OIDC token)
 * and says, from read-only calls alone, which kind of credential it is, whether each app can be
 * read, and whether the caller's role allows each operation asked about, naming the call that
 * decided. Nothing is written: every call is a GET (besides the OIDC exchange itself).
 */
import { readProfile, readWorkspace, type Probe } from '../api/access.js'
import { Input, INPUT_DEFAULTS, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { booleanFlag, checkSlug, slug, stringList, type GetInput } from '../inputs/readers.js'
import { quote } from '../safe-text.js'
import type { HandlerContext } from '../step/context.js'
import { AppProbes, NEED_WORDS, NEEDS, type Verdict } from './access-rules.js'
import { accessOutput, accessSection, type AccessReport, type CredentialReport } from './access-report.js'
import { defineOperation } from './operation.js'

interface CheckAccessInputs {
  apps: string[]
  operations: string[]
  orgSlug?: string
  failOnMissing: boolean
}

/** At most this many apps in one check: each costs up to four reads. */
const MAX_APPS = 50

export const checkAccess = defineOperation<CheckAccessInputs>({
  name: 'check-access',
  role: 'any credential: it only reads, and reports what the role allows',
  writes: false,
  inputs: [Input.appSlug, Input.operations, Input.orgSlug, Input.failOnMissingAccess],
  required: [Input.appSlug],
  outputs: [Output.access],
  read: readInputs,
  run: runCheckAccess
})

function readInputs(get: GetInput): CheckAccessInputs {
  const apps = [...new Set(stringList(get, Input.appSlug).map((app) => checkSlug(Input.appSlug, app)))]
  if (apps.length === 0)
    throw new InputError(Input.appSlug, 'is required: the app to check, or several, comma-separated')
  if (apps.length > MAX_APPS) throw new InputError(Input.appSlug, `names ${apps.length} apps; at most ${MAX_APPS}`)
  const given = stringList(get, Input.operations)
  const operations = given.length > 0 ? [...new Set(given)] : (INPUT_DEFAULTS[Input.operations] ?? '').split(/,\s*/)
  for (const name of operations) {
    if (!Object.hasOwn(NEEDS, name))
      throw new InputError(
        Input.operations,
        `names ${quote(name)}, which is not an operation; expected some of: ${Object.keys(NEEDS).join(', ')}`
      )
  }
  return {
    apps,
    operations,
    orgSlug: slug(get, Input.orgSlug),
    failOnMissing: booleanFlag(get, Input.failOnMissingAccess, false)
  }
}

async function runCheckAccess(inputs: CheckAccessInputs, ctx: HandlerContext): Promise<void> {
  const probes = inputs.apps.map((app) => new AppProbes(ctx.client, app))
  // The first read signs in (an OIDC exchange), so the credential is known after it.
  const reads = await Promise.all(probes.map((app) => app.read()))
  const credential = await credentialOf(ctx, reads[0])
  const report: AccessReport = {
    credential,
    apps: probes.map((app, i) => ({
      app: app.app,
      readable: reads[i].status === 200,
      probe: `${reads[i].probe} -> ${reads[i].status}`
    })),
    operations: [],
    missing: []
  }
  for (const operation of inputs.operations.filter((name) => NEEDS[name] !== 'workspace-owner')) {
    for (const app of probes) {
      const verdict = refused(credential) ?? (await app.decide(NEEDS[operation]))
      const note = await noteOn(operation, verdict, app)
      report.operations.push({ operation, app: app.app, needs: NEED_WORDS[NEEDS[operation]], ...verdict, note })
    }
  }
  if (inputs.operations.some((name) => NEEDS[name] === 'workspace-owner'))
    report.migration = await migration(ctx, credential, inputs.orgSlug)
  report.missing = missingOf(report)
  ctx.output(Output.access, accessOutput(report))
  ctx.summary(accessSection(report))
  if (report.missing.length === 0) return ctx.info('Every access asked about is there.')
  const words = `Missing access: ${report.missing.join('; ')}`
  if (inputs.failOnMissing) throw new Error(`${words}.`)
  ctx.warning(`${words} (set ${Input.failOnMissingAccess}: true to fail the step on it).`)
}

/** The kind of credential: the job's OIDC token (with its claims), or a token, a user's when GET /me answers. */
async function credentialOf(ctx: HandlerContext, firstRead: Probe): Promise<CredentialReport> {
  const signIn = ctx.client.signIn?.()
  if (signIn?.kind === 'oidc')
    return { kind: 'oidc', claims: signIn.claims, probe: "the job's OIDC token, exchanged for a short-lived token" }
  if (firstRead.status === 401) return { kind: 'refused', probe: `${firstRead.probe} -> 401` }
  const me = await readProfile(ctx.client)
  const probe = `${me.probe} -> ${me.status}`
  if (me.status === 401) return { kind: 'refused', probe }
  if (me.status !== 200) return { kind: 'workspace', probe }
  const user = (me.body as { data?: { slug?: unknown } } | undefined)?.data?.slug
  return { kind: 'personal', probe, ...(typeof user === 'string' ? { user } : {}) }
}

/** A refused credential decides everything: nothing is allowed. */
function refused(credential: CredentialReport): Verdict | undefined {
  return credential.kind === 'refused'
    ? { allowed: false, probe: credential.probe, note: 'the credential was refused: not a valid access token' }
    : undefined
}

/** What an allowed answer leaves open: abort's two readings, and a wait whose log the role cannot read. */
async function noteOn(operation: string, verdict: Verdict, app: AppProbes): Promise<string | undefined> {
  if (!verdict.allowed) return verdict.note
  if (operation === 'abort' && verdict.probe.includes('/log'))
    return "the interface's endpoint table allows a Developer to abort; a sentence of its abort description asks Admin or Owner"
  if (operation !== 'wait') return verdict.note
  const log = await app.decide('developer')
  return log.allowed === false
    ? `the build log cannot be read (${log.probe}): the wait goes on without it and warns (set ${Input.streamLogs}: false to skip it)`
    : verdict.note
}

/** Whether the caller owns the Workspace a migration runs on (GET /organizations/{org-slug} lists its owners). */
async function migration(
  ctx: HandlerContext,
  credential: CredentialReport,
  orgSlug: string | undefined
): Promise<AccessReport['migration']> {
  const needs = NEED_WORDS['workspace-owner']
  if (!orgSlug)
    return { org: null, needs, allowed: null, probe: 'none', note: `set ${Input.orgSlug} to check a migration` }
  const denied = refused(credential)
  if (denied) return { org: orgSlug, needs, ...denied }
  const found = await readWorkspace(ctx.client, orgSlug)
  const probe = `${found.probe} -> ${found.status}`
  if (found.status !== 200) return { org: orgSlug, needs, allowed: false, probe, note: 'the Workspace cannot be read' }
  if (credential.kind !== 'personal' || !credential.user)
    return { org: orgSlug, needs, allowed: null, probe, note: 'the credential is no user, who alone can own it' }
  const owners = (found.body as { data?: { owners?: Array<{ slug?: unknown }> } } | undefined)?.data?.owners ?? []
  return { org: orgSlug, needs, allowed: owners.some((owner) => owner.slug === credential.user), probe }
}

function missingOf(report: AccessReport): string[] {
  const missing = report.operations
    .filter((entry) => entry.allowed === false)
    .map((entry) => `${entry.operation} on ${entry.app}`)
  if (report.migration?.allowed === false) missing.push(`migrate-machine-types on ${report.migration.org}`)
  return missing
}
