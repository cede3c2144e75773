/**
 * What the documentation leaves to the reader, filled in for a run on the emulator, each said
 * here: every secret is the emulator's Owner token (a deploy key, a made-up key pair); a policy
 * id gives way to that token (signing in is tested in oidc.test.ts); the placeholders name the
 * seed's apps and groups; ios-app has the pipeline the pages run, and android-app the
 * service.yml of its repository; a checkout puts the app's service.yml in the workspace; and a
 * build a block reads from the text around it (`steps.build.outputs.build-slug`), or a build
 * request it approves, is started first.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { ACTION_BUNDLE, runAction, type RunResult } from '../run-action.js'
import type { DocBlock } from '../../workflows/doc-blocks.js'
import type { Mapping } from '../../workflows/workflow-files.js'
import { TOKENS, type RunningEmulator } from './emulator-steps.js'

/** A made-up key pair, for the SSH registration only: the private "key" body is not a key. */
const PRIVATE_KEY =
  '-----BEGIN OPENSSH PRIVATE KEY-----\nDOCSFAKEKEYBODYnotarealkey0123456789\n-----END OPENSSH PRIVATE KEY-----'
const PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDocsFakePublicKeyForTestsOnly docs@example.test'

/** The pipeline the pages run, in ios-app's service.yml. */
const PIPELINE = ['pipelines:', '  release-pipeline:', '    stages:', '    - build: { workflows: [primary] }', ''].join(
  '\n'
)

/** The seed, with what the pages expect of the apps. */
export function docsSeed(): ReturnType<typeof bundledSeed> {
  const seed = bundledSeed()
  for (const app of seed.apps ?? []) {
    if (app.slug === 'ios-app') app.service_yml = `${app.service_yml ?? ''}\n${PIPELINE}`
    // The seed's android-app keeps no service.yml in its repository, and fails every build.
    if (app.slug === 'android-app') Object.assign(app, { repository_has_config: true, build_outcome: 'success' })
  }
  return seed
}

/** The seed's names for the placeholders of the pages, a whole value or a line of one. */
const PLACEHOLDERS: Record<string, string> = {
  'my-app-slug': 'ios-app',
  'old-app-slug': 'docs-site',
  'my-workspace': 'acme',
  'mobile-devs': 'qa-team'
}

/** A `with:` value with its placeholders named as the seed names them. */
export function seedValue(value: string): string {
  return value
    .split('\n')
    .map((line) => PLACEHOLDERS[line.trim()] ?? line)
    .join('\n')
}

/** `vars` as the recipes name them: an app's slug, a public key, or a policy id the run replaces with a token. */
export const VARS = new Proxy({} as Mapping, {
  get: (_, name: string) =>
    /APP_SLUG$/.test(name)
      ? 'ios-app'
      : /_PUB$/.test(name)
        ? PUBLIC_KEY
        : /POLICY$/.test(name)
          ? `policy-${name}`
          : undefined
})

/** Every secret is the Owner's token, a deploy key the made-up key, GITHUB_TOKEN the job's token for `github`. */
export function secretsFor(githubToken: string): Mapping {
  return new Proxy({} as Mapping, {
    get: (_, name: string) =>
      name === 'GITHUB_TOKEN' ? githubToken : /^(DEPLOY|SSH)_.*KEY$/.test(name) ? PRIVATE_KEY : TOKENS.owner
  })
}

/** What a checkout leaves in the workspace for the pages' steps: the app's service.yml. */
export function checkOut(workspace: string): void {
  const app = bundledSeed().apps?.find((candidate) => candidate.slug === 'ios-app')
  writeFileSync(join(workspace, 'service.yml'), String(app?.service_yml ?? ''))
}

async function trigger(emu: RunningEmulator, inputs: Record<string, string>): Promise<RunResult> {
  const result = await runAction(
    {
      operation: 'trigger',
      token: TOKENS.owner,
      'base-url': emu.url,
      'app-slug': 'ios-app',
      'from-event': 'false',
      ...inputs
    },
    { bundle: ACTION_BUNDLE }
  )
  if (result.code !== 0) throw new Error(`the build a page reads could not start: ${result.stdout}`)
  return result
}

/**
 * The builds a block reads from the text around it, started first: `{steps, needs}` entries
 * holding their outputs under the ids the block names. A block that approves a build request
 * gets one held for the pull request of `event`.
 */
export async function startWhatTheBlockReads(
  entry: DocBlock,
  emu: RunningEmulator,
  pull: Mapping | undefined,
  defined: string[]
): Promise<{ steps: Mapping; needs: Mapping }> {
  const read = { steps: {} as Mapping, needs: {} as Mapping }
  for (const match of entry.text.matchAll(/\b(steps|needs)\.([\w-]+)\.outputs\.build-slug\b/g)) {
    const [, context, id] = match as unknown as [string, 'steps' | 'needs', string]
    if (defined.includes(id) || id in read[context]) continue
    const result = await trigger(emu, { branch: 'main' })
    read[context][id] = { outputs: result.outputs, result: 'success' }
  }
  if (/operation: approve-build-request/.test(entry.text) && pull) {
    const head = pull.head as Mapping
    await trigger(emu, {
      branch: String(head.ref),
      'commit-hash': String(head.sha),
      'pull-request-id': String(pull.number),
      'branch-repo-owner': String(((head.repo as Mapping).owner as Mapping).login),
      'branch-dest-repo-owner': String(((pull.base as Mapping).repo as Mapping & { owner: Mapping }).owner.login)
    })
  }
  return read
}
