import * as core from './runner.js'
import { resolve } from 'node:path'
import { BASE_URL_ENV, Input, OPERATIONS, type InputName, type Operation } from './constants.js'
import { hasBuildTarget, mergeBuildParams, type BuildParams, type EnvironmentItem } from './build-params.js'
import { InputError, quote } from './errors.js'
import { describeDuration } from './durations.js'
import { buildParamsFromEvent, forkPullRequestOf, readGitHubEvent } from './event.js'
import { addSecret, MIN_SECRET_LENGTH } from './secrets.js'
import { describeWorkspacePathProblem, resolveInWorkspace } from './workspace-path.js'

/** Inputs every operation uses. */
export interface CommonInputs {
  operation: Operation
  baseUrl: string
  token: string
  requestTimeoutMs: number
  maxAttempts: number
  /** First retry delay; SERVICE_RETRY_BASE_MS overrides it (tests use a short one). */
  retryBaseMs: number
}

export interface WaitOptions {
  timeoutMs: number
  pollIntervalMs: number
  failOnBuildFailure: boolean
  streamLogs: boolean
  /** Longest silence while waiting; SERVICE_HEARTBEAT_MS overrides the minute (tests use a short one). */
  heartbeatMs: number
  /** Things to tell the user about these options, e.g. a wait-timeout that may have meant minutes. */
  warnings: string[]
}

export interface TriggerInputs {
  appSlug: string
  params: BuildParams
  /** Where each parameter came from, for the job summary. */
  fromEvent: string | undefined
  notes: string[]
  /** Things the user should change, e.g. an owner input that lifts the hold on a fork pull request. */
  warnings: string[]
  wait: WaitOptions | undefined
}

export interface WaitInputs {
  appSlug: string
  buildSlug: string
  wait: WaitOptions
}

export interface AbortInputs {
  appSlug: string
  buildSlug: string
  abortReason: string
  abortWithSuccess: boolean
  skipNotifications: boolean
  skipGitStatusReport: boolean
  /** Fail when the build had already finished, instead of passing with a notice. */
  failIfFinished: boolean
}

export interface RegisterAppInputs {
  provider: string
  repoUrl: string
  isSshUrl: boolean
  gitOwner: string
  gitRepoSlug: string
  orgSlug: string
  isPublic: boolean
  title?: string
  sshPrivateKey?: string
  sshPublicKey?: string
  registerKeyAtProvider: boolean
  projectType: string
  stackId: string
  configName: string
  appEnvs: Record<string, string>
}

export interface AppScopeInputs {
  orgSlug?: string
  userSlug?: string
}

export interface AppInputs {
  appSlug: string
}

export interface UpdateAppInputs {
  appSlug: string
  fields: {
    title?: string
    default_branch?: string
    is_public?: boolean
    repository_url?: string
    apple_credential_user_id?: string
    apple_credential_user_slug?: string
    services_credential_user_id?: string
  }
}

export interface ConfigFileInputs {
  appSlug: string
  /** Absolute path inside the workspace. */
  configPath: string
  /** The path as given, for messages and the output. */
  configPathInput: string
  /** The workspace the path was checked against; checked again right before the file is used. */
  workspace: string
}

export type ConfigLocation = 'service' | 'repository'

export interface SetConfigLocationInputs {
  appSlug: string
  location: ConfigLocation
  workspace: string
}

export type RoleName = 'admin' | 'manager' | 'member'

export interface RoleInputs {
  appSlug: string
  role: RoleName
}

export interface SetRolesInputs extends RoleInputs {
  groups: string[]
}

export interface OrgInputs {
  orgSlug: string
}

export interface MigrateInputs {
  scope: { kind: 'organization'; slug: string } | { kind: 'user'; slug: string }
  fromMachine: string
  toMachine: string
  dryRun: boolean
}

export type NotificationSetting = 'always' | 'never' | 'change'

export interface NotificationInputs {
  appSlug: string
  onSuccess?: NotificationSetting
  onFailure?: NotificationSetting
}

