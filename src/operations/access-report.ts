/** What the access check found, as the access output and the summary table give it. */
import type { SummarySection } from '../summary/section.js'
import type { Verdict } from './access-rules.js'

/** The credential: a user's token, a Workspace API token, the job's OIDC token (with its claims), or refused. */
export interface CredentialReport {
  kind: 'personal' | 'workspace' | 'oidc' | 'refused'
  /** What a refused credential was: the token input, or the OIDC trust policy's short-lived token. */
  signedInWith?: 'token' | 'oidc'
  probe: string
  claims?: Record<string, string>
  /** The user's slug, for the Workspace owner check only: never written to the output or the summary. */
  user?: string
}

export interface AccessReport {
  credential: CredentialReport
  apps: Array<{ app: string; readable: boolean; probe: string }>
  /** One row per operation and app; a Workspace operation's row names the Workspace as its app. */
  operations: Array<{ operation: string; app: string; needs: string; aborts?: boolean | null } & Verdict>
  migration?: { org: string | null; needs: string } & Verdict
  /** "<operation> on <app>", for each answer that is a refusal. */
  missing: string[]
  /** "<operation> on <app> (what would decide it)", for each answer no read decided: never counted as there. */
  undecided: string[]
}

/** The report as the access output holds it: the user's slug left out. */
export function accessOutput(report: AccessReport): AccessReport {
  const { kind, signedInWith, probe, claims } = report.credential
  return {
    ...report,
    credential: { kind, ...(signedInWith ? { signedInWith } : {}), probe, ...(claims ? { claims } : {}) }
  }
}

const KIND_WORDS: Record<CredentialReport['kind'], string> = {
  personal: "a user's personal access token",
  workspace: 'a token of no user (a Workspace API token)',
  oidc: "the job's OIDC token, exchanged for a short-lived token",
  refused: 'refused by the service: not a valid access token'
}

const answer = (allowed: boolean | null): string => (allowed === null ? 'cannot tell' : allowed ? 'yes' : 'no')

/** The summary: the credential, then one row per app and operation with the call that decided. */
export function accessSection(report: AccessReport): SummarySection {
  const claims = Object.entries(report.credential.claims ?? {}).map(([name, value]): [string, string] => [
    `Claim ${name}`,
    value
  ])
  const rows = [
    ...report.apps.map((entry) => [entry.app, 'read the app', answer(entry.readable), entry.probe]),
    ...report.operations.map((entry) => [
      entry.app,
      `${entry.operation} (needs ${entry.needs})`,
      entry.aborts === undefined ? answer(entry.allowed) : `${answer(entry.allowed)}; abort: ${answer(entry.aborts)}`,
      entry.note ? `${entry.probe}; ${entry.note}` : entry.probe
    ])
  ]
  const migration = report.migration
  if (migration)
    rows.push([
      migration.org ?? '(no org-slug)',
      `migrate-machine-types (needs ${migration.needs})`,
      answer(migration.allowed),
      migration.note ? `${migration.probe}; ${migration.note}` : migration.probe
    ])
  const counts = [
    ...(report.missing.length > 0 ? [`${report.missing.length} missing`] : []),
    ...(report.undecided.length > 0 ? [`${report.undecided.length} cannot tell`] : [])
  ]
  return {
    heading: 'Access check',
    lead: {
      mark: report.missing.length > 0 ? 'refused' : counts.length > 0 ? 'warning' : 'success',
      result: counts.length > 0 ? counts.join(', ') : 'Everything asked is there',
      subject: report.apps.map((entry) => entry.app)
    },
    facts: [['Credential', KIND_WORDS[report.credential.kind]], ['Decided by', report.credential.probe], ...claims],
    table: [['App', 'Operation', 'Allowed', 'Decided by'], ...rows],
    note: 'Read-only calls decide each answer; nothing was changed on the service.'
  }
}
