/**
 * Who may call a route. Each route of the table carries one of these; the server checks it
 * before the handler runs, and the role table of emulator/docs/access.md is written from the same values.
 */
import { forbidden, notFound } from './errors.js'
import type { EmulatorState } from './state.js'
import type { AppRecord, Organization } from './records.js'
import type { TeamRole } from './types.js'

export const ANY_ROLE: readonly TeamRole[] = ['owner', 'admin', 'platform_engineer', 'manager', 'member']
export const OWNER_ONLY: readonly TeamRole[] = ['owner']
export const OWNER_OR_ADMIN: readonly TeamRole[] = ['owner', 'admin']
/** Who edits Workflows (the configuration file): bitrise-io/docs, roles-and-permissions-for-bitrise-ci.mdx. */
export const WORKFLOW_EDITORS: readonly TeamRole[] = ['owner', 'admin', 'platform_engineer']
export const OWNER_ADMIN_DEVELOPER: readonly TeamRole[] = ['owner', 'admin', 'platform_engineer', 'manager']

export type Access =
  /**
   * A role on the team of the app named by `:app`; with `publicApp`, any caller with a valid token
   * when the app is public (bitrise-io/docs public-projects.mdx: anyone may read its build logs).
   */
  | { kind: 'app'; roles: readonly TeamRole[]; publicApp?: boolean }
  /** The Workspace named by `:org` must exist; the caller must own it or belong to one of its groups. */
  | { kind: 'workspace-member' }
  /** The Workspace named by `:org` must exist; whether the caller belongs to it decides what he sees. */
  | { kind: 'workspace-listing' }
  /** The Workspace named by `:org` must exist, and the caller must own it. */
  | { kind: 'workspace-owner' }
  /** The user named by `:user` must exist, and be the caller. */
  | { kind: 'user-self' }
  /** Any caller with a valid token; `rule` says what the model or the handler checks beyond that. */
  | { kind: 'caller'; rule: string }

/**
 * The app rules the route tables use, each named for the weakest role it lets in: APP_ADMIN is
 * Owner or Admin, APP_DEVELOPER is Owner, Admin or Developer.
 */
export const APP_ANY_ROLE: Access = { kind: 'app', roles: ANY_ROLE }
export const APP_ADMIN: Access = { kind: 'app', roles: OWNER_OR_ADMIN }
export const APP_OWNER: Access = { kind: 'app', roles: OWNER_ONLY }
export const APP_WORKFLOW_EDITOR: Access = { kind: 'app', roles: WORKFLOW_EDITORS }
export const APP_DEVELOPER: Access = { kind: 'app', roles: OWNER_ADMIN_DEVELOPER }
/** A build's log and configuration: Developer or higher, or anyone on a public app. */
export const APP_DEVELOPER_OR_PUBLIC: Access = { kind: 'app', roles: OWNER_ADMIN_DEVELOPER, publicApp: true }
/** The rules on a Workspace or a user that the route tables use (see Access). */
export const WORKSPACE_MEMBER: Access = { kind: 'workspace-member' }
export const WORKSPACE_LISTING: Access = { kind: 'workspace-listing' }
export const WORKSPACE_OWNER: Access = { kind: 'workspace-owner' }
export const USER_SELF: Access = { kind: 'user-self' }

/** What a check found: the app or Workspace the route is about. */
export interface AccessTarget {
  app?: AppRecord
  org?: Organization
}

const ROLE_LABEL: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  platform_engineer: 'Platform Engineer',
  manager: 'Developer',
  member: 'Tester/QA'
}

const orList = (words: string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`

/** The rule in words, as the README's role table shows it. */
export function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'app': {
      const roles =
        access.roles.length === ANY_ROLE.length ? 'any role on the app' : orList(access.roles.map((r) => ROLE_LABEL[r]))
      return access.publicApp ? `${roles}; anyone on a public app` : roles
    }
    case 'workspace-member':
      return 'Workspace owner or group member'
    case 'workspace-listing':
      return 'any caller; only a Workspace owner or group member gets apps, anyone else an empty list'
    case 'workspace-owner':
      return 'Workspace owner'
    case 'user-self':
      return 'that user only; covers the apps he owns'
    case 'caller':
      return access.rule
  }
}

function appWithRole(
  state: EmulatorState,
  user: string,
  slug: string,
  access: { roles: readonly TeamRole[]; publicApp?: boolean }
): AppRecord {
  const app = state.apps.get(slug)
  if (!app) throw notFound(`app "${slug}" not found`)
  if (access.publicApp && app.isPublic) return app
  const allowed = access.roles
  const role = state.roleOf(user, app)
  if (role === null) throw forbidden(`you have no role on the team of app "${app.slug}"`)
  if (!allowed.includes(role)) {
    const needed = allowed.map((r) => ROLE_LABEL[r]).join(' or ')
    throw forbidden(`this operation needs the ${needed} role on app "${app.slug}"; you are ${ROLE_LABEL[role]}`)
  }
  return app
}

function organization(state: EmulatorState, slug: string): Organization {
  const org = state.organizations.get(slug)
  if (!org) throw notFound(`organization "${slug}" not found`)
  return org
}

/** Checks the caller against the route's rule; a refusal is a 404 (nothing by that name) or a 403. */
export function authorize(
  access: Access,
  state: EmulatorState,
  user: string,
  params: Record<string, string>
): AccessTarget {
  switch (access.kind) {
    case 'app':
      return { app: appWithRole(state, user, params.app, access) }
    case 'workspace-listing':
      return { org: organization(state, params.org) }
    case 'workspace-member': {
      const org = organization(state, params.org)
      if (!state.isWorkspaceMember(user, org)) throw forbidden(`you are not a member of organization "${org.slug}"`)
      return { org }
    }
    case 'workspace-owner': {
      const org = organization(state, params.org)
      if (!org.owners.has(user))
        throw forbidden(`migrating machine types needs the owner role of organization "${org.slug}"`)
      return { org }
    }
    case 'user-self':
      if (!state.users.has(params.user)) throw notFound(`user "${params.user}" not found`)
      if (user !== params.user)
        throw forbidden(`only user "${params.user}" may migrate the machine types of his own apps`)
      return {}
    case 'caller':
      return {}
  }
}
