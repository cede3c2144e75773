/** The emulator's in-memory world: users, Workspaces, apps, builds and what clients sent. */
import { normaliseRole } from './seed.js'
import type {
  AppRecord,
  BuildRecord,
  GroupRoleName,
  Organization,
  Seed,
  SeedApp,
  SeedUser,
  TeamRole
} from './types.js'

const ROLE_RANK: Record<TeamRole, number> = { owner: 4, admin: 3, manager: 2, member: 1 }

/** One request received under the API prefix, without its Authorization header. */
export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}

/** An email notification the emulator decided to send (or to skip) for a build. */
export interface NotificationRecord {
  app: string
  build: string
  event: 'abort'
  outcome: 'success' | 'failure'
  setting: string
  sent: boolean
  reason: string
}

export class EmulatorState {
  users = new Map<string, SeedUser>()
  tokens = new Map<string, string>()
  organizations = new Map<string, Organization>()
  apps = new Map<string, AppRecord>()
  builds = new Map<string, BuildRecord>()
  notifications: NotificationRecord[] = []
  requests: RecordedRequest[] = []

  constructor(private readonly seed: Seed) {
    this.reset()
  }

  /** Forgets everything that happened and rebuilds the world from the seed. */
  reset(): void {
    const seed = structuredClone(this.seed)
    this.users = new Map(seed.users.map((u) => [u.slug, { slug: u.slug, name: u.name ?? u.slug }]))
    this.tokens = new Map(Object.entries(seed.tokens))
    this.organizations = new Map(
      (seed.organizations ?? []).map((o) => [
        o.slug,
        {
          slug: o.slug,
          name: o.name ?? o.slug,
          owners: new Set(o.owners ?? []),
          groups: new Map(
            (o.groups ?? []).map((g) => [g.slug, { slug: g.slug, name: g.name ?? g.slug, members: new Set(g.members ?? []) }])
          )
        }
      ])
    )
    this.apps = new Map((seed.apps ?? []).map((a) => [a.slug, appFromSeed(a)]))
    this.builds = new Map()
    this.notifications = []
    this.requests = []
  }

  /** The caller's effective role: direct team role, Workspace ownership or the strongest group grant. */
  roleOf(user: string, app: AppRecord): TeamRole | null {
    const candidates: TeamRole[] = []
    const direct = app.team.get(user)
    if (direct) candidates.push(direct)
    if (app.owner.account_type === 'user' && app.owner.slug === user) candidates.push('owner')
    const org = app.owner.account_type === 'organization' ? this.organizations.get(app.owner.slug) : undefined
    if (org) {
      if (org.owners.has(user)) candidates.push('owner')
      for (const [role, groups] of Object.entries(app.groupRoles) as [GroupRoleName, string[]][]) {
        if (groups.some((g) => org.groups.get(g)?.members.has(user))) candidates.push(role)
      }
    }
    return candidates.sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a])[0] ?? null
  }

  /** Whether the user owns the Workspace or belongs to one of its groups. */
  isWorkspaceMember(user: string, org: Organization): boolean {
    return org.owners.has(user) || [...org.groups.values()].some((g) => g.members.has(user))
  }

  /** The app object as the API returns it, with the owner's display name. */
  appView(a: AppRecord): Record<string, unknown> {
    const owner = a.owner.account_type === 'organization' ? this.organizations.get(a.owner.slug) : this.users.get(a.owner.slug)
    return appJson(a, owner?.name)
  }

  /** A JSON-ready dump for the `/_emulator/state` endpoint; never holds keys or tokens. */
  snapshot(now: number, describeBuild: (b: BuildRecord, now: number) => unknown): unknown {
    return {
      users: [...this.users.values()],
      organizations: [...this.organizations.values()].map((o) => ({
        slug: o.slug,
        name: o.name,
        owners: [...o.owners],
        groups: [...o.groups.values()].map((g) => ({ slug: g.slug, name: g.name, members: [...g.members] }))
      })),
      apps: [...this.apps.values()].map((a) => ({
        ...this.appView(a),
        default_branch: a.defaultBranch,
        branches: a.branches,
        config_location: a.configLocation,
        repository_has_config: a.repositoryHasConfig,
        service_yml: a.serviceYml,
        notifications: a.notifications,
        team: Object.fromEntries(a.team),
        group_roles: a.groupRoles,
        envs: a.envs,
        secret_names: Object.keys(a.secrets),
        has_ssh_key: a.hasSshKey,
        ssh_key_registered_at_provider: a.sshKeyRegisteredAtProvider,
        stack_id: a.stackId,
        initial_config: a.initialConfig,
        has_build_trigger_token: a.buildTriggerToken !== null,
        registration_finished: a.registrationFinished,
        build_outcome: a.buildOutcome,
        extra: a.extra
      })),
      builds: [...this.builds.values()].map((b) => describeBuild(b, now)),
      notifications: this.notifications
    }
  }
}

function appFromSeed(a: SeedApp): AppRecord {
  const team = new Map<string, TeamRole>()
  for (const [user, role] of Object.entries(a.team ?? {})) team.set(user, normaliseRole(role) as TeamRole)
  const repoSlug = a.repo_slug ?? a.slug
  return {
    slug: a.slug,
    title: a.title ?? repoSlug,
    owner: { account_type: a.owner.account_type, slug: a.owner.slug },
    provider: a.provider ?? 'github',
    repoOwner: a.repo_owner ?? a.owner.slug,
    repoUrl: a.repo_url ?? `git@github.com:${a.owner.slug}/${repoSlug}.git`,
    repoSlug,
    projectType: a.project_type ?? null,
    isPublic: a.is_public ?? false,
    isDisabled: a.is_disabled ?? false,
    status: a.status ?? 1,
    avatarUrl: a.avatar_url ?? null,
    defaultBranch: a.default_branch ?? 'main',
    branches: a.branches ?? [a.default_branch ?? 'main'],
    serviceYml: a.service_yml ?? '',
    configLocation: a.config_location ?? 'service',
    repositoryHasConfig: a.repository_has_config ?? false,
    notifications: {
      on_failure: a.notifications?.on_failure ?? 'always',
      on_success: a.notifications?.on_success ?? 'change'
    },
    team,
    groupRoles: {
      admin: [...(a.group_roles?.admin ?? [])],
      manager: [...(a.group_roles?.manager ?? [])],
      member: [...(a.group_roles?.member ?? [])]
    },
    envs: { ...(a.envs ?? {}) },
    secrets: { ...(a.secrets ?? {}) },
    buildOutcome: a.build_outcome ?? 'success',
    hasSshKey: false,
    sshKeyRegisteredAtProvider: false,
    stackId: null,
    initialConfig: null,
    buildTriggerToken: null,
    registrationFinished: true,
    extra: {},
    nextBuildNumber: 1
  }
}

/** The app object as the API returns it. */
export function appJson(a: AppRecord, ownerName?: string): Record<string, unknown> {
  return {
    slug: a.slug,
    title: a.title,
    project_type: a.projectType,
    provider: a.provider,
    repo_owner: a.repoOwner,
    repo_url: a.repoUrl,
    repo_slug: a.repoSlug,
    is_disabled: a.isDisabled,
    status: a.status,
    is_public: a.isPublic,
    owner: { account_type: a.owner.account_type, name: ownerName ?? a.owner.slug, slug: a.owner.slug },
    avatar_url: a.avatarUrl
  }
}
