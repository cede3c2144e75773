/** The emulator's in-memory world: users, Workspaces, apps, builds and the events they caused. Only the model changes it. */
import { newAppRecord } from './app-record.js'
import { BuildConfigs, TriggeredWorkflows } from './build-configs.js'
import { normaliseRole } from './seed.js'
import type { BuildRecord, BuildRequestRecord } from './build-records.js'
import type { ServiceEvent } from './event-records.js'
import type { PipelineRecord } from './pipeline-records.js'
import type { AppRecord, Organization } from './records.js'
import type { GroupRoleName, Seed, SeedApp, SeedUser, TeamRole } from './types.js'

const ROLE_RANK: Record<TeamRole, number> = { owner: 5, admin: 4, platform_engineer: 3, manager: 2, member: 1 }

export class EmulatorState {
  users = new Map<string, SeedUser>()
  tokens = new Map<string, string>()
  /** When a short-lived token of an OIDC exchange stops being accepted (ms); seed tokens never expire. */
  tokenExpiry = new Map<string, number>()
  /** The Workspace role an OIDC trust policy gives the tokens it mints, by their user (`oidc-policy:<id>`). */
  policyRoles = new Map<string, { org: string; role: TeamRole }>()
  organizations = new Map<string, Organization>()
  apps = new Map<string, AppRecord>()
  /** Every build kept, oldest trigger first; add and drop them with addBuild and deleteBuild, which keep the indexes below. */
  builds = new Map<string, BuildRecord>()
  /**
   * Builds whose end has not been recorded: settling, before every request, looks at these
   * only, not at the whole history (10,000 builds by default). Those that ended some other
   * way (an abort) are dropped by the next settling.
   */
  unended = new Set<BuildRecord>()
  /** Each app's builds on each branch, oldest first: the email rule's previous build without a scan of every build. */
  private byBranch = new Map<string, BuildRecord[]>()
  /** The configuration each kept build ran with (see model/build-configs.ts). */
  buildConfigs = new BuildConfigs()
  /** The workflows each app has triggered, kept when their builds are dropped. */
  triggeredWorkflows = new TriggeredWorkflows()
  /** Triggers held for manual approval, open and decided, by slug (see model/build-requests.ts). */
  buildRequests = new Map<string, BuildRequestRecord>()
  /** Running and finished pipelines, by id (see model/pipelines.ts). */
  pipelines = new Map<string, PipelineRecord>()
  /** The events of section 6 of the interface, oldest first (see model/events.ts). */
  events: ServiceEvent[] = []
  nextEventSeq = 1
  /** Counts the model's changes to apps and roles; a list of apps read at one revision holds until the next. */
  revision = 0

  /** The stacks and machine types the service offers (null: any), from the seed; never changed. */
  readonly offer: { stacks: ReadonlySet<string> | null; machineTypes: ReadonlySet<string> | null }

  constructor(private readonly seed: Seed) {
    this.offer = {
      stacks: seed.stacks ? new Set(seed.stacks) : null,
      machineTypes: seed.machine_types ? new Set(seed.machine_types) : null
    }
    this.reset()
  }

  /** Forgets everything that happened and rebuilds the world from the seed. */
  reset(): void {
    this.revision++
    const seed = structuredClone(this.seed)
    this.users = new Map(seed.users.map((u) => [u.slug, { slug: u.slug, name: u.name ?? u.slug }]))
    this.tokens = new Map(Object.entries(seed.tokens))
    this.tokenExpiry = new Map()
    this.policyRoles = new Map()
    this.organizations = new Map(
      (seed.organizations ?? []).map((o) => [
        o.slug,
        {
          slug: o.slug,
          name: o.name ?? o.slug,
          owners: new Set(o.owners ?? []),
          groups: new Map(
            (o.groups ?? []).map((g) => [
              g.slug,
              { slug: g.slug, name: g.name ?? g.slug, members: new Set(g.members ?? []) }
            ])
          )
        }
      ])
    )
    this.apps = new Map((seed.apps ?? []).map((a) => [a.slug, appFromSeed(a)]))
    this.builds = new Map()
    this.unended = new Set()
    this.byBranch = new Map()
    this.buildConfigs = new BuildConfigs()
    this.triggeredWorkflows = new TriggeredWorkflows()
    this.pipelines = new Map()
    this.buildRequests = new Map()
    this.events = []
    this.nextEventSeq = 1
  }

  /** Keeps a new build, with the configuration its app has now: the one it runs with. */
  addBuild(build: BuildRecord): void {
    this.builds.set(build.slug, build)
    const app = this.apps.get(build.appSlug)
    if (app) this.buildConfigs.keep(build.slug, app.serviceYml)
    this.triggeredWorkflows.add(build.appSlug, build.triggeredWorkflow)
    if (!build.ended) this.unended.add(build)
    const key = branchKey(build)
    const list = this.byBranch.get(key)
    if (list) list.push(build)
    else this.byBranch.set(key, [build])
  }

