/**
 * What each operation needs of the caller, and how the access check decides it from read-only
 * calls the service documents: any role reads an app (GET /apps/{app-slug}); the build log
 * needs Owner, Admin or Developer (devcenter, "Managing an app's builds"); the configuration
 * file needs Owner or Admin (interface: GET /apps/{app-slug}/service.yml); a Workspace's owners
 * are listed in GET /organizations/{org-slug} (the published contract's OrganizationDataModel).
 * One probe of each kind per app, made when an answer needs it and kept. The step summary and
 * the test results a finished wait reads need no more than reading the app (no source names a
 * role; the emulator's reading), and so do the artifacts test-report-artifacts reads (list-artifacts
 * is `any` too), so a wait stays `any`.
 */
import { newestBuild, readApp, readBuildLog, readConfigFile, type Probe } from '../api/access.js'
import type { ServiceClient } from '../http/service-client.js'

/** The least an operation needs: a role on the app, the Workspace's owner, or only a credential the service takes. */
export type Need = 'any' | 'developer' | 'admin' | 'owner' | 'workspace-owner' | 'caller'

/** What each operation needs (interface.md's endpoint table; Owner alone deletes an app, devcenter's roles page). */
export const NEEDS: Record<string, Need> = {
  trigger: 'developer',
  wait: 'any',
  abort: 'developer',
  'register-app': 'caller',
  'list-apps': 'caller',
  'get-app': 'any',
  'update-app': 'admin',
  'delete-app': 'owner',
  'list-branches': 'any',
  'get-config': 'admin',
  'upload-config': 'admin',
  'validate-config': 'caller',
  'get-config-location': 'admin',
  'set-config-location': 'admin',
  'get-roles': 'admin',
  'set-roles': 'admin',
  'list-groups': 'caller',
  'migrate-machine-types': 'workspace-owner',
  'set-email-notifications': 'admin',
  'list-build-requests': 'any',
  'approve-build-request': 'developer',
  'list-artifacts': 'any',
  'rebuild-pipeline': 'developer',
  'plan-matrix': 'caller',
  'check-access': 'caller'
}

/** A need in words, as the report shows it. */
export const NEED_WORDS: Record<Need, string> = {
  any: 'any role on the app',
  developer: 'Owner, Admin or Developer',
  admin: 'Owner or Admin',
  owner: 'Owner',
  'workspace-owner': "the Workspace's owner",
  caller: 'a credential the service takes'
}

/** One answer of the check: allowed, refused, or not decidable by a read (null); and the probe that decided. */
export interface Verdict {
  allowed: boolean | null
  probe: string
  note?: string
}

const said = (probe: Probe): string => `${probe.probe} -> ${probe.status}`

/** The probes of one app, each made at most once. */
export class AppProbes {
  private readonly made = new Map<string, Promise<Probe>>()
  private log: Promise<Probe | undefined> | undefined

  constructor(
    private readonly client: ServiceClient,
    readonly app: string
  ) {}

  private once(key: string, make: () => Promise<Probe>): Promise<Probe> {
    let found = this.made.get(key)
    if (!found) this.made.set(key, (found = make()))
    return found
  }

  read(): Promise<Probe> {
    return this.once('app', () => readApp(this.client, this.app))
  }

  config(): Promise<Probe> {
    return this.once('config', () => readConfigFile(this.client, this.app))
  }

  /** The newest build's log, or undefined when the app has no build to read. */
  buildLog(): Promise<Probe | undefined> {
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
    if (need === 'any') return { allowed: true, probe: said(read) }
    if (need === 'developer') return this.developer()
    const config = await this.config()
    if (config.status === 403) return { allowed: false, probe: said(config) }
    if (config.status !== 200) return { allowed: null, probe: said(config) }
    if (need === 'admin') return { allowed: true, probe: said(config) }
    return { allowed: null, probe: said(config), note: 'Owner or Admin; no read tells an Owner from an Admin' }
  }

  private async developer(): Promise<Verdict> {
    const log = await this.buildLog()
    if (log?.status === 200) return { allowed: true, probe: said(log) }
    if (log?.status === 403) return { allowed: false, probe: said(log) }
    // No build to read the log of (or an answer that decides nothing): an Owner or Admin may do it too.
    const config = await this.config()
    if (config.status === 200) return { allowed: true, probe: said(config) }
    const why = log ? `${said(log)}, ` : 'no build of the app to read the log of, '
    return {
      allowed: null,
      probe: said(config),
      note: `${why}and not Owner or Admin: a Developer may, a Tester/QA may not`
    }
  }
}
