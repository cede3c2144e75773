/**
 * operation: register-app — register, SSH key (skipped for an HTTPS URL), finish.
 * The app slug is output as soon as the app exists, so a later failure still
 * tells the user which half-registered app to finish or delete.
 */
import type { SummarySection } from '../summary/section.js'
import {
  finishRegistration,
  registerApp as register,
  registerSshKey,
  type Finish,
  type Registration
} from '../api/register.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { quote } from '../safe-text.js'
import * as read from '../inputs/readers.js'
import type { GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

export interface RegisterAppInputs extends Registration, Finish {
  isSshUrl: boolean
  sshPrivateKey?: string
  sshPublicKey?: string
  registerKeyAtProvider: boolean
  /** Things the user should change, e.g. a provider value the service does not document. */
  warnings: string[]
}

export const registerApp = defineOperation<RegisterAppInputs>({
  name: 'register-app',
  role: 'Owner or Admin of the app team for the SSH key step, and membership of the Workspace',
  writes: true,
  // An HTTPS repository takes no SSH key, so the public key and its registration would go unused.
  needs: [
    {
      inputs: [Input.sshPublicKey, Input.registerKeyAtProvider],
      says: `an SSH ${Input.repoUrl}`,
      holds: (value) => (value(Input.repoUrl) === '' ? undefined : !isHttpsUrl(value(Input.repoUrl)))
    }
  ],
  inputs: [
    Input.provider,
    Input.repoUrl,
    Input.gitOwner,
    Input.gitRepoSlug,
    Input.orgSlug,
    Input.isPublic,
    Input.title,
    Input.defaultBranch,
    Input.sshPrivateKey,
    Input.sshPublicKey,
    Input.registerKeyAtProvider,
    Input.projectType,
    Input.stackId,
    Input.configName,
    Input.appEnvs
  ],
  required: [Input.repoUrl, Input.orgSlug, Input.projectType, Input.stackId],
  outputs: [Output.appSlug, Output.response, Output.buildTriggerToken],
  read: readRegisterApp,
  run: runRegisterApp
})

/** The git providers the service's registration accepts, as its published contract lists them. */
const PROVIDERS = ['github', 'gitlab', 'gitlab-self-hosted', 'bitbucket', 'custom'] as const

/** `other` was accepted before the contract's values were; it is still sent as given, so no existing workflow changes. */
const LEGACY_PROVIDER = 'other'
const SLUG_LIKE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

function isHttpsUrl(url: string): boolean {
  return /^https?:\/\//.test(url)
}

async function readRegisterApp(get: GetInput): Promise<RegisterAppInputs> {
  const repoUrl = read.required(Input.repoUrl, read.gitUrl(get, Input.repoUrl))
  const isSshUrl = !isHttpsUrl(repoUrl)
  const fromUrl = ownerAndRepo(repoUrl)
  const key = readSshKey(get, repoUrl, isSshUrl)
  const legacyProvider = get(Input.provider) === LEGACY_PROVIDER
  return {
    provider: legacyProvider ? LEGACY_PROVIDER : (read.oneOf(get, Input.provider, PROVIDERS) ?? 'github'),
    warnings: legacyProvider
      ? [
          `provider "${LEGACY_PROVIDER}" is not a value the service documents; it is sent as given, but custom is the documented value for a git host that is not GitHub, GitLab or Bitbucket`
        ]
      : [],
    repoUrl,
    isSshUrl,
    gitOwner: read.slug(get, Input.gitOwner) ?? read.required(Input.gitOwner, fromUrl?.owner),
    gitRepoSlug: read.slug(get, Input.gitRepoSlug) ?? read.required(Input.gitRepoSlug, fromUrl?.repo),
    orgSlug: read.requiredSlug(get, Input.orgSlug),
    isPublic: read.booleanFlag(get, Input.isPublic, false),
    title: read.singleLine(get, Input.title),
    defaultBranch: read.gitRefName(get, Input.defaultBranch),
    sshPrivateKey: isSshUrl ? key.privateKey : undefined,
    sshPublicKey: isSshUrl ? key.publicKey : undefined,
    registerKeyAtProvider: read.booleanFlag(get, Input.registerKeyAtProvider, false),
    projectType: read.required(
      Input.projectType,
      read.matching(get, Input.projectType, /^[a-z0-9][a-z0-9-]*$/i, 'a project type such as android, ios or other')
    ),
    stackId: read.required(Input.stackId, read.matching(get, Input.stackId, SLUG_LIKE, 'a stack identifier')),
    configName:
      read.matching(get, Input.configName, SLUG_LIKE, 'a configuration name such as other-config') ?? 'other-config',
    appEnvs: Object.fromEntries(
      (await read.environmentItems(get, Input.appEnvs)).map((item) => [item.name, item.value])
    )
  }
}

/** The key pair an SSH repository URL needs, checked; an HTTPS URL takes none. */
function readSshKey(get: GetInput, repoUrl: string, isSshUrl: boolean): { privateKey?: string; publicKey?: string } {
  const privateKey = get(Input.sshPrivateKey) === '' ? undefined : `${get(Input.sshPrivateKey)}\n`
  const publicKey = read.singleLine(get, Input.sshPublicKey)
  if (!isSshUrl && privateKey) {
    throw new InputError(
      Input.sshPrivateKey,
      `is given, but ${quote(repoUrl)} is an HTTPS URL, for which no SSH key is registered; remove ssh-private-key or use the SSH URL`
    )
  }
  if (isSshUrl && !privateKey)
    throw new InputError(
      Input.sshPrivateKey,
      `is required for the SSH repository URL ${quote(repoUrl)}; pass it from a secret (or use an HTTPS URL)`
    )
  if (privateKey && !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(privateKey)) {
    throw new InputError(
      Input.sshPrivateKey,
      'does not look like a private key (no "-----BEGIN ... PRIVATE KEY-----" line)'
    )
  }
  if (isSshUrl && !publicKey)
    throw new InputError(Input.sshPublicKey, 'is required with ssh-private-key for an SSH repository URL')
  if (publicKey && !/^(ssh-|ecdsa-)[a-z0-9-]+ [A-Za-z0-9+/=]+/.test(publicKey)) {
    throw new InputError(
      Input.sshPublicKey,
      `${quote(publicKey)} does not look like an OpenSSH public key (e.g. "ssh-ed25519 AAAA...")`
    )
  }
  return { privateKey, publicKey }
}

/** The owner and repository named by a git URL's last two path steps. */
function ownerAndRepo(url: string): { owner: string; repo: string } | undefined {
  const path = url.replace(/^[a-z+]+:\/\/[^/]+\//i, '').replace(/^[^@]+@[^:]+:/, '')
  const parts = path
    .replace(/\.git$/, '')
    .split('/')
    .filter(Boolean)
  if (parts.length < 2) return undefined
  return { owner: parts[parts.length - 2], repo: parts[parts.length - 1] }
}

async function runRegisterApp(inputs: RegisterAppInputs, ctx: HandlerContext): Promise<void> {
  for (const warning of inputs.warnings) ctx.warning(warning)
  const { appSlug, response } = await register(ctx.client, inputs)
  ctx.output(Output.appSlug, appSlug)
  ctx.output(Output.response, response)
  ctx.info(`Registered app ${appSlug} for ${inputs.repoUrl}`)
  const facts: Array<[string, string | boolean | undefined]> = [
    ['App slug', appSlug],
    ['Repository', inputs.repoUrl],
    ['Workspace', inputs.orgSlug],
    ['Project type', inputs.projectType],
    ['Stack', inputs.stackId],
    ['Public', inputs.isPublic]
  ]
  const lines: string[] = []
  const section: SummarySection = {
    heading: `App ${appSlug} registered`,
    lead: { mark: 'success', result: 'Registered', subject: [appSlug] },
    facts,
    lines
  }
  ctx.summary(section)
  let step = 'adding the SSH key'
  try {
    await addKey(inputs, appSlug, facts, ctx)
    step = 'finishing the registration'
    await finish(inputs, appSlug, facts, ctx)
  } catch (error) {
    const note = `The app ${appSlug} was registered, but ${step} failed: finish it on the service, or delete it before registering again.`
    section.heading = `App ${appSlug} registered, not finished`
    section.lead = { mark: 'failure', result: 'Registered, not finished', subject: [appSlug] }
    lines.push(note)
    ctx.warning(note)
    throw error
  }
}

async function addKey(
  inputs: RegisterAppInputs,
  appSlug: string,
  facts: Array<[string, string | boolean | undefined]>,
  ctx: HandlerContext
): Promise<void> {
  if (!inputs.isSshUrl || !inputs.sshPrivateKey || !inputs.sshPublicKey) {
    facts.push(['SSH key', 'not needed (HTTPS repository URL)'])
    return
  }
  const key = await registerSshKey(ctx.client, appSlug, {
    privateKey: inputs.sshPrivateKey,
    publicKey: inputs.sshPublicKey,
    registerAtProvider: inputs.registerKeyAtProvider
  })
  ctx.output(Output.response, key.response || undefined)
  facts.push(['SSH key', inputs.registerKeyAtProvider ? 'added, and registered at the provider' : 'added'])
  ctx.info(`Added the SSH key to ${appSlug}`)
}

async function finish(
  inputs: RegisterAppInputs,
  appSlug: string,
  facts: Array<[string, string | boolean | undefined]>,
  ctx: HandlerContext
): Promise<void> {
  const finished = await finishRegistration(ctx.client, appSlug, inputs)
  if (finished.buildTriggerToken) ctx.secretOutput(Output.buildTriggerToken, finished.buildTriggerToken)
  ctx.output(Output.response, finished.response || undefined)
  facts.push([
    'Build trigger token',
    finished.buildTriggerToken ? 'set (in the build-trigger-token output, masked)' : 'not returned'
  ])
  ctx.info(`Finished the registration of ${appSlug}`)
}
