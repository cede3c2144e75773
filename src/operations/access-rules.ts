/**
 * What each operation needs of the caller, and how the access check decides it from read-only
 * calls alone. A read answers "yes" only when no role below the one asked could have made it;
 * where no read tells, the answer is "cannot tell" (null), with what would decide it. The roles
 * and their reads (bitrise-io/docs `roles-and-permissions-for-bitrise-ci.mdx`,
 * `public-projects.mdx`, `managing-an-apps-builds.mdx`; interface.md's endpoint table) are
 * docs/check-access.md's table, one line each. One probe of each kind per app, made when an
 * answer needs it and kept.
 * The step summary and the test results a finished wait reads need no more than reading the app (no
 * source names a role; the emulator's reading), and so do the artifacts test-report-artifacts reads.
 * install-page's PATCH of an artifact changes it, so it needs a Developer: trigger's own need.
 */
import {
  appFacts,
  newestBuild,
  readApp,
  readBuildLog,
  readConfigFile,
  readConfigLocation,
  readWorkspace,
  workspaceOwners,
  type Probe
} from '../api/access.js'
import type { ServiceClient } from '../http/service-client.js'

/**
 * The least an operation needs: a role on the app (from any role up to the Owner; `workflow-editor`
 * is Owner, Admin or Platform Engineer), the Workspace's membership or ownership, or only a
 * credential the service takes.
 */
export type Need =
  'any' | 'developer' | 'workflow-editor' | 'admin' | 'owner' | 'workspace-member' | 'workspace-owner' | 'caller'

/** What each operation needs (interface.md's endpoint table; the docs' role page for the rest). */
export const NEEDS: Record<string, Need> = {
  trigger: 'developer',
  wait: 'any',
  abort: 'developer',
  'register-app': 'workspace-member',
  'list-apps': 'caller',
  'get-app': 'any',
  'update-app': 'admin',
  'delete-app': 'owner',
  'list-branches': 'any',
  'get-config': 'workflow-editor',
  'upload-config': 'workflow-editor',
  'validate-config': 'workflow-editor',
  'get-config-location': 'admin',
  'set-config-location': 'admin',
  'get-roles': 'admin',
  'set-roles': 'admin',
  'list-groups': 'workspace-member',
  'migrate-machine-types': 'workspace-owner',
  'set-email-notifications': 'admin',
  'list-build-requests': 'any',
  'approve-build-request': 'developer',
  'list-artifacts': 'any',
  'rebuild-pipeline': 'developer',
  'plan-matrix': 'any',
  'check-access': 'caller',
  // It reads builds and completes GitHub check runs: on the service, reading is all it does.
  'report-parked': 'any'
}

/** A need in words, as the report shows it. */
export const NEED_WORDS: Record<Need, string> = {
  any: 'any role on the app',
  developer: 'Owner, Admin, Platform Engineer or Developer',
  'workflow-editor': 'Owner, Admin or Platform Engineer',
  admin: 'Owner or Admin',
  owner: 'Owner',
  'workspace-member': "the Workspace's owner or a member of its groups",
  'workspace-owner': "the Workspace's owner",
  caller: 'a credential the service takes'
}

/** One answer of the check: allowed, refused, or not decidable by a read (null); and the probe that decided. */
export interface Verdict {
  allowed: boolean | null
  probe: string
  note?: string
}

export const said = (probe: Probe): string => `${probe.probe} -> ${probe.status}`

/** A read's status as an answer: 200 yes, 403 no (or 404 where `refusal` says so), anything else cannot tell. */
function byStatus(probe: Probe, undecided: string, refusal: number[] = [403]): Verdict {
  if (probe.status === 200) return { allowed: true, probe: said(probe) }
  if (refusal.includes(probe.status)) return { allowed: false, probe: said(probe) }
  return { allowed: null, probe: said(probe), note: undecided }
}

/** The probes of one app, each made at most once. */
export class AppProbes {
  private readonly made = new Map<string, Promise<Probe>>()
  private log: Promise<Probe | undefined> | undefined

  constructor(
    private readonly client: ServiceClient,
    readonly app: string,
    /** The user of a personal token (GET /me), for the Owner check. */
    private readonly user?: string,
    /** The app's read, when the sign-in already made it. */
    read?: Probe
  ) {
    if (read) this.made.set('app', Promise.resolve(read))
  }

