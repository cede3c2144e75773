#!/usr/bin/env node
/**
 * A walk through the action against the bundled service emulator: `npm start`.
 *
 * Builds only what is missing, starts `emulator/dist/index.js` on a free loopback
 * port with the bundled seed, then runs `dist/index.js` the way the runner does
 * (INPUT_<NAME> variables, and temporary files for GITHUB_OUTPUT, GITHUB_STATE,
 * GITHUB_STEP_SUMMARY and GITHUB_EVENT_PATH) through a realistic sequence of
 * steps. Every output shown is what the action wrote; nothing is made up here.
 *
 *   node scripts/demo.js [--action FILE] [--emulator FILE]   (the tests pass the dev bundle's)
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DIST, decodeCharacterReferences, runAction } from './run-action.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const ACTION = optionValue('--action') ?? DIST
const EMULATOR = optionValue('--emulator') ?? join(ROOT, 'emulator', 'dist', 'index.js')
const OWNER_TOKEN = 'token-olivia-owner'
const BUILD_DURATION_MS = 1500
const STEP_TIMEOUT_MS = 20_000
const MAX_VALUE_LENGTH = 160

/** The service.yml the demo uploads: a trigger map, and two workflows on different machine types. */
const SERVICE_YML = `format_version: "13"
meta:
  service:
    stack: linux-docker-22.04
    machine_type_id: g2-m1.4core
app:
  envs:
  - GRADLE_OPTS: -Xmx2g
trigger_map:
- push_branch: main
  workflow: deploy
- pull_request_source_branch: "*"
  workflow: primary
- push_branch: "*"
  workflow: primary
workflows:
  primary:
    steps:
    - script:
        inputs:
        - content: ./gradlew test
  deploy:
    meta:
      service:
        stack: linux-docker-22.04
        machine_type_id: g2-m1.8core
    steps:
    - script:
        inputs:
        - content: ./gradlew assembleRelease
`

const REPO = { owner: 'acme', name: 'demo-app' }
const PR_HEAD_SHA = '3f9c2a7d41e8b06c5a1f2e9d8c7b6a5f4e3d2c1b'
const PUSH_SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9011223344'

/** A same-repository pull request, shaped like GitHub's pull_request "opened" payload (trimmed). */
function pullRequestEvent() {
  const repo = {
    id: 704123,
    name: REPO.name,
    full_name: `${REPO.owner}/${REPO.name}`,
    private: false,
    fork: false,
    owner: { login: REPO.owner, id: 51000, type: 'Organization' },
    html_url: `https://github.com/${REPO.owner}/${REPO.name}`,
    clone_url: `https://github.com/${REPO.owner}/${REPO.name}.git`,
    ssh_url: `git@github.com:${REPO.owner}/${REPO.name}.git`,
    default_branch: 'main'
  }
  return {
    action: 'opened',
    number: 7,
    pull_request: {
      number: 7,
      state: 'open',
      title: 'Add the login form',
      body: 'Validates the e-mail field before sending.',
      user: { login: 'dora-dev', id: 52000, type: 'User' },
      draft: false,
      merged: false,
      mergeable: true,
      head: {
        label: `${REPO.owner}:feature/login-form`,
        ref: 'feature/login-form',
        sha: PR_HEAD_SHA,
        user: repo.owner,
        repo
      },
      base: { label: `${REPO.owner}:main`, ref: 'main', sha: PUSH_SHA, user: repo.owner, repo }
    },
    repository: repo,
    sender: { login: 'dora-dev', id: 52000, type: 'User' }
  }
}