  /** Forgets a build, and with it its log. */
  deleteBuild(build: BuildRecord): void {
    this.builds.delete(build.slug)
    this.buildConfigs.forget(build.slug)
    this.unended.delete(build)
    const key = branchKey(build)
    const list = this.byBranch.get(key) ?? []
    // The history drops the oldest builds first, so the build is nearly always the list's first.
    const at = list.indexOf(build)
    if (at >= 0) list.splice(at, 1)
    if (list.length === 0) this.byBranch.delete(key)
  }

  /** The kept builds of the build's app on the build's branch, oldest first (the build among them). */
  sameBranchBuilds(build: BuildRecord): readonly BuildRecord[] {
    return this.byBranch.get(branchKey(build)) ?? []
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
      const viaPolicy = this.policyRoles.get(user)
      if (viaPolicy?.org === org.slug) candidates.push(viaPolicy.role)
      for (const [role, groups] of Object.entries(app.groupRoles) as [GroupRoleName, string[]][]) {
        if (groups.some((g) => org.groups.get(g)?.members.has(user))) candidates.push(role)
      }
    }
    return candidates.sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a])[0] ?? null
  }

  /** Whether the user owns the Workspace or belongs to one of its groups. */
  isWorkspaceMember(user: string, org: Organization): boolean {
    return (
      org.owners.has(user) ||
      this.policyRoles.get(user)?.org === org.slug ||
      [...org.groups.values()].some((g) => g.members.has(user))
    )
  }

  /** The app object as the API returns it, with the owner's display name. */
  appView(a: AppRecord): Record<string, unknown> {
    const owner =
      a.owner.account_type === 'organization' ? this.organizations.get(a.owner.slug) : this.users.get(a.owner.slug)
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
        manual_approval: a.manualApproval,
        ai_summary: a.aiSummary,
        ai_summary_shape: a.aiSummaryShape ?? 'summary',
        ai_summary_delay_ms: a.aiSummaryDelayMs ?? 0,
        hold_without_owners: a.holdWithoutOwners === true,
        concurrency: a.concurrency,
        credits_per_minute: a.creditsPerMinute,
        extra: a.extra
      })),
      builds: [...this.builds.values()].map((b) => describeBuild(b, now)),
      build_requests: [...this.buildRequests.values()].map((r) => ({
        slug: r.slug,
        app: r.appSlug,
        created_at: new Date(r.createdAt).toISOString(),
        build_params: r.trigger.originalParams,
        decision: r.decision && {
          approved: r.decision.approved,
          at: new Date(r.decision.at).toISOString(),
          by: r.decision.by,
          build_slug: r.decision.buildSlug,
          reason: r.decision.reason
        }
      })),
      notifications: this.events.filter((e) => e.kind === 'email_notification')
    }
  }
}

const branchKey = (build: BuildRecord): string => JSON.stringify([build.appSlug, build.branch])

/** The seed's app, in the seed's words, as a record made by the one app factory. */
function appFromSeed(a: SeedApp): AppRecord {
  return newAppRecord({
    slug: a.slug,
    owner: a.owner,
    title: a.title,
    provider: a.provider,
    repoOwner: a.repo_owner,
    repoUrl: a.repo_url,
    repoSlug: a.repo_slug,
    projectType: a.project_type,
    isPublic: a.is_public,
    isDisabled: a.is_disabled,
    status: a.status,
    avatarUrl: a.avatar_url,
    defaultBranch: a.default_branch,
    branches: a.branches,
    serviceYml: a.service_yml,
    configLocation: a.config_location,
    repositoryHasConfig: a.repository_has_config,
    notifications: a.notifications,
    team: Object.entries(a.team ?? {}).map(([user, role]) => [user, normaliseRole(role) as TeamRole]),
    groupRoles: a.group_roles,
    envs: { ...(a.envs ?? {}) },
    secrets: { ...(a.secrets ?? {}) },
    buildOutcome: a.build_outcome,
    artifacts: a.artifacts,
    steps: a.steps,
    testResults: a.test_results,
    flakyWorkflows: a.flaky_workflows,
    aiSummary: a.ai_summary === true,
    aiSummaryShape: a.ai_summary_shape,
    aiSummaryDelayMs: a.ai_summary_delay_ms,
    // A public app cannot opt out of manual approval (devcenter, "Approving pull request builds").
    manualApproval: a.is_public === true || a.manual_approval !== false,
    holdWithoutOwners: a.hold_without_owners === true,
    concurrency: a.concurrency,
    creditsPerMinute: a.credits_per_minute
  })
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
