/** The service's three registration calls: register the app, add its SSH key, finish. */
import { ApiError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import { appPath, describeUnsafeSlug, REGISTER_PATH, slugProblem } from './paths.js'

/** The body of the registration call, by the action's names. */
export interface Registration {
  provider: string
  repoUrl: string
  gitOwner: string
  gitRepoSlug: string
  orgSlug: string
  isPublic: boolean
  title?: string
  /** Sent as `default_branch_name` only when given: absent, the service picks its own default (`master`, its contract says). */
  defaultBranch?: string
}

/** The body of the finishing call, by the action's names. */
export interface Finish {
  projectType: string
  stackId: string
  configName: string
  appEnvs: Record<string, string>
  orgSlug: string
}

/** Step 1: creates the app. Never repeated unless the first attempt provably did not arrive. */
export async function registerApp(
  client: ServiceClient,
  app: Registration
): Promise<{ appSlug: string; response: string }> {
  const path = REGISTER_PATH
  const res = await client.request<{ slug?: unknown } | undefined>('POST', path, {
    body: {
      provider: app.provider,
      repo_url: app.repoUrl,
      git_repo_slug: app.gitRepoSlug,
      git_owner: app.gitOwner,
      organization_slug: app.orgSlug,
      is_public: app.isPublic,
      type: 'git',
      ...(app.title !== undefined ? { title: app.title } : {}),
      ...(app.defaultBranch !== undefined ? { default_branch_name: app.defaultBranch } : {})
    },
    retry: 'once',
    ambiguousHint: "the app may have been registered; list the Workspace's apps before running the step again",
    noEffectHint: 'no app was registered'
  })
  const slug = res.body?.slug
  // Both refusals come after the service accepted the call: the app may exist.
  const invalid = (message: string): ApiError =>
    ApiError.invalidResponse({ method: 'POST', path, status: res.status, message, mayHaveTakenEffect: true })
  if (typeof slug !== 'string' || slug === '')
    throw invalid(`POST ${path} answered ${res.status} but named no app slug; the app may have been registered`)
  const problem = slugProblem(slug)
  if (problem) {
    throw invalid(
      `POST ${path} answered ${res.status}, but ${describeUnsafeSlug('slug', slug, problem)}; the app may have been registered: list the Workspace's apps to find it`
    )
  }
  return { appSlug: slug, response: res.text }
}

/** Step 2 (SSH repository URLs only): gives the service the key it clones with. */
export async function registerSshKey(
  client: ServiceClient,
  appSlug: string,
  key: { privateKey: string; publicKey: string; registerAtProvider: boolean }
): Promise<{ response: string }> {
  const res = await client.request<unknown>('POST', appPath(appSlug, 'register-ssh-key'), {
    body: {
      auth_ssh_private_key: key.privateKey,
      auth_ssh_public_key: key.publicKey,
      is_register_key_into_provider_service: key.registerAtProvider
    }
  })
  return { response: res.text }
}

/** Step 3: sets the project type and stack, and returns the app's build trigger token. */
export async function finishRegistration(
  client: ServiceClient,
  appSlug: string,
  finish: Finish
): Promise<{ buildTriggerToken?: string; response: string }> {
  const res = await client.request<{ build_trigger_token?: unknown } | undefined>('POST', appPath(appSlug, 'finish'), {
    body: {
      project_type: finish.projectType,
      stack_id: finish.stackId,
      config: finish.configName,
      mode: 'manual',
      envs: finish.appEnvs,
      organization_slug: finish.orgSlug
    }
  })
  const token = res.body?.build_trigger_token
  return { buildTriggerToken: typeof token === 'string' && token !== '' ? token : undefined, response: res.text }
}