/** A push to main, shaped like GitHub's push payload (trimmed). */
function pushEvent() {
  return {
    ref: 'refs/heads/main',
    before: PR_HEAD_SHA,
    after: PUSH_SHA,
    created: false,
    deleted: false,
    forced: false,
    head_commit: {
      id: PUSH_SHA,
      message: 'Merge pull request #7 from acme/feature/login-form',
      timestamp: '2025-01-15T10:00:00Z'
    },
    repository: {
      name: REPO.name,
      full_name: `${REPO.owner}/${REPO.name}`,
      owner: { login: REPO.owner, name: REPO.owner }
    },
    pusher: { name: 'dora-dev' },
    sender: { login: 'dora-dev', id: 52000, type: 'User' }
  }
}

/** The value after `flag` on the command line, resolved as a path. */
function optionValue(flag) {
  const at = process.argv.indexOf(flag)
  return at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : undefined
}

/** Builds both bundles when either is missing; a fresh clone has them committed. */
function buildIfMissing() {
  const missing = [ACTION, EMULATOR].filter((file) => !existsSync(file))
  if (missing.length === 0) return
  console.log(`Missing ${missing.map((file) => file.slice(ROOT.length + 1)).join(' and ')}: running npm run build`)
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('npm run build failed')
}

/** Starts the bundled emulator on a free loopback port and resolves with its API URL. */
function startEmulator() {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [EMULATOR, '--port', '0', '--build-duration-ms', String(BUILD_DURATION_MS)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let text = ''
    let errors = ''
    const timer = setTimeout(() => fail(new Error(`the emulator did not start within 10 s: ${errors || text}`)), 10_000)
    child.stderr.on('data', (chunk) => (errors += chunk))
    child.stdout.on('data', (chunk) => {
      text += chunk
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/v0\.1)/.exec(text)
      if (match) {
        clearTimeout(timer)
        done({ child, url: match[1], origin: new URL(match[1]).origin })
      }
    })
    child.on('error', (error) => {
      clearTimeout(timer)
      fail(error)
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`the emulator exited with code ${code}: ${errors}`))
    })
  })
}

function stopEmulator(emulator) {
  if (!emulator || emulator.child.exitCode !== null) return Promise.resolve()
  return new Promise((done) => {
    const timer = setTimeout(() => {
      emulator.child.kill('SIGKILL')
      done()
    }, 2000)
    emulator.child.once('exit', () => {
      clearTimeout(timer)
      done()
    })
    emulator.child.kill('SIGTERM')
  })
}

/**
 * The job summary as a person reads it: one line per heading, paragraph and table row (cells
 * joined with |), a link as its text with its address after it, a Mermaid diagram as its source
 * lines, and character references decoded; the invisible joiners that keep GitHub from making
 * mentions and links are dropped, since nothing here renders them.
 */
export function summaryText(html) {
  const text = html
    .replace(/<a href="([^"]*)">(.*?)<\/a>/gi, (_, href, label) => `${label} (${href.replace(/&amp;/g, '&')})`)
    .replace(/<summary>(.*?)<\/summary>/gi, '$1:\n')
    .replace(/<\/(h\d|p|tr|table|details)>/gi, '\n')
    .replace(/<\/t[hd]>\s*(?=<t[hd])/gi, ' | ')
    .replace(/<[^>]+>/g, '')
  return decodeCharacterReferences(text)
    .replace(/\u200d/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('```'))
}

function shorten(value) {
  const flat = value.replace(/\s*\n\s*/g, ' ')
  return flat.length > MAX_VALUE_LENGTH ? `${flat.slice(0, MAX_VALUE_LENGTH - 1)}… (${value.length} chars)` : flat
}

/** Runs dist/index.js once, as the runner runs a step, against the emulator with the Owner's token. */
function runStep(emulator, inputs, options = {}) {
  return runAction(
    { 'base-url': emulator.url, token: OWNER_TOKEN, ...inputs },
    {
      bundle: ACTION,
      workspace: options.workspace,
      event: options.event,
      timeoutMs: STEP_TIMEOUT_MS,
      env: { GITHUB_REPOSITORY: `${REPO.owner}/${REPO.name}`, ...options.env }
    }
  )
}

let stepNumber = 0

