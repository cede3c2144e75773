/** App registration (register, SSH key, finish) and the app read/update/delete endpoints. */
import { randomBytes } from 'node:crypto'
import { ANY_ROLE, appWithRole, organizationForMember, OWNER_OR_ADMIN } from '../access.js'
import { badRequest, forbidden, notFound, unprocessable } from '../http-error.js'
import { isObject, type Reply } from '../http-io.js'
import type { RequestContext, Route } from '../router.js'
import type { AppRecord } from '../types.js'
import {
  bodyObject,
  optionalBoolean,
  optionalId,
  optionalString,
  requiredString
} from '../validate.js'

const MAX_PAGE = 50

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

function register(ctx: RequestContext): Reply {
  const body = bodyObject(ctx.body)
  const provider = requiredString(body, 'provider')
  const repoUrl = requiredString(body, 'repo_url')
  const repoSlug = requiredString(body, 'git_repo_slug')
  const gitOwner = requiredString(body, 'git_owner')
  const orgSlug = requiredString(body, 'organization_slug')
  const isPublic = optionalBoolean(body, 'is_public') ?? false
  optionalString(body, 'type')
  const title = optionalString(body, 'title')
  const defaultBranch = optionalString(body, 'default_branch_name') ?? 'main'
  const org = ctx.state.organizations.get(orgSlug)
  if (!org) throw notFound(`organization "${orgSlug}" (organization_slug) not found`)
  if (!ctx.state.isWorkspaceMember(ctx.user, org)) throw forbidden(`you are not a member of organization "${orgSlug}"`)

  const slug = randomBytes(8).toString('hex')
  const app: AppRecord = {
    slug,
    title: title && title.trim() !== '' ? title : repoSlug,
    owner: { account_type: 'organization', slug: orgSlug },
    provider,
    repoOwner: gitOwner,
    repoUrl,
    repoSlug,
    projectType: null,
    isPublic,
    isDisabled: false,
    status: 1,
    avatarUrl: null,
    defaultBranch,
    branches: [defaultBranch],
    serviceYml: defaultServiceYml('linux-docker-22.04'),
    configLocation: 'service',
    repositoryHasConfig: false,
    notifications: { on_failure: 'always', on_success: 'change' },
    team: new Map([[ctx.user, 'owner']]),
    groupRoles: { admin: [], manager: [], member: [] },
    envs: {},
    secrets: {},
    buildOutcome: 'success',
    hasSshKey: false,
    sshKeyRegisteredAtProvider: false,
    stackId: null,
    initialConfig: null,
    buildTriggerToken: null,
    registrationFinished: false,
    extra: {},
    nextBuildNumber: 1
  }
  ctx.state.apps.set(slug, app)
  return { status: 200, json: { status: 'ok', slug } }
}

function registerSshKey(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_OR_ADMIN)
  if (/^https?:\/\//i.test(app.repoUrl)) {
    throw unprocessable(`app "${app.slug}" has an HTTPS repo_url; an SSH key is only used with SSH repository URLs`)
  }
  const body = bodyObject(ctx.body)
  requiredString(body, 'auth_ssh_private_key')
  requiredString(body, 'auth_ssh_public_key')
  const atProvider = optionalBoolean(body, 'is_register_key_into_provider_service') ?? false
  // Only the fact is kept: the key itself never enters the emulator's state.
  app.hasSshKey = true
  app.sshKeyRegisteredAtProvider = atProvider
  return { status: 200, json: { status: 'ok' } }
}

/**
 * Ends a registration. It runs once: the published contract places it "at the end of the app
 * registration process" and answers 400 for a bad request, so a second call is refused with
 * 400 and changes nothing. Otherwise an Admin who also belongs to another Workspace could move
 * the app there with `organization_slug` and make himself its Owner.
 */
function finish(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_OR_ADMIN)
  if (app.registrationFinished) {
    throw badRequest(`app "${app.slug}" has already finished its registration; finish runs once and changes nothing afterwards (owner, team and settings stay as they are)`)
  }
  const body = bodyObject(ctx.body, true)
  const projectType = optionalString(body, 'project_type')
  const stackId = optionalString(body, 'stack_id')
  const config = optionalString(body, 'config')
  const mode = optionalString(body, 'mode')
  if (mode !== undefined && mode !== 'manual') throw badRequest(`mode must be "manual"; got "${mode}"`)
  const orgSlug = optionalString(body, 'organization_slug')
  let envs: Record<string, string> = {}
  if (body.envs !== undefined && body.envs !== null) {
    if (!isObject(body.envs)) throw badRequest('envs must be an object mapping names to string values')
    for (const [name, value] of Object.entries(body.envs)) {
      if (typeof value !== 'string') throw badRequest(`envs.${name} must be a string`)
    }
    envs = body.envs as Record<string, string>
  }
  if (orgSlug !== undefined) {
    const org = ctx.state.organizations.get(orgSlug)
    if (!org) throw notFound(`organization "${orgSlug}" (organization_slug) not found`)
    if (!ctx.state.isWorkspaceMember(ctx.user, org)) throw forbidden(`you are not a member of organization "${orgSlug}"`)
    if (app.owner.account_type !== 'organization' || app.owner.slug !== orgSlug) {
      // Group grants name groups of the old Workspace; kept, they would hand roles to same-named groups of the new one.
      app.groupRoles = { admin: [], manager: [], member: [] }
    }
    app.owner = { account_type: 'organization', slug: orgSlug }
  }
  if (projectType !== undefined) app.projectType = projectType
  if (stackId !== undefined) {
    app.stackId = stackId
    app.serviceYml = app.serviceYml.replace(/^( {4}stack: ).*$/m, `$1${stackId}`)
  }
  if (config !== undefined) app.initialConfig = config
  app.envs = { ...app.envs, ...envs }
  app.buildTriggerToken = randomBytes(12).toString('base64url')
  app.registrationFinished = true
  return {
    status: 200,
    json: {
      status: 'ok',
      build_trigger_token: app.buildTriggerToken,
      branch_name: app.defaultBranch,
      is_webhook_auto_reg_supported: ['github', 'gitlab', 'bitbucket'].includes(app.provider)
    }
  }
}

