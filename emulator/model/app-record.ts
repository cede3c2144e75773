/** The one place an app record is made, with the defaults every app starts from (seeded or registered). */
import type { AppRecord } from './records.js'
import type { GroupRoleName, NotificationChoice, TeamRole } from './types.js'

/** What a new app must have, and what it may set; everything else takes the service's defaults. */
export type AppInit = Pick<AppRecord, 'slug' | 'owner'> &
  Partial<Omit<AppRecord, 'slug' | 'owner' | 'notifications' | 'groupRoles' | 'team'>> & {
    notifications?: { on_failure?: NotificationChoice; on_success?: NotificationChoice }
    groupRoles?: Partial<Record<GroupRoleName, string[]>>
    team?: Iterable<[string, TeamRole]>
  }

/** A copy of `init` without the keys whose value is undefined, so they cannot hide a default. */
function defined<T extends object>(init: T): Partial<T> {
  return Object.fromEntries(Object.entries(init).filter(([, value]) => value !== undefined)) as Partial<T>
}

/** A new app record: the defaults of the service, overridden by whatever `init` sets. */
export function newAppRecord(init: AppInit): AppRecord {
  const { notifications, groupRoles, team, ...fields } = defined(init)
  const repoSlug = fields.repoSlug ?? init.slug
  // The published contract's default when none is given (register model: "defaults to master").
  const defaultBranch = fields.defaultBranch ?? 'master'
  return {
    title: repoSlug,
    provider: 'github',
    repoOwner: init.owner.slug,
    repoUrl: `git@github.com:${init.owner.slug}/${repoSlug}.git`,
    projectType: null,
    isPublic: false,
    isDisabled: false,
    status: 1,
    avatarUrl: null,
    branches: [defaultBranch],
    serviceYml: '',
    configLocation: 'service',
    repositoryHasConfig: false,
    envs: {},
    secrets: {},
    buildOutcome: 'success',
    hasSshKey: false,
    sshKeyRegisteredAtProvider: false,
    stackId: null,
    initialConfig: null,
    buildTriggerToken: null,
    registrationFinished: true,
    extra: {},
    nextBuildNumber: 1,
    // On by default for apps registered through the API (devcenter "Approving pull request builds").
    manualApproval: true,
    // Off unless the app's settings turn it on (the contract: "if the AI build summary feature is enabled").
    aiSummary: false,
    concurrency: null,
    creditsPerMinute: null,
    ...fields,
    slug: init.slug,
    owner: { account_type: init.owner.account_type, slug: init.owner.slug },
    repoSlug,
    defaultBranch,
    notifications: {
      on_failure: notifications?.on_failure ?? 'always',
      on_success: notifications?.on_success ?? 'change'
    },
    groupRoles: {
      admin: [...(groupRoles?.admin ?? [])],
      platform_engineer: [...(groupRoles?.platform_engineer ?? [])],
      manager: [...(groupRoles?.manager ?? [])],
      member: [...(groupRoles?.member ?? [])]
    },
    team: new Map(team ?? [])
  }
}
