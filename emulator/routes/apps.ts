/** App registration (register, SSH key, finish) and the app read/update/delete endpoints. */
import { APP_ADMIN, APP_ANY_ROLE, APP_OWNER, WORKSPACE_LISTING, type Access } from '../model/access.js'
import { appList, type AppList } from '../model/app-lists.js'
import { badRequest, notFound } from '../http/errors.js'
import type { Reply } from '../http/io.js'
import { pageOf } from '../http/paging.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import type { AppRecord } from '../model/records.js'
import { isObject } from '../model/types.js'
import { bodyObject, optionalBoolean, optionalId, optionalString, requiredString } from '../http/validation.js'

const OK: Reply = { status: 200, json: { status: 'ok' } }

function register(ctx: RequestContext): Reply {
  const body = bodyObject(ctx.body)
  const request = {
    provider: requiredString(body, 'provider'),
    repoUrl: requiredString(body, 'repo_url'),
    repoSlug: requiredString(body, 'git_repo_slug'),
    gitOwner: requiredString(body, 'git_owner'),
    organization: requiredString(body, 'organization_slug'),
    isPublic: optionalBoolean(body, 'is_public') ?? false,
    title: optionalString(body, 'title'),
    // The published contract's register model: default_branch_name "defaults to master" when absent.
    defaultBranch: optionalString(body, 'default_branch_name') ?? 'master'
  }
  optionalString(body, 'type')
  const app = ctx.model.registerApp(ctx.user, request)
  return { status: 200, json: { status: 'ok', slug: app.slug } }
}

function registerSshKey(ctx: RequestContext): Reply {
  const app = ctx.app()
  const body = bodyObject(ctx.body)
  requiredString(body, 'auth_ssh_private_key')
  requiredString(body, 'auth_ssh_public_key')
  ctx.model.registerSshKey(app, optionalBoolean(body, 'is_register_key_into_provider_service') ?? false)
  return OK
}

function envsOf(body: Record<string, unknown>): Record<string, string> {
  if (body.envs === undefined || body.envs === null) return {}
  if (!isObject(body.envs)) throw badRequest('envs must be an object mapping names to string values')
  for (const [name, value] of Object.entries(body.envs)) {
    if (typeof value !== 'string') throw badRequest(`envs.${name} must be a string`)
  }
  return body.envs as Record<string, string>
}

function finish(ctx: RequestContext): Reply {
  const app = ctx.app()
  const body = bodyObject(ctx.body, true)
  const mode = optionalString(body, 'mode')
  const request = {
    projectType: optionalString(body, 'project_type'),
    stackId: optionalString(body, 'stack_id'),
    config: optionalString(body, 'config'),
    organization: optionalString(body, 'organization_slug'),
    envs: envsOf(body)
  }
  if (mode !== undefined && mode !== 'manual') throw badRequest(`mode must be "manual"; got "${mode}"`)
  ctx.model.finishRegistration(ctx.user, app, request)
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
function page(ctx: RequestContext, list: AppList): Reply {
  return pageOf(
    ctx,
    list.apps,
    (a) => a.slug,
    (a) => ctx.model.state.appView(a),
    (slug) => list.position.get(slug)
  )
}

const NO_APPS: AppList = { apps: [], position: new Map() }

function visibleApps(ctx: RequestContext, owner?: AppRecord['owner']): AppList {
  const { state } = ctx.model
  const key = JSON.stringify([ctx.user, owner?.account_type ?? '', owner?.slug ?? ''])
  return appList(state, key, () =>
    [...state.apps.values()].filter(
      (a) =>
        state.roleOf(ctx.user, a) !== null &&
        (!owner || (a.owner.account_type === owner.account_type && a.owner.slug === owner.slug))
    )
  )
}

function listMyApps(ctx: RequestContext): Reply {
  return page(ctx, visibleApps(ctx))
}

/** The published contract: a caller outside the Workspace gets no apps, and no error. */
function listOrganizationApps(ctx: RequestContext): Reply {
  const org = ctx.org()
  const member = ctx.model.state.isWorkspaceMember(ctx.user, org)
  return page(ctx, member ? visibleApps(ctx, { account_type: 'organization', slug: org.slug }) : NO_APPS)
}

function listUserApps(ctx: RequestContext): Reply {
  const user = ctx.params.user
  if (!ctx.model.state.users.has(user)) throw notFound(`user "${user}" not found`)
  return page(ctx, visibleApps(ctx, { account_type: 'user', slug: user }))
}

function getApp(ctx: RequestContext): Reply {
  return { status: 200, json: { data: ctx.model.state.appView(ctx.app()) } }
}

function patchApp(ctx: RequestContext): Reply {
  const app = ctx.app()
  const body = bodyObject(ctx.body)
  // Every field is checked before anything changes, so a bad request leaves the app untouched.
  const title = optionalString(body, 'title')
  if (title !== undefined && title.trim() === '') throw badRequest('title must not be empty')
  ctx.model.updateApp(app, {
    title,
    defaultBranch: optionalString(body, 'default_branch'),
    isPublic: optionalBoolean(body, 'is_public'),
    repositoryUrl: optionalString(body, 'repository_url'),
    extra: {
      apple_credential_user_id: optionalId(body, 'apple_credential_user_id'),
      apple_credential_user_slug: optionalString(body, 'apple_credential_user_slug'),
      services_credential_user_id: optionalId(body, 'services_credential_user_id')
    }
  })
  // The published contract's answer (AppUpdateRespModel) is `{status}` only: no app.
  return OK
}

function deleteApp(ctx: RequestContext): Reply {
  ctx.model.deleteApp(ctx.app())
  return { status: 200, json: { msg: 'ok' } }
}

function listBranches(ctx: RequestContext): Reply {
  return { status: 200, json: { data: [...ctx.app().branches] } }
}

const ANY_CALLER: Access = { kind: 'caller', rule: 'any caller; lists the apps he has a role on' }
const REGISTRAR: Access = {
  kind: 'caller',
  rule: 'Workspace owner or group member of `organization_slug`; the caller becomes Owner'
}

export const appRoutes: ApiRoute[] = [
  { method: 'POST', pattern: '/apps/register', access: REGISTRAR, errorStyle: 'error_msg', handler: register },
  { method: 'POST', pattern: '/apps/:app/register-ssh-key', access: APP_ADMIN, handler: registerSshKey },
  { method: 'POST', pattern: '/apps/:app/finish', access: APP_ADMIN, handler: finish },
  { method: 'GET', pattern: '/apps', access: ANY_CALLER, handler: listMyApps },
  { method: 'GET', pattern: '/organizations/:org/apps', access: WORKSPACE_LISTING, handler: listOrganizationApps },
  { method: 'GET', pattern: '/users/:user/apps', access: ANY_CALLER, handler: listUserApps },
  { method: 'GET', pattern: '/apps/:app', access: APP_ANY_ROLE, handler: getApp },
  { method: 'PATCH', pattern: '/apps/:app', access: APP_ADMIN, handler: patchApp },
  { method: 'DELETE', pattern: '/apps/:app', access: APP_OWNER, handler: deleteApp },
  { method: 'GET', pattern: '/apps/:app/branches', access: APP_ANY_ROLE, handler: listBranches }
]