/** The typed inputs of each operation. */
export interface OperationInputs {
  trigger: TriggerInputs
  wait: WaitInputs
  abort: AbortInputs
  'register-app': RegisterAppInputs
  'list-apps': AppScopeInputs
  'get-app': AppInputs
  'update-app': UpdateAppInputs
  'delete-app': AppInputs
  'list-branches': AppInputs
  'get-config': ConfigFileInputs
  'upload-config': ConfigFileInputs
  'get-config-location': AppInputs
  'set-config-location': SetConfigLocationInputs
  'get-roles': RoleInputs
  'set-roles': SetRolesInputs
  'list-groups': OrgInputs
  'migrate-machine-types': MigrateInputs
  'set-email-notifications': NotificationInputs
}

export type ActionInputs = {
  [K in Operation]: { common: CommonInputs; operation: K; params: OperationInputs[K] }
}[Operation]

/**
 * Reads and validates every input the chosen operation uses. Secrets are masked
 * before anything else is read; any bad value throws an InputError, so nothing
 * is sent when an input is wrong.
 */
export async function readInputs(env: NodeJS.ProcessEnv = process.env): Promise<ActionInputs> {
  const token = core.getInput(Input.token)
  addSecret(token)
  const sshPrivateKey = core.getInput(Input.sshPrivateKey, { trimWhitespace: false })
  addSecret(sshPrivateKey.trim())
  const parseEnvironments = await environmentsParser()
  const secretEnvironments = core.getInput(Input.secretEnvironments)
  const secretItems = parseEnvironments(secretEnvironments, Input.secretEnvironments, true)
  for (const item of secretItems) addSecret(item.value, `The ${Input.secretEnvironments} value of ${item.mapped_to}`)

  const operation = readOperation()
  checkToken(token, env)
  const common: CommonInputs = {
    operation,
    baseUrl: readBaseUrl(env),
    token,
    requestTimeoutMs: seconds(Input.requestTimeout, 30, 1, 600),
    maxAttempts: integer(Input.maxAttempts, 4, 1, 10),
    retryBaseMs: env.SERVICE_RETRY_BASE_MS ? Math.max(0, Number(env.SERVICE_RETRY_BASE_MS)) || 0 : 500
  }
  const parser = PARSERS[operation] as (ctx: ParseContext) => OperationInputs[Operation]
  const params = parser({ env, sshPrivateKey, secretItems, parseEnvironments })
  return { common, operation, params } as ActionInputs
}

type ParseEnvironments = (text: string, input: string, secret?: boolean) => EnvironmentItem[]

interface ParseContext {
  env: NodeJS.ProcessEnv
  sshPrivateKey: string
  secretItems: EnvironmentItem[]
  parseEnvironments: ParseEnvironments
}

/** The environments parser, loaded only when an environments input is set: its js-yaml is most of what a step would otherwise load at start. */
async function environmentsParser(): Promise<ParseEnvironments> {
  const used = [Input.secretEnvironments, Input.environments, Input.appEnvs].some((name) => core.getInput(name) !== '')
  return used ? (await import('./environments.js')).parseEnvironments : () => []
}

