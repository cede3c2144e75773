import * as core from '../runner.js'
import { ApiError, type ApiClient } from '../client.js'
import { Output } from '../constants.js'
import type { RegisterAppInputs } from '../inputs.js'
import { addSecret } from '../secrets.js'
import type { HandlerContext } from './context.js'
import { appPath, describeUnsafeSlug, slugProblem } from './paths.js'

/** Step 1: creates the app. Never repeated unless the first attempt provably did not arrive. */
export async function registerApp(client: ApiClient, inputs: RegisterAppInputs): Promise<{ appSlug: string; response: string }> {
  const path = '/apps/register'
  const res = await client.post<{ slug?: unknown } | undefined>(
    path,
    {
      provider: inputs.provider,
      repo_url: inputs.repoUrl,
      git_repo_slug: inputs.gitRepoSlug,
      git_owner: inputs.gitOwner,
      organization_slug: inputs.orgSlug,
      is_public: inputs.isPublic,
      type: 'git',
      ...(inputs.title !== undefined ? { title: inputs.title } : {})
    },
    {
      retry: 'once',
      ambiguousHint: 'the app may have been registered; list the Workspace\'s apps before running the step again',
      noEffectHint: 'no app was registered'
    }
  )
  const slug = res.body?.slug
  if (typeof slug !== 'string' || slug === '') {
    throw new ApiError(
      `POST ${path} answered ${res.status} but named no app slug; the app may have been registered`,
      'invalid-response',
      'POST',
      path,
      res.status,
      undefined,
      true
    )
  }
  const problem = slugProblem(slug)
  if (problem) {
    throw new ApiError(
      `POST ${path} answered ${res.status}, but ${describeUnsafeSlug('slug', slug, problem)}; the app may have been registered: list the Workspace's apps to find it`,
      'invalid-response',
      'POST',
      path,
      res.status,
      undefined,
      true
    )
  }
  return { appSlug: slug, response: res.text }
}

/** Step 2 (SSH repository URLs only): gives the service the key it clones with. */
export async function registerSshKey(
  client: ApiClient,
  appSlug: string,
  key: { privateKey: string; publicKey: string; registerAtProvider: boolean }
): Promise<{ response: string }> {
  const res = await client.post<unknown>(appPath(appSlug, 'register-ssh-key'), {
    auth_ssh_private_key: key.privateKey,
    auth_ssh_public_key: key.publicKey,
    is_register_key_into_provider_service: key.registerAtProvider
  })
  return { response: res.text }
}

/** Step 3: sets the project type and stack, and returns the app's build trigger token. */
export async function finishRegistration(
  client: ApiClient,
  appSlug: string,
  inputs: RegisterAppInputs
): Promise<{ buildTriggerToken?: string; response: string }> {
  const res = await client.post<{ build_trigger_token?: unknown } | undefined>(appPath(appSlug, 'finish'), {
    project_type: inputs.projectType,
    stack_id: inputs.stackId,
    config: inputs.configName,
    mode: 'manual',
    envs: inputs.appEnvs,
    organization_slug: inputs.orgSlug
  })
  const token = res.body?.build_trigger_token
  return { buildTriggerToken: typeof token === 'string' && token !== '' ? token : undefined, response: res.text }
}

/**
 * operation: register-app — register, SSH key (skipped for an HTTPS URL), finish.
 * The app slug is output as soon as the app exists, so a later failure still
 * tells the user which half-registered app to finish or delete.
 */
export async function runRegisterApp(inputs: RegisterAppInputs, ctx: HandlerContext): Promise<void> {
  const registered = await registerApp(ctx.client, inputs)
  const appSlug = registered.appSlug
  ctx.report.output(Output.appSlug, appSlug)
  ctx.report.output(Output.response, registered.response)
  core.info(`Registered app ${appSlug} for ${inputs.repoUrl}`)
  const facts: Array<[string, string | boolean | undefined]> = [
    ['App slug', appSlug],
    ['Repository', inputs.repoUrl],
    ['Workspace', inputs.orgSlug],
    ['Project type', inputs.projectType],
    ['Stack', inputs.stackId],
    ['Public', inputs.isPublic]
  ]
  const section = { heading: `App ${appSlug} registered`, facts, lines: [] as string[] }
  ctx.report.summary(section)

  let step = 'adding the SSH key'
  try {
    if (inputs.isSshUrl && inputs.sshPrivateKey && inputs.sshPublicKey) {
      const key = await registerSshKey(ctx.client, appSlug, {
        privateKey: inputs.sshPrivateKey,
        publicKey: inputs.sshPublicKey,
        registerAtProvider: inputs.registerKeyAtProvider
      })
      ctx.report.output(Output.response, key.response || undefined)
      facts.push(['SSH key', inputs.registerKeyAtProvider ? 'added, and registered at the provider' : 'added'])
      core.info(`Added the SSH key to ${appSlug}`)
    } else {
      facts.push(['SSH key', 'not needed (HTTPS repository URL)'])
    }
    step = 'finishing the registration'
    const finished = await finishRegistration(ctx.client, appSlug, inputs)
    if (finished.buildTriggerToken) {
      // Masked in the runner's log first, then output as is (the output must hold the
      // real token), then added to the action's own redaction for everything written after.
      core.setSecret(finished.buildTriggerToken)
      ctx.report.output(Output.buildTriggerToken, finished.buildTriggerToken)
      addSecret(finished.buildTriggerToken)
    }
    ctx.report.output(Output.response, finished.response || undefined)
    facts.push(['Build trigger token', finished.buildTriggerToken ? 'set (in the build-trigger-token output, masked)' : 'not returned'])
    core.info(`Finished the registration of ${appSlug}`)
  } catch (error) {
    const note = `The app ${appSlug} was registered, but ${step} failed: finish it on the service, or delete it before registering again.`
    section.heading = `App ${appSlug} registered, not finished`
    section.lines.push(note)
    core.warning(note)
    throw error
  }
}
