/**
 * operation: check-access — signs in with what the step has (a token or the job's OIDC token)
 * and says, from read-only calls alone, which kind of credential it is, whether each app can be
 * read, and whether the caller's role allows each operation asked about, naming the call that
 * decided. Nothing is written: every call is a GET (besides the OIDC exchange itself).
 */
import { profileUser, readApp, readProfile, readWorkspace, workspaceOwners, type Probe } from '../api/access.js'
import { Input, INPUT_DEFAULTS, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { booleanFlag, checkSlug, slug, stringList, type GetInput } from '../inputs/readers.js'
import { quote } from '../safe-text.js'
import type { HandlerContext } from '../step/context.js'
import { AppProbes, NEED_WORDS, NEEDS, said, workspaceMember, type Verdict } from './access-rules.js'
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
  // The first read signs in (an OIDC exchange), so the credential is known after it.
  const firstRead = await readApp(ctx.client, inputs.apps[0])
  const credential = await credentialOf(ctx, firstRead)
  // A refused credential decides everything: said first, before any answer that follows from it.
  if (credential.kind === 'refused') ctx.warning(refusedWords(credential))
  const probes = inputs.apps.map(
    (app, i) => new AppProbes(ctx.client, app, credential.user, i === 0 ? firstRead : undefined)
  )
  const reads = await Promise.all(probes.map((app) => app.read()))
  const report: AccessReport = {
    credential,
    apps: probes.map((app, i) => ({ app: app.app, readable: reads[i].status === 200, probe: said(reads[i]) })),
    operations: [],
    missing: [],
    undecided: []
  }
  for (const operation of inputs.operations) {
    const need = NEEDS[operation]
    if (need === 'workspace-owner') continue
    if (need === 'workspace-member') {
      const verdict = refused(credential) ?? (await workspaceMember(ctx.client, inputs.orgSlug))
      report.operations.push({ operation, app: inputs.orgSlug ?? '(no org-slug)', needs: NEED_WORDS[need], ...verdict })
      continue
    }
    for (const app of probes) {
      const verdict = refused(credential) ?? (await app.decide(need))
      const aborts = operation === 'wait' && verdict.allowed ? await alsoAborts(app) : undefined
      report.operations.push({ operation, app: app.app, needs: NEED_WORDS[need], ...verdict, ...aborts })
    }
  }
  if (inputs.operations.some((name) => NEEDS[name] === 'workspace-owner'))
    report.migration = await migration(ctx, credential, inputs.orgSlug)
  tally(report)
  ctx.output(Output.access, accessOutput(report))
  ctx.summary(accessSection(report))
  if (report.missing.length === 0 && report.undecided.length === 0)
    return ctx.info('Every access asked about is there.')
  const words = [
    ...(report.missing.length > 0 ? [`Missing access: ${report.missing.join('; ')}`] : []),
    ...(report.undecided.length > 0 ? [`Cannot tell: ${report.undecided.join('; ')}`] : [])
  ].join('. ')
  if (inputs.failOnMissing) throw new Error(`${words}.`)
  ctx.warning(`${words} (set ${Input.failOnMissingAccess}: true to fail the step on it).`)
}

/** The refusal in words, naming what the step signed in with. */
function refusedWords(credential: CredentialReport): string {
  const what =
    credential.signedInWith === 'oidc'
      ? `the short-lived token of the OIDC trust policy in ${Input.oidcPolicyId}`
      : `the token in ${Input.token}`
  return `The service refused ${what} (${credential.probe}): not a valid access token, so nothing asked is allowed.`
}

/** A wait aborts its build on a timeout or a cancel: whether the role may, said beside the wait's own answer. */
async function alsoAborts(app: AppProbes): Promise<{ aborts: boolean | null; note: string }> {
  const abort = await app.decide('developer')
  const answer = abort.allowed === null ? 'cannot tell' : abort.allowed ? 'yes' : 'no'
  const left =
    abort.allowed !== false
      ? ''
      : abort.probe.includes('/log')
        ? `: a timeout or cancel would leave the build running, and the wait goes on without the refused log and warns (set ${Input.streamLogs}: false to skip it)`
        : ': a timeout or cancel would leave the build running'
  return {
    aborts: abort.allowed,
    note: `abort on timeout or cancel: ${answer} (${abort.probe}${abort.note ? `; ${abort.note}` : ''})${left}`
  }
}

/** The answers that are refusals, and those no read decided, each with what would decide it. */
function tally(report: AccessReport): void {
  for (const entry of report.operations) {
    const where = `${entry.operation} on ${entry.app}`
    if (entry.allowed === false) report.missing.push(where)
    else if (entry.allowed === null) report.undecided.push(`${where} (${entry.note ?? entry.probe})`)
    else if (entry.aborts === false) report.missing.push(`${where}: its abort on timeout or cancel`)
    else if (entry.aborts === null) report.undecided.push(`${where}: its abort on timeout or cancel (${entry.note})`)
  }
  const migration = report.migration
  if (migration?.allowed === false) report.missing.push(`migrate-machine-types on ${migration.org}`)
  if (migration?.allowed === null)
    report.undecided.push(
      `migrate-machine-types on ${migration.org ?? '(no org-slug)'} (${migration.note ?? migration.probe})`
    )
}

/** The kind of credential: the job's OIDC token (with its claims), or a token, a user's when GET /me answers. */
async function credentialOf(ctx: HandlerContext, firstRead: Probe): Promise<CredentialReport> {
  const signIn = ctx.client.signIn?.()
  if (signIn?.kind === 'oidc') {
    if (firstRead.status === 401) return { kind: 'refused', signedInWith: 'oidc', probe: said(firstRead) }
    return { kind: 'oidc', claims: signIn.claims, probe: "the job's OIDC token, exchanged for a short-lived token" }
  }
  if (firstRead.status === 401) return { kind: 'refused', signedInWith: 'token', probe: said(firstRead) }
  const me = await readProfile(ctx.client)
  if (me.status === 401) return { kind: 'refused', signedInWith: 'token', probe: said(me) }
  if (me.status !== 200) return { kind: 'workspace', probe: said(me) }
  const user = profileUser(me)
  return { kind: 'personal', probe: said(me), ...(user ? { user } : {}) }
}

/** A refused credential decides everything: nothing is allowed. */
function refused(credential: CredentialReport): Verdict | undefined {
  return credential.kind === 'refused'
    ? { allowed: false, probe: credential.probe, note: 'the credential was refused: not a valid access token' }
    : undefined
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
  if (found.status !== 200)
    return { org: orgSlug, needs, allowed: false, probe: said(found), note: 'the Workspace cannot be read' }
  if (credential.kind !== 'personal' || !credential.user)
    return {
      org: orgSlug,
      needs,
      allowed: null,
      probe: said(found),
      note: "the credential is no user, who alone can own it: a Workspace owner's personal token decides it"
    }
  return { org: orgSlug, needs, allowed: workspaceOwners(found).includes(credential.user), probe: said(found) }
}