const PARSERS: { [K in Operation]: (ctx: ParseContext) => OperationInputs[K] } = {
  trigger: readTrigger,
  wait: (ctx) => ({ appSlug: appSlug(), buildSlug: buildSlug(), wait: readWaitOptions(ctx.env) }),
  abort: () => ({
    appSlug: appSlug(),
    buildSlug: buildSlug(),
    abortReason: text(Input.abortReason) ?? '',
    abortWithSuccess: bool(Input.abortWithSuccess, false),
    skipNotifications: bool(Input.skipNotifications, false),
    skipGitStatusReport: bool(Input.skipGitStatusReport, false),
    failIfFinished: bool(Input.failIfFinished, false)
  }),
  'register-app': readRegisterApp,
  'list-apps': () => {
    const orgSlug = slug(Input.orgSlug)
    const userSlug = slug(Input.userSlug)
    if (orgSlug && userSlug) throw new InputError(Input.userSlug, `cannot be combined with ${Input.orgSlug}; set one of them, or neither to list your own apps`)
    return { orgSlug, userSlug }
  },
  'get-app': () => ({ appSlug: appSlug() }),
  'update-app': readUpdateApp,
  'delete-app': () => {
    const slugValue = appSlug()
    const confirm = core.getInput(Input.confirm)
    if (confirm !== slugValue) {
      throw new InputError(
        Input.confirm,
        `must repeat the app slug ${quote(slugValue)} to delete the app (deletion cannot be undone); got ${confirm === '' ? 'nothing' : quote(confirm)}`
      )
    }
    return { appSlug: slugValue }
  },
  'list-branches': () => ({ appSlug: appSlug() }),
  'get-config': (ctx) => ({ appSlug: appSlug(), ...configPath(ctx.env) }),
  'upload-config': (ctx) => ({ appSlug: appSlug(), ...configPath(ctx.env) }),
  'get-config-location': () => ({ appSlug: appSlug() }),
  'set-config-location': (ctx) => ({
    appSlug: appSlug(),
    location: required(Input.location, oneOf(Input.location, ['service', 'repository'] as const)),
    workspace: ctx.env.GITHUB_WORKSPACE || process.cwd()
  }),
  'get-roles': () => ({ appSlug: appSlug(), role: readRole() }),
  'set-roles': () => {
    const appSlugValue = appSlug()
    const role = readRole()
    const groups = list(Input.groups).map((group) => checkSlug(Input.groups, group))
    if (groups.length === 0 && !bool(Input.allowEmptyGroups, false)) {
      throw new InputError(
        Input.groups,
        `is empty, which would remove every group from the ${role} role; list the group slugs, or set ${Input.allowEmptyGroups}: true to remove them all`
      )
    }
    return { appSlug: appSlugValue, role, groups: [...new Set(groups)] }
  },
  'list-groups': () => ({ orgSlug: required(Input.orgSlug, slug(Input.orgSlug)) }),
  'migrate-machine-types': readMigrate,
  'set-email-notifications': () => {
    const appSlugValue = appSlug()
    const settings = ['always', 'never', 'change'] as const
    const onSuccess = oneOf(Input.onSuccess, settings)
    const onFailure = oneOf(Input.onFailure, settings)
    if (!onSuccess && !onFailure) {
      throw new InputError(Input.onSuccess, `and ${Input.onFailure} are both empty; set at least one to always, never or change`)
    }
    return { appSlug: appSlugValue, onSuccess, onFailure }
  }
}

/** Refuses a token that cannot be a real one; the message never shows the token or any part of it. */
function checkToken(token: string, env: NodeJS.ProcessEnv): void {
  if (token === '' && env.GITHUB_EVENT_NAME === 'pull_request') {
    const fork = forkPullRequestOrUndefined(env)
    if (fork) {
      throw new InputError(
        Input.token,
        `is empty: this pull_request event comes from ${fork.deleted ? 'a fork whose repository was deleted' : `the fork ${fork.fullName}`}, and GitHub gives workflows run for fork pull requests no secrets. See "Pull requests from forks" in the README for how to build them`
      )
    }
  }
  if (token === '') throw new InputError(Input.token, 'is required: pass the access token from a secret, e.g. token: ${{ secrets.SERVICE_TOKEN }}')
  if (/\s/.test(token)) throw new InputError(Input.token, 'contains white space or a line break; check the secret holds only the token')
  const odd = /[^\x21-\x7e]/.exec(token)
  if (odd) {
    const code = odd[0].codePointAt(0) as number
    const kind = code < 0x20 || (code >= 0x7f && code < 0xa0) ? 'a control character' : 'a character outside printable ASCII'
    const where = `U+${code.toString(16).toUpperCase().padStart(4, '0')} at position ${odd.index + 1}`
    throw new InputError(Input.token, `contains ${kind} (${where}); check the secret holds only the token`)
  }
  if (token.length < MIN_SECRET_LENGTH) {
    throw new InputError(Input.token, `is ${token.length} character(s) long; no access token is shorter than ${MIN_SECRET_LENGTH}: check the secret holds the whole token`)
  }
}

