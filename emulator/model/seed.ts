/** Reads and checks a seed (JSON or YAML) describing users, Workspaces, apps and tokens. */
import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import demoSeed from './seed.json' with { type: 'json' }
import { GROUP_ROLE_NAMES, isObject, type Seed, type SeedApp, type SeedTrustPolicy } from './types.js'

const ROLE_ALIASES: Record<string, string> = {
  owner: 'owner',
  admin: 'admin',
  platform_engineer: 'platform_engineer',
  'platform-engineer': 'platform_engineer',
  developer: 'manager',
  manager: 'manager',
  tester: 'member',
  qa: 'member',
  member: 'member'
}

/** The demo seed shipped with the emulator. */
export function bundledSeed(): Seed {
  return checkSeed(structuredClone(demoSeed), 'bundled seed')
}

/** Loads a seed file; `.json` is read as JSON, anything else as YAML (a superset of JSON). */
export function loadSeedFile(file: string): Seed {
  const text = readFileSync(file, 'utf8')
  const data = file.endsWith('.json') ? JSON.parse(text) : load(text)
  return checkSeed(data, file)
}

function fail(where: string, message: string): never {
  throw new Error(`invalid seed (${where}): ${message}`)
}

/** Checks the references inside a seed and returns it typed; throws an error naming the bad field. */
export function checkSeed(data: unknown, where = 'seed'): Seed {
  if (!isObject(data)) fail(where, 'the seed must be an object')
  const seed = data as unknown as Seed
  if (!Array.isArray(seed.users)) fail(where, '`users` must be an array')
  if (!isObject(seed.tokens)) fail(where, '`tokens` must map token strings to user slugs')
  const users = new Set<string>()
  for (const user of seed.users) {
    if (!isObject(user) || typeof user.slug !== 'string') fail(where, 'every user needs a `slug`')
    users.add(user.slug)
  }
  // Never quote a token, not even in part: a seed's tokens are its credentials.
  for (const user of Object.values(seed.tokens)) {
    if (!users.has(user)) fail(where, `a token names unknown user "${user}"`)
  }
  for (const list of ['stacks', 'machine_types'] as const) {
    const value = seed[list]
    if (
      value !== undefined &&
      !(Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== ''))
    )
      fail(where, `\`${list}\` must be a list of names`)
  }
  const groupsByOrg = new Map<string, Set<string>>()
  for (const org of seed.organizations ?? []) {
    if (typeof org.slug !== 'string') fail(where, 'every organization needs a `slug`')
    for (const owner of org.owners ?? []) {
      if (!users.has(owner)) fail(where, `organizations.${org.slug}.owners names unknown user "${owner}"`)
    }
    const groups = new Set<string>()
    for (const group of org.groups ?? []) {
      groups.add(group.slug)
      for (const member of group.members ?? []) {
        if (!users.has(member)) fail(where, `group ${group.slug} names unknown user "${member}"`)
      }
    }
    groupsByOrg.set(org.slug, groups)
  }
  const types = seed.oidc?.subject_token_types
  if (types !== undefined && (!Array.isArray(types) || !types.every((type) => typeof type === 'string' && type !== '')))
    fail(where, 'oidc.subject_token_types must be a list of token type names')
  for (const policy of seed.oidc?.trust_policies ?? []) {
    if (!groupsByOrg.has(policy.workspace))
      fail(where, `oidc.trust_policies.${policy.id} names unknown organization "${policy.workspace}"`)
    checkTrustPolicy(policy, where)
  }
  const appSlugs = new Set<string>()
  for (const app of seed.apps ?? []) {
    checkApp(app, where, users, groupsByOrg)
    if (appSlugs.has(app.slug)) fail(where, `app slug "${app.slug}" is used twice`)
    appSlugs.add(app.slug)
  }
  return seed
}

function checkApp(app: SeedApp, where: string, users: Set<string>, groupsByOrg: Map<string, Set<string>>): void {
  if (!isObject(app) || typeof app.slug !== 'string') fail(where, 'every app needs a `slug`')
  const at = `apps.${app.slug}`
  if (!isObject(app.owner)) fail(where, `${at}.owner must be {account_type, slug}`)
  if (app.owner.account_type === 'organization') {
    if (!groupsByOrg.has(app.owner.slug)) fail(where, `${at}.owner names unknown organization "${app.owner.slug}"`)
  } else if (app.owner.account_type === 'user') {
    if (!users.has(app.owner.slug)) fail(where, `${at}.owner names unknown user "${app.owner.slug}"`)
  } else {
    fail(where, `${at}.owner.account_type must be organization or user`)
  }
  for (const [user, role] of Object.entries(app.team ?? {})) {
    if (!users.has(user)) fail(where, `${at}.team names unknown user "${user}"`)
    if (!(role in ROLE_ALIASES)) fail(where, `${at}.team.${user} has unknown role "${role}"`)
  }
  if (app.manual_approval !== undefined && typeof app.manual_approval !== 'boolean')
    fail(where, `${at}.manual_approval must be true or false`)
  if (app.hold_without_owners !== undefined && typeof app.hold_without_owners !== 'boolean')
    fail(where, `${at}.hold_without_owners must be true or false`)
  if (app.ai_summary_shape !== undefined && !['summary', 'three_parts'].includes(app.ai_summary_shape))
    fail(where, `${at}.ai_summary_shape must be summary or three_parts`)
  if (
    app.ai_summary_delay_ms !== undefined &&
    !(Number.isInteger(app.ai_summary_delay_ms) && app.ai_summary_delay_ms >= 0)
  )
    fail(where, `${at}.ai_summary_delay_ms must be a whole number, 0 or more`)
  if (app.concurrency !== undefined && !(Number.isInteger(app.concurrency) && app.concurrency >= 0))
    fail(where, `${at}.concurrency must be a whole number, 0 or more`)
  if (
    app.credits_per_minute !== undefined &&
    !(Number.isInteger(app.credits_per_minute) && app.credits_per_minute >= 0)
  )
    fail(where, `${at}.credits_per_minute must be a whole number, 0 or more`)
  const groups = app.owner.account_type === 'organization' ? groupsByOrg.get(app.owner.slug) : undefined
  for (const [role, slugs] of Object.entries(app.group_roles ?? {})) {
    if (!(GROUP_ROLE_NAMES as readonly string[]).includes(role))
      fail(where, `${at}.group_roles has unknown role "${role}"`)
    for (const slug of slugs ?? []) {
      if (!groups?.has(slug)) fail(where, `${at}.group_roles.${role} names unknown group "${slug}"`)
    }
  }
}

/** Maps the seed's role words (developer, tester, ...) onto the service's role names. */
export function normaliseRole(role: string): string {
  return ROLE_ALIASES[role] ?? role
}

/** Checks the seed's trust policies: `sub` is mandatory, the role known, the duration positive. */
function checkTrustPolicy(policy: SeedTrustPolicy, where: string): void {
  const at = `${where}: oidc.trust_policies.${policy.id}`
  if (typeof policy.rules?.sub !== 'string') fail(at, 'needs a sub rule: the service makes the sub claim mandatory')
  if (!['owner', 'admin', 'platform_engineer', 'manager', 'member'].includes(normaliseRole(policy.role ?? '')))
    fail(at, `has unknown role "${policy.role}"`)
  if (!(policy.session_duration_s > 0)) fail(at, 'needs a positive session_duration_s')
}