/** One page of apps, following the service's `next` anchor (the slug of the page's first item). */
function page(ctx: RequestContext, apps: AppRecord[]): Reply {
  const limitText = ctx.query.get('limit')
  let limit = MAX_PAGE
  if (limitText !== null) {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_PAGE) {
      throw badRequest(`limit must be an integer from 1 to ${MAX_PAGE}; got "${limitText}"`)
    }
    limit = Number(limitText)
  }
  let start = 0
  const next = ctx.query.get('next')
  if (next !== null && next !== '') {
    start = apps.findIndex((a) => a.slug === next)
    if (start < 0) throw badRequest(`next anchor "${next}" does not name an item of this list`)
  }
  const items = apps.slice(start, start + limit)
  const paging: Record<string, unknown> = { total_item_count: apps.length, page_item_limit: limit }
  if (start + limit < apps.length) paging.next = apps[start + limit].slug
  return { status: 200, json: { data: items.map((a) => ctx.state.appView(a)), paging } }
}

function visibleApps(ctx: RequestContext): AppRecord[] {
  return [...ctx.state.apps.values()].filter((a) => ctx.state.roleOf(ctx.user, a) !== null)
}

function listMyApps(ctx: RequestContext): Reply {
  return page(ctx, visibleApps(ctx))
}

function listOrganizationApps(ctx: RequestContext): Reply {
  const org = organizationForMember(ctx)
  return page(ctx, visibleApps(ctx).filter((a) => a.owner.account_type === 'organization' && a.owner.slug === org.slug))
}

function listUserApps(ctx: RequestContext): Reply {
  const user = ctx.params.user
  if (!ctx.state.users.has(user)) throw notFound(`user "${user}" not found`)
  return page(ctx, visibleApps(ctx).filter((a) => a.owner.account_type === 'user' && a.owner.slug === user))
}

function getApp(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, ANY_ROLE)
  return { status: 200, json: { data: ctx.state.appView(app) } }
}

function patchApp(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_OR_ADMIN)
  const body = bodyObject(ctx.body)
  // Check every field before changing anything, so a bad request leaves the app untouched.
  const title = optionalString(body, 'title')
  if (title !== undefined && title.trim() === '') throw badRequest('title must not be empty')
  const defaultBranch = optionalString(body, 'default_branch')
  const isPublic = optionalBoolean(body, 'is_public')
  const repositoryUrl = optionalString(body, 'repository_url')
  const credentialUserId = optionalId(body, 'apple_credential_user_id')
  const credentialUserSlug = optionalString(body, 'apple_credential_user_slug')
  const servicesCredentialUserId = optionalId(body, 'services_credential_user_id')
  if (title !== undefined) app.title = title
  if (defaultBranch !== undefined) {
    app.defaultBranch = defaultBranch
    if (!app.branches.includes(defaultBranch)) app.branches.push(defaultBranch)
  }
  if (isPublic !== undefined) app.isPublic = isPublic
  if (repositoryUrl !== undefined) app.repoUrl = repositoryUrl
  if (credentialUserId !== undefined) app.extra.apple_credential_user_id = credentialUserId
  if (credentialUserSlug !== undefined) app.extra.apple_credential_user_slug = credentialUserSlug
  if (servicesCredentialUserId !== undefined) app.extra.services_credential_user_id = servicesCredentialUserId
  return { status: 200, json: { status: 'ok', data: ctx.state.appView(app) } }
}

function deleteApp(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, OWNER_OR_ADMIN)
  ctx.state.apps.delete(app.slug)
  for (const [slug, build] of ctx.state.builds) if (build.appSlug === app.slug) ctx.state.builds.delete(slug)
  return { status: 200, json: { msg: 'ok' } }
}

function listBranches(ctx: RequestContext): Reply {
  const app = appWithRole(ctx, ANY_ROLE)
  return { status: 200, json: { data: [...app.branches] } }
}

export const appRoutes: Route[] = [
  { method: 'POST', pattern: '/apps/register', errorStyle: 'error_msg', handler: register },
  { method: 'POST', pattern: '/apps/:app/register-ssh-key', handler: registerSshKey },
  { method: 'POST', pattern: '/apps/:app/finish', handler: finish },
  { method: 'GET', pattern: '/apps', handler: listMyApps },
  { method: 'GET', pattern: '/organizations/:org/apps', handler: listOrganizationApps },
  { method: 'GET', pattern: '/users/:user/apps', handler: listUserApps },
  { method: 'GET', pattern: '/apps/:app', handler: getApp },
  { method: 'PATCH', pattern: '/apps/:app', handler: patchApp },
  { method: 'DELETE', pattern: '/apps/:app', handler: deleteApp },
  { method: 'GET', pattern: '/apps/:app/branches', handler: listBranches }
]