/** The fork of the event's pull request; an unreadable event payload counts as none, for this message only. */
function forkPullRequestOrUndefined(env: NodeJS.ProcessEnv): ReturnType<typeof forkPullRequestOf> {
  try {
    const event = readGitHubEvent(env)
    return event ? forkPullRequestOf(event) : undefined
  } catch {
    return undefined
  }
}

function readOperation(): Operation {
  const value = core.getInput(Input.operation)
  if (value === '') throw new InputError(Input.operation, `is required; one of: ${OPERATIONS.join(', ')}`)
  if (!(OPERATIONS as readonly string[]).includes(value)) {
    throw new InputError(Input.operation, `${quote(value)} is not an operation; expected one of: ${OPERATIONS.join(', ')}`)
  }
  return value as Operation
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

function readBaseUrl(env: NodeJS.ProcessEnv): string {
  const given = core.getInput(Input.baseUrl)
  const value = given || env[BASE_URL_ENV]?.trim() || ''
  const source = given ? '' : ` (from ${BASE_URL_ENV})`
  if (value === '') throw new InputError(Input.baseUrl, `is required (or set ${BASE_URL_ENV}): the API base URL ending in its version segment, e.g. https://api.example.com/v0.1`)
  // Checked on the text, before parsing: a password holding "/", "#" or "@" makes the
  // URL parse differently or not at all, and no message may quote it back.
  if (value.includes('@')) {
    throw new InputError(Input.baseUrl, `must not contain a user name or password (it holds an "@")${source}; pass the access token in the token input`)
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InputError(Input.baseUrl, `${quote(value)}${source} is not a URL; expected e.g. https://api.example.com/v0.1`)
  }
  const shown = quote(url.toString())
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InputError(Input.baseUrl, `${shown}${source} must use https://`)
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname)
  if (url.protocol === 'http:' && !loopback) {
    throw new InputError(Input.baseUrl, `${shown}${source} uses plain http:// to a host that is not this machine; use https:// so the token is not sent in clear`)
  }
  if (url.search || url.hash) throw new InputError(Input.baseUrl, `${shown}${source} must not have a query or fragment`)
  const segments = url.pathname.split('/').filter(Boolean)
  if (!/^v\d+(\.\d+)*$/.test(segments[segments.length - 1] ?? '')) {
    throw new InputError(Input.baseUrl, `${shown}${source} must end in the API version segment, e.g. https://api.example.com/v0.1`)
  }
  return url.toString().replace(/\/$/, '')
}

function readTrigger(ctx: ParseContext): TriggerInputs {
  const appSlugValue = appSlug()
  const environments = [...ctx.parseEnvironments(core.getInput(Input.environments), Input.environments), ...ctx.secretItems]
  const names = new Set<string>()
  for (const item of environments) {
    if (names.has(item.mapped_to)) throw new InputError(Input.secretEnvironments, `the variable ${item.mapped_to} is also in ${Input.environments}`)
    names.add(item.mapped_to)
  }
  const explicit: BuildParams = {
    workflow_id: line(Input.workflow),
    branch: ref(Input.branch),
    tag: ref(Input.tag),
    commit_hash: commitHash(),
    commit_message: text(Input.commitMessage),
    branch_dest: ref(Input.branchDest),
    branch_repo_owner: slug(Input.branchRepoOwner),
    branch_dest_repo_owner: slug(Input.branchDestRepoOwner),
    pull_request_id: optionalInteger(Input.pullRequestId, 1, 2 ** 31 - 1),
    pull_request_merge_branch: ref(Input.pullRequestMergeBranch),
    pull_request_head_branch: ref(Input.pullRequestHeadBranch),
    pull_request_repository_url: gitUrl(Input.pullRequestRepositoryUrl),
    skip_git_status_report: bool(Input.skipGitStatusReport, false) || undefined,
    environments: environments.length > 0 ? environments : undefined
  }
  const wait = bool(Input.wait, false) ? readWaitOptions(ctx.env) : undefined
  let params = explicit
  let notes: string[] = []
  const warnings: string[] = []
  let fromEvent: string | undefined
  if (bool(Input.fromEvent, true)) {
    const event = readGitHubEvent(ctx.env)
    if (event) {
      const mapped = buildParamsFromEvent(event)
      params = mergeBuildParams(mapped.params, explicit)
      notes = mapped.notes
      fromEvent = event.name
      const owners = [Input.branchRepoOwner, Input.branchDestRepoOwner].filter((name) => core.getInput(name) !== '')
      if (mapped.isForkPullRequest && owners.length > 0) {
        notes = []
        warnings.push(
          `This pull request comes from a fork, but ${owners.join(' and ')} ${owners.length > 1 ? 'are' : 'is'} set, so the service will not hold its build for approval: the fork's code runs with the app's secrets. Leave both owner inputs empty to keep the hold.`
        )
      }
    }
  }
  for (const [key, value] of Object.entries(params)) if (value === undefined) delete (params as Record<string, unknown>)[key]
  if (!hasBuildTarget(params)) {
    throw new InputError(
      Input.branch,
      `no branch, tag, commit-hash or workflow was given${fromEvent ? ` and the ${fromEvent} event provides none` : ''}; set at least one of them`
    )
  }
  return { appSlug: appSlugValue, params, fromEvent, notes, warnings, wait }
}

