/** App state changes: the three registration steps, update and delete. */
import { randomBytes } from 'node:crypto'
import { conflict, forbidden, invalid, notFound } from './errors.js'
import type { EmulatorState } from './state.js'
import type { AppRecord, Organization } from './records.js'
import { newAppRecord } from './app-record.js'

/** The body of `POST /apps/register`, checked for shape by the route. */
export interface RegisterRequest {
  provider: string
  repoUrl: string
  repoSlug: string
  gitOwner: string
  organization: string
  isPublic: boolean
  title?: string
  defaultBranch: string
}

/** The body of `POST /apps/{app}/finish`, checked for shape by the route. */
export interface FinishRequest {
  projectType?: string
  stackId?: string
  config?: string
  organization?: string
  envs: Record<string, string>
}

/** The fields of `PATCH /apps/{app}` that were given. */
export interface AppChanges {
  title?: string
  defaultBranch?: string
  isPublic?: boolean
  repositoryUrl?: string
  extra: Record<string, string | undefined>
}

/** The stack a registered app starts on, until finish names one. */
const DEFAULT_STACK = 'linux-docker-22.04'

/** The configuration a freshly registered app starts with. */
function defaultServiceYml(stack: string): string {
  return [
    'format_version: "13"',
    'meta:',
    '  service:',
    `    stack: ${stack}`,
    '    machine_type_id: standard',
    'trigger_map:',
    '- push_branch: "*"',
    '  workflow: primary',
    '- pull_request_source_branch: "*"',
    '  workflow: primary',
    'workflows:',
    '  primary:',
    '    steps:',
    '    - script:',
    '        inputs:',
    '        - content: echo "hello from the emulator"',
    ''
  ].join('\n')
}

/** The Workspace named by a request's `organization_slug`, provided the caller belongs to it. */
function workspaceOfMember(state: EmulatorState, caller: string, slug: string): Organization {
  const org = state.organizations.get(slug)
  if (!org) throw notFound(`organization "${slug}" (organization_slug) not found`)
  if (!state.isWorkspaceMember(caller, org)) throw forbidden(`you are not a member of organization "${slug}"`)
  return org
}

/** Creates an app owned by the Workspace; the caller, who must belong to it, becomes its Owner. */
export function registerApp(state: EmulatorState, caller: string, request: RegisterRequest): AppRecord {
  workspaceOfMember(state, caller, request.organization)
  const app = newAppRecord({
    slug: randomBytes(8).toString('hex'),
    owner: { account_type: 'organization', slug: request.organization },
    title: request.title?.trim() ? request.title : undefined,
    provider: request.provider,
    repoOwner: request.gitOwner,
    repoUrl: request.repoUrl,
    repoSlug: request.repoSlug,
    isPublic: request.isPublic,
    defaultBranch: request.defaultBranch,
    serviceYml: defaultServiceYml(DEFAULT_STACK),
    team: [[caller, 'owner']],
    registrationFinished: false
  })
  state.apps.set(app.slug, app)
  return app
}

/** Keeps only the fact that a key was given: the key itself never enters the emulator's state. */
export function registerSshKey(app: AppRecord, atProvider: boolean): void {
  if (/^https?:\/\//i.test(app.repoUrl)) {
    // 400, the refusal the published contract lists for register-ssh-key (it lists no 422).
    throw invalid(`app "${app.slug}" has an HTTPS repo_url; an SSH key is only used with SSH repository URLs`)
  }
  app.hasSshKey = true
  app.sshKeyRegisteredAtProvider = atProvider
}

/**
 * Ends a registration. It runs once: the published contract places it "at the end of the app
 * registration process" and answers 400 for a bad request, so a second call is refused with
 * 400 and changes nothing. Otherwise an Admin who also belongs to another Workspace could move
 * the app there with `organization_slug` and make himself its Owner.
 */
export function finishRegistration(state: EmulatorState, caller: string, app: AppRecord, request: FinishRequest): void {
  if (app.registrationFinished) {
    throw conflict(
      `app "${app.slug}" has already finished its registration; finish runs once and changes nothing afterwards (owner, team and settings stay as they are)`
    )
  }
  if (request.organization !== undefined) {
    const org = workspaceOfMember(state, caller, request.organization)
    if (app.owner.account_type !== 'organization' || app.owner.slug !== org.slug) {
      // Group grants name groups of the old Workspace; kept, they would hand roles to same-named groups of the new one.
      app.groupRoles = { admin: [], platform_engineer: [], manager: [], member: [] }
    }
    app.owner = { account_type: 'organization', slug: org.slug }
  }
  if (request.projectType !== undefined) app.projectType = request.projectType
  if (request.stackId !== undefined) {
    app.stackId = request.stackId
    app.serviceYml = app.serviceYml.replace(/^( {4}stack: ).*$/m, `$1${request.stackId}`)
  }
  if (request.config !== undefined) app.initialConfig = request.config
  app.envs = { ...app.envs, ...request.envs }
  app.buildTriggerToken = randomBytes(12).toString('base64url')
  app.registrationFinished = true
}

/** Applies the given fields of `PATCH /apps/{app}`; a new default branch joins the branch list. */
export function updateApp(app: AppRecord, changes: AppChanges): void {
  if (changes.title !== undefined) app.title = changes.title
  if (changes.defaultBranch !== undefined) {
    app.defaultBranch = changes.defaultBranch
    if (!app.branches.includes(changes.defaultBranch)) app.branches.push(changes.defaultBranch)
  }
  if (changes.isPublic !== undefined) app.isPublic = changes.isPublic
  if (changes.repositoryUrl !== undefined) app.repoUrl = changes.repositoryUrl
  for (const [field, value] of Object.entries(changes.extra)) if (value !== undefined) app.extra[field] = value
}

/** Deletes the app and its builds; it cannot be recovered. */
export function deleteApp(state: EmulatorState, app: AppRecord): void {
  state.apps.delete(app.slug)
  state.triggeredWorkflows.forgetApp(app.slug)
  for (const build of state.builds.values()) if (build.appSlug === app.slug) state.deleteBuild(build)
}