/** Runs a step, prints what it produced, and throws when it did not end as expected. */
async function step(emulator, title, inputs, options = {}) {
  stepNumber++
  console.log(`\n=== ${stepNumber}. ${title}`)
  console.log(`    operation: ${inputs.operation}`)
  const result = await runStep(emulator, inputs, options)
  const lines = result.stdout.split('\n')
  // As the runner does: values the step registered with ::add-mask:: are shown as ***.
  const masked = lines
    .filter((line) => line.startsWith('::add-mask::'))
    .map((line) => line.slice('::add-mask::'.length))
    .filter(Boolean)
  const mask = (text) => masked.reduce((out, secret) => out.split(secret).join('***'), text)
  for (const line of lines.filter((l) => /^::(notice|warning|error)/.test(l)))
    console.log(`    ${mask(line.replace(/%0A/g, ' ').replace(/%25/g, '%'))}`)
  console.log('  outputs:')
  const names = Object.keys(result.outputs)
  if (names.length === 0) console.log('    (none)')
  for (const name of names) console.log(`    ${name} = ${shorten(mask(result.outputs[name]))}`)
  console.log('  job summary:')
  const summary = summaryText(result.files.summary)
  if (summary.length === 0) console.log('    (none)')
  for (const line of summary) console.log(`    ${line}`)
  const expectedCode = options.expectFailure ? 1 : 0
  if (result.code !== expectedCode) {
    console.log(result.stdout + result.stderr)
    throw new Error(`step "${title}" exited with ${result.code ?? result.signal}, expected ${expectedCode}`)
  }
  return result
}

async function emulatorState(emulator) {
  const res = await globalThis.fetch(`${emulator.origin}/_emulator/state`)
  if (!res.ok) throw new Error(`GET /_emulator/state answered ${res.status}`)
  return res.json()
}