  private once(key: string, make: () => Promise<Probe>): Promise<Probe> {
    let found = this.made.get(key)
    if (!found) this.made.set(key, (found = make()))
    return found
  }

  read(): Promise<Probe> {
    return this.once('app', () => readApp(this.client, this.app))
  }

  /** The newest build's log, or undefined when the app has no build to read. */
  private buildLog(): Promise<Probe | undefined> {
    this.log ??= newestBuild(this.client, this.app).then((found) =>
      found.slug ? readBuildLog(this.client, this.app, found.slug) : undefined
    )
    return this.log
  }

  /** Whether the caller's role allows what `need` asks, on this app. */
  async decide(need: Need): Promise<Verdict> {
    const read = await this.read()
    if (need === 'caller') return { allowed: read.status !== 401, probe: said(read) }
    if (read.status !== 200) return { allowed: false, probe: said(read), note: 'the app cannot be read' }
    switch (need) {
      case 'any':
        return { allowed: true, probe: said(read) }
      case 'developer':
        return this.developer(read)
      case 'workflow-editor':
        return this.workflowEditor()
      case 'admin':
        return this.admin()
      case 'owner':
        return this.owner(read)
      default:
        return { allowed: null, probe: said(read), note: 'decided by the Workspace, not the app' }
    }
  }

  private async workflowEditor(): Promise<Verdict> {
    const config = await this.once('config', () => readConfigFile(this.client, this.app))
    return byStatus(config, 'the configuration file answered neither 200 nor 403: read it again to decide')
  }

  private async admin(): Promise<Verdict> {
    const location = await this.once('location', () => readConfigLocation(this.client, this.app))
    return byStatus(location, "the configuration file's location answered neither 200 nor 403: read it again")
  }

  private async developer(read: Probe): Promise<Verdict> {
    // Anyone reads a public app's build logs, so there the log proves no role.
    const maybePublic = appFacts(read).isPublic !== false
    const log = maybePublic ? undefined : await this.buildLog()
    if (log?.status === 200) return { allowed: true, probe: said(log) }
    if (log?.status === 403) return { allowed: false, probe: said(log) }
    // Owner, Admin and Platform Engineer each do all a Developer does.
    const editor = await this.workflowEditor()
    if (editor.allowed) return editor
    const why = maybePublic
      ? "the app is public (or does not say): anyone reads its build logs, so no read tells a Developer from a Tester/QA; asking the app's Admin for the role decides it"
      : log
        ? `${said(log)} decides nothing; reading the log again decides it`
        : "no build of the app to read the log of: a build's log (200 for a Developer, 403 for a Tester/QA) decides it"
    return { allowed: null, probe: editor.probe, note: `not Owner, Admin or Platform Engineer, and ${why}` }
  }

  private async owner(read: Probe): Promise<Verdict> {
    const admin = await this.admin()
    if (admin.allowed === false) return admin
    const owner = appFacts(read).owner
    if (this.user && owner?.kind === 'user' && owner.slug === this.user) return { allowed: true, probe: said(read) }
    if (this.user && owner?.kind === 'organization') {
      const found = await this.once('workspace', () => readWorkspace(this.client, owner.slug))
      if (found.status === 200 && workspaceOwners(found).includes(this.user))
        return { allowed: true, probe: said(found) }
      return { allowed: null, probe: said(found), note: OWNER_NOTE }
    }
    return { allowed: null, probe: admin.probe, note: OWNER_NOTE }
  }
}

const OWNER_NOTE =
  "an Admin reads what an Owner reads; only a user's token that the app's owner (its user, or an owner of its Workspace in GET /organizations/{org-slug}) names is decided"

/** A Workspace operation (register-app, list-groups): GET /organizations/{org-slug} answers only its owners and group members. */
export async function workspaceMember(client: ServiceClient, org: string | undefined): Promise<Verdict> {
  if (!org) return { allowed: null, probe: 'none', note: 'set org-slug to the Workspace to decide it' }
  return byStatus(
    await readWorkspace(client, org),
    'the Workspace answered neither 200 nor 403/404: read it again',
    [403, 404]
  )
}