function readWaitOptions(env: NodeJS.ProcessEnv): WaitOptions {
  const timeoutMs = seconds(Input.waitTimeout, 3600, 1, 6 * 3600)
  const given = core.getInput(Input.waitTimeout)
  const warnings: string[] = []
  // A bare number is seconds, as documented; one under a minute was likely meant as minutes.
  if (/^\d+(\.\d+)?$/.test(given) && timeoutMs < 60_000) {
    warnings.push(
      `${Input.waitTimeout}: ${given} means ${describeDuration(timeoutMs)} (a number without a unit is seconds); a build still running then is aborted. If minutes were meant, add the unit: ${given}m.`
    )
  }
  const heartbeat = Number(env.SERVICE_HEARTBEAT_MS)
  return {
    timeoutMs,
    pollIntervalMs: seconds(Input.pollInterval, 10, 0.05, 600),
    failOnBuildFailure: bool(Input.failOnBuildFailure, true),
    streamLogs: bool(Input.streamLogs, true),
    heartbeatMs: heartbeat > 0 ? heartbeat : 60_000,
    warnings
  }
}

function readRegisterApp(ctx: ParseContext): RegisterAppInputs {
  const repoUrl = required(Input.repoUrl, gitUrl(Input.repoUrl))
  const isSshUrl = !/^https?:\/\//.test(repoUrl)
  const fromUrl = ownerAndRepo(repoUrl)
  const sshPrivateKey = ctx.sshPrivateKey.trim() === '' ? undefined : `${ctx.sshPrivateKey.trim()}\n`
  const sshPublicKey = line(Input.sshPublicKey)
  if (!isSshUrl && sshPrivateKey) {
    throw new InputError(Input.sshPrivateKey, `is given, but ${quote(repoUrl)} is an HTTPS URL, for which no SSH key is registered; remove ssh-private-key or use the SSH URL`)
  }
  if (isSshUrl && !sshPrivateKey) {
    throw new InputError(Input.sshPrivateKey, `is required for the SSH repository URL ${quote(repoUrl)}; pass it from a secret (or use an HTTPS URL)`)
  }
  if (sshPrivateKey && !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(sshPrivateKey)) {
    throw new InputError(Input.sshPrivateKey, 'does not look like a private key (no "-----BEGIN ... PRIVATE KEY-----" line)')
  }
  if (isSshUrl && !sshPublicKey) throw new InputError(Input.sshPublicKey, 'is required with ssh-private-key for an SSH repository URL')
  if (sshPublicKey && !/^(ssh-|ecdsa-)[a-z0-9-]+ [A-Za-z0-9+/=]+/.test(sshPublicKey)) {
    throw new InputError(Input.sshPublicKey, `${quote(sshPublicKey)} does not look like an OpenSSH public key (e.g. "ssh-ed25519 AAAA...")`)
  }
  return {
    provider: readProvider(),
    repoUrl,
    isSshUrl,
    gitOwner: slug(Input.gitOwner) ?? required(Input.gitOwner, fromUrl?.owner),
    gitRepoSlug: slug(Input.gitRepoSlug) ?? required(Input.gitRepoSlug, fromUrl?.repo),
    orgSlug: required(Input.orgSlug, slug(Input.orgSlug)),
    isPublic: bool(Input.isPublic, false),
    title: line(Input.title),
    sshPrivateKey: isSshUrl ? sshPrivateKey : undefined,
    sshPublicKey: isSshUrl ? sshPublicKey : undefined,
    registerKeyAtProvider: bool(Input.registerKeyAtProvider, false),
    projectType: required(Input.projectType, pattern(Input.projectType, /^[a-z0-9][a-z0-9-]*$/i, 'a project type such as android, ios or other')),
    stackId: required(Input.stackId, pattern(Input.stackId, /^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a stack identifier')),
    configName: pattern(Input.configName, /^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a configuration name such as other-config') ?? 'other-config',
    appEnvs: Object.fromEntries(ctx.parseEnvironments(core.getInput(Input.appEnvs), Input.appEnvs).map((item) => [item.mapped_to, item.value]))
  }
}

/** The git providers the service's registration accepts, as its published contract lists them. */
const PROVIDERS = ['github', 'gitlab', 'gitlab-self-hosted', 'bitbucket', 'custom'] as const

/** `other` was accepted before the contract's values were; it is still sent as given, so no existing workflow changes. */
const LEGACY_PROVIDER = 'other'

function readProvider(): string {
  if (core.getInput(Input.provider) === LEGACY_PROVIDER) {
    core.warning(`provider "${LEGACY_PROVIDER}" is not a value the service documents; it is sent as given, but custom is the documented value for a git host that is not GitHub, GitLab or Bitbucket`)
    return LEGACY_PROVIDER
  }
  return oneOf(Input.provider, PROVIDERS) ?? 'github'
}

function readUpdateApp(): UpdateAppInputs {
  const appSlugValue = appSlug()
  const isPublic = core.getInput(Input.isPublic) === '' ? undefined : bool(Input.isPublic, false)
  const fields: UpdateAppInputs['fields'] = {
    title: line(Input.title),
    default_branch: ref(Input.defaultBranch),
    is_public: isPublic,
    repository_url: gitUrl(Input.repositoryUrl),
    apple_credential_user_id: line(Input.appleCredentialUserId),
    apple_credential_user_slug: slug(Input.appleCredentialUserSlug),
    services_credential_user_id: line(Input.servicesCredentialUserId)
  }
  for (const [key, value] of Object.entries(fields)) if (value === undefined) delete (fields as Record<string, unknown>)[key]
  if (Object.keys(fields).length === 0) {
    throw new InputError(Input.title, 'update-app needs at least one field to change: title, default-branch, is-public, repository-url or a credential input')
  }
  return { appSlug: appSlugValue, fields }
}

function readMigrate(): MigrateInputs {
  const orgSlug = slug(Input.orgSlug)
  const userSlug = slug(Input.userSlug)
  if (orgSlug && userSlug) throw new InputError(Input.userSlug, `cannot be combined with ${Input.orgSlug}; migrate one Workspace or one user at a time`)
  if (!orgSlug && !userSlug) throw new InputError(Input.orgSlug, `or ${Input.userSlug} is required: whose apps to migrate`)
  const machine = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
  const fromMachine = required(Input.fromMachine, pattern(Input.fromMachine, machine, 'a machine type identifier'))
  const toMachine = required(Input.toMachine, pattern(Input.toMachine, machine, 'a machine type identifier'))
  if (fromMachine === toMachine) throw new InputError(Input.toMachine, `${quote(toMachine)} is the same as ${Input.fromMachine}; nothing would change`)
  return {
    scope: orgSlug ? { kind: 'organization', slug: orgSlug } : { kind: 'user', slug: userSlug as string },
    fromMachine,
    toMachine,
    dryRun: bool(Input.dryRun, false)
  }
}

function readRole(): RoleName {
  const value = required(Input.role, text(Input.role))?.toLowerCase()
  const aliases: Record<string, RoleName> = { admin: 'admin', manager: 'manager', developer: 'manager', member: 'member', tester: 'member', qa: 'member' }
  const role = aliases[value]
  if (!role) throw new InputError(Input.role, `${quote(value)} is not a role; expected admin, manager (or developer) or member (or tester)`)
  return role
}

function configPath(env: NodeJS.ProcessEnv): { configPath: string; configPathInput: string; workspace: string } {
  const given = line(Input.configPath) ?? 'service.yml'
  const workspace = resolve(env.GITHUB_WORKSPACE || process.cwd())
  const checked = resolveInWorkspace(workspace, given)
  if (!checked.ok) throw new InputError(Input.configPath, describeWorkspacePathProblem(given, workspace, checked))
  return { configPath: checked.full, configPathInput: given, workspace }
}

// --- small readers: each returns undefined for an empty input and throws on a bad value ---

function appSlug(): string {
  return required(Input.appSlug, slug(Input.appSlug))
}

function buildSlug(): string {
  return required(Input.buildSlug, slug(Input.buildSlug))
}

function required<T>(name: InputName, value: T | undefined): T {
  if (value === undefined) throw new InputError(name, 'is required for this operation')
  return value
}

/** Any text; trimmed. */
function text(name: InputName): string | undefined {
  const value = core.getInput(name)
  if (value === '') return undefined
  if (value.length > 20_000) throw new InputError(name, `is ${value.length} characters long; at most 20000 are accepted`)
  return value
}

/** Text on one line with no control characters (guards against header and value injection). */
function line(name: InputName): string | undefined {
  const value = text(name)
  if (value === undefined) return undefined
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new InputError(name, `${quote(value)} must be a single line without control characters`)
  if (value.length > 1000) throw new InputError(name, `is ${value.length} characters long; at most 1000 are accepted`)
  return value
}

function pattern(name: InputName, re: RegExp, what: string): string | undefined {
  const value = line(name)
  if (value !== undefined && !re.test(value)) throw new InputError(name, `${quote(value)} is not ${what}`)
  return value
}

function slug(name: InputName): string | undefined {
  const value = line(name)
  return value === undefined ? undefined : checkSlug(name, value)
}

function checkSlug(name: InputName, value: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/.test(value) || value.includes('..')) {
    throw new InputError(name, `${quote(value)} is not a valid slug (letters, digits, '-', '_' and '.', at most 100 characters)`)
  }
  return value
}

/** A git branch or tag name, as git check-ref-format allows. */
function ref(name: InputName): string | undefined {
  const value = line(name)
  if (value === undefined) return undefined
  if (/[\s~^:?*[\\]|\.\.|@\{|^[-/]|\/$|\.lock$|\/\//.test(value)) {
    throw new InputError(name, `${quote(value)} is not a valid git ref name`)
  }
  return value.replace(/^refs\/(heads|tags)\//, '')
}

function commitHash(): string | undefined {
  const value = line(Input.commitHash)
  if (value !== undefined && !/^[0-9a-f]{7,64}$/i.test(value)) {
    throw new InputError(Input.commitHash, `${quote(value)} is not a commit hash (7 to 64 hexadecimal digits)`)
  }
  return value
}

/**
 * A git remote URL: https://, ssh:// or the scp-like git@host:owner/repo form. Only
 * the SSH forms may name a user (such as git@), and none a password or token. A
 * value holding "@" may hold one, so no message quotes such a value back.
 */
function gitUrl(name: InputName): string | undefined {
  const value = text(name)
  if (value === undefined) return undefined
  const hasAt = value.includes('@')
  const shown = hasAt ? 'the URL' : quote(value)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new InputError(name, `${shown} must be a single line without control characters`)
  if (value.length > 1000) throw new InputError(name, `is ${value.length} characters long; at most 1000 are accepted`)
  const credentials = `must not contain a password or token; pass credentials to the service another way (an SSH key, or the git provider's connection)`
  if (/^https?:\/\//i.test(value)) {
    if (hasAt) throw new InputError(name, `${credentials}: an https:// URL may not name a user (it holds an "@")`)
    if (!URL.canParse(value)) throw new InputError(name, `${shown} is not a valid URL`)
    return value
  }
  if (/^ssh:\/\//i.test(value)) {
    const authority = value.slice('ssh://'.length).split('/')[0]
    if (hasAt && !/^[A-Za-z0-9._-]+@[^@:]+(:\d+)?$/.test(authority)) {
      throw new InputError(name, `${credentials}: an ssh:// URL may name a user such as git@, nothing more`)
    }
    if (!URL.canParse(value)) throw new InputError(name, `${shown} is not a valid URL`)
    return value
  }
  if (/^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[A-Za-z0-9._~/-]+$/.test(value)) return value
  if (hasAt) throw new InputError(name, `is not a git URL of a form the action accepts, or holds a password or token; expected https://host/owner/repo.git or git@host:owner/repo.git`)
  throw new InputError(name, `${quote(value)} is not a git URL; expected https://host/owner/repo.git or git@host:owner/repo.git`)
}

function ownerAndRepo(url: string): { owner: string; repo: string } | undefined {
  const path = url.replace(/^[a-z+]+:\/\/[^/]+\//i, '').replace(/^[^@]+@[^:]+:/, '')
  const parts = path.replace(/\.git$/, '').split('/').filter(Boolean)
  if (parts.length < 2) return undefined
  return { owner: parts[parts.length - 2], repo: parts[parts.length - 1] }
}

function oneOf<T extends string>(name: InputName, allowed: readonly T[]): T | undefined {
  const value = text(name)
  if (value === undefined) return undefined
  if (!(allowed as readonly string[]).includes(value)) {
    throw new InputError(name, `${quote(value)} is not allowed; expected one of: ${allowed.join(', ')}`)
  }
  return value as T
}

function bool(name: InputName, fallback: boolean): boolean {
  const value = core.getInput(name)
  if (value === '') return fallback
  if (['true', 'True', 'TRUE'].includes(value)) return true
  if (['false', 'False', 'FALSE'].includes(value)) return false
  throw new InputError(name, `${quote(value)} is not a boolean; expected true or false`)
}

function integer(name: InputName, fallback: number, min: number, max: number): number {
  return optionalInteger(name, min, max) ?? fallback
}

function optionalInteger(name: InputName, min: number, max: number): number | undefined {
  const value = core.getInput(name)
  if (value === '') return undefined
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new InputError(name, `${quote(value)} is not a whole number from ${min} to ${max}`)
  }
  return Number(value)
}

/** A duration in seconds: `90`, `1.5`, `90s`, `15m` or `2h`; returned in milliseconds. */
function seconds(name: InputName, fallback: number, min: number, max: number): number {
  const value = core.getInput(name)
  if (value === '') return fallback * 1000
  const match = /^(\d+(?:\.\d+)?)\s*([smh]?)$/.exec(value)
  const factor = match ? { '': 1, s: 1, m: 60, h: 3600 }[match[2] as '' | 's' | 'm' | 'h'] : 0
  const secondsValue = match ? Number(match[1]) * factor : NaN
  if (!(secondsValue >= min && secondsValue <= max)) {
    throw new InputError(name, `${quote(value)} is not a duration from ${min} to ${max} seconds (e.g. 30, 90s, 15m)`)
  }
  return Math.round(secondsValue * 1000)
}

/** A list: one item a line or comma-separated, or a JSON array of strings. */
function list(name: InputName): string[] {
  const value = core.getInput(name)
  if (value === '') return []
  if (value.startsWith('[')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(value)
    } catch {
      throw new InputError(name, `${quote(value)} starts with [ but is not a JSON array`)
    }
    if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
      throw new InputError(name, 'must be a JSON array of strings')
    }
    return parsed.map((item) => item.trim()).filter(Boolean)
  }
  return value
    .split(/[\n,]/)
    .map((item) => item.replace(/^\s*-\s+/, '').trim())
    .filter(Boolean)
}