async function main() {
  const started = Date.now()
  buildIfMissing()
  const workspace = mkdtempSync(join(tmpdir(), 'service-demo-workspace-'))
  let emulator
  const stop = async () => {
    await stopEmulator(emulator)
    rmSync(workspace, { recursive: true, force: true })
  }
  process.once('SIGINT', () => stop().then(() => process.exit(130)))
  try {
    emulator = await startEmulator()
    console.log(`Service emulator (bundled seed) at ${emulator.url}; builds take ${BUILD_DURATION_MS} ms.`)
    const run = (title, inputs, options = {}) => step(emulator, title, inputs, { workspace, ...options })

    const registered = await run('Register an app for an HTTPS repository', {
      operation: 'register-app',
      'repo-url': `https://github.com/${REPO.owner}/${REPO.name}.git`,
      'org-slug': 'acme',
      'project-type': 'android',
      'stack-id': 'linux-docker-22.04',
      'app-envs': 'DEPLOY_TARGET=staging'
    })
    const appSlug = registered.outputs['app-slug']
    if (!appSlug) throw new Error('register-app set no app-slug output')

    mkdirSync(join(workspace, 'ci'), { recursive: true })
    writeFileSync(join(workspace, 'ci', 'service.yml'), SERVICE_YML)
    await run('Upload its service.yml (trigger map and two workflows)', {
      operation: 'upload-config',
      'app-slug': appSlug,
      'config-path': 'ci/service.yml'
    })

    await run('Give the release-team group the Developer role', {
      operation: 'set-roles',
      'app-slug': appSlug,
      role: 'developer',
      groups: 'release-team'
    })
    const roles = await run('Read the Developer role back', {
      operation: 'get-roles',
      'app-slug': appSlug,
      role: 'developer'
    })
    if (!JSON.parse(roles.outputs.groups ?? '[]').includes('release-team'))
      throw new Error('get-roles does not list release-team')

    const pr = pullRequestEvent()
    const built = await run(
      `Trigger a build for pull request #${pr.number} and wait for it`,
      {
        operation: 'trigger',
        'app-slug': appSlug,
        wait: 'true',
        'poll-interval': '0.3',
        'wait-timeout': '30s',
        'stream-logs': 'false'
      },
      {
        event: {
          name: 'pull_request',
          payload: pr,
          ref: `refs/pull/${pr.number}/merge`,
          sha: '0000000000000000000000000000000000000007'
        }
      }
    )
    const buildSlug = built.outputs['build-slug']

    // android-app's builds fail (the seed): the step names the failed step and the failed test.
    await run("Keep android-app's service.yml on the service", {
      operation: 'set-config-location',
      'app-slug': 'android-app',
      location: 'service'
    })
    const failed = await run(
      'Trigger android-app, whose build fails, and wait: the failed step and the failed test',
      {
        operation: 'trigger',
        'app-slug': 'android-app',
        branch: 'main',
        wait: 'true',
        'poll-interval': '0.3',
        'stream-logs': 'false',
        'explain-failure': 'false'
      },
      { expectFailure: true }
    )
    if (JSON.parse(failed.outputs['failed-steps'] ?? '[]').length === 0 || failed.outputs['tests-failed'] === '0')
      throw new Error('the failed build named no failed step or no failed test')

    const second = await run(
      'Trigger a build for a push to main',
      { operation: 'trigger', 'app-slug': appSlug },
      { event: { name: 'push', payload: pushEvent(), ref: 'refs/heads/main', sha: PUSH_SHA } }
    )
    const abortedSlug = second.outputs['build-slug']
    await run('Abort that build', {
      operation: 'abort',
      'app-slug': appSlug,
      'build-slug': abortedSlug,
      'abort-reason': 'Superseded by a newer push (demo)'
    })

    const migration = {
      operation: 'migrate-machine-types',
      'org-slug': 'acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': 'g2-m2.4core'
    }
    const preview = await run('Preview a machine type migration (dry run)', { ...migration, 'dry-run': 'true' })
    const migrated = await run('Run the machine type migration', { ...migration, 'dry-run': 'false' })
    if (preview.outputs['migrated-apps'] !== migrated.outputs['migrated-apps']) {
      throw new Error(
        `the dry run listed ${preview.outputs['migrated-apps']}, the migration ${migrated.outputs['migrated-apps']}`
      )
    }

    // No stored token: the job's OIDC token (from the emulator's stand-in for the runner) is exchanged under the seed's trust policy.
    await run(
      "Sign in with the job's OIDC token (no stored token) and trigger ios-app",
      {
        operation: 'trigger',
        'app-slug': 'ios-app',
        branch: 'main',
        token: '',
        'oidc-policy-id': '4f9c2e0a-6b1d-4c3e-9a8f-2d7e5b1c0a93'
      },
      {
        env: {
          ACTIONS_ID_TOKEN_REQUEST_URL: `${emulator.origin}/_oidc/token?api-version=2.0`,
          ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'runner-request-token-ios-main'
        }
      }
    )

    await run('List the apps of Workspace acme', { operation: 'list-apps', 'org-slug': 'acme' })

    const state = await emulatorState(emulator)
    const builds = state.builds.filter((build) => build.app === appSlug)
    console.log('\n=== Result')
    console.log(`  app:             ${appSlug}`)
    console.log(`  build slug:      ${buildSlug} (pull request #${pr.number}, ${built.outputs['build-status']})`)
    console.log(`  migrated apps:   ${JSON.parse(migrated.outputs['migrated-apps'] ?? '[]').join(', ')}`)
    console.log('  final build statuses (from the emulator):')
    for (const build of builds) {
      const why = build.abort_reason ? ` — ${build.abort_reason}` : ''
      console.log(
        `    #${build.build_number} ${build.slug} ${build.triggered_workflow} ${build.branch}: ${build.status_text}${why}`
      )
    }
    console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  } finally {
    await stop()
  }
}

// Run as a script (npm start); a test imports summaryText without starting the walk.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`\nDemo failed: ${error.message}`)
    process.exitCode = 1
  })
}
