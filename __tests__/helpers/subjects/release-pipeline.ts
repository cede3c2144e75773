/**
 * The release pipeline of ios-app (build, a flaky test stage, ship) that the pipeline tests run on
 * the emulator. Its workflow names are drawn per run, so nothing can special-case them.
 */
import type { EmulatorOptions } from '../../../emulator/server.js'
import { bundledSeed } from '../../../emulator/model/seed.js'
import { randomString } from '../random.js'
import type { RunResult } from '../run-action.js'
import {
  emulatorPerFile,
  expectPassed,
  type RunningEmulator,
  SAME_REPOSITORY,
  step
} from '../scenarios/emulator-steps.js'

export const TESTS = `tests-${randomString(6).toLowerCase()}`
export const DEPLOY = `deploy-${randomString(6).toLowerCase()}`
export const PIPELINES = [
  'pipelines:',
  '  release:',
  '    stages:',
  '    - build: { workflows: [primary] }',
  `    - test: { workflows: [${TESTS}] }`,
  `    - ship: { workflows: [${DEPLOY}] }`,
  ''
].join('\n')

export type Workflow = { stage: string; name: string; 'build-slug': string; status: string; 'workflow-id': string }
export const ON_MAIN = { 'app-slug': 'ios-app', 'from-event': 'false', branch: 'main', pipeline: 'release' }

/** The bundled seed with `config` added to ios-app's service.yml and `flaky` failing on their first run. */
export function seedWithPipelines(config: string, flaky: string[]): ReturnType<typeof bundledSeed> {
  const seed = bundledSeed()
  for (const app of seed.apps ?? []) {
    if (app.slug !== 'ios-app') continue
    app.service_yml = `${app.service_yml ?? ''}\n${config}`
    app.flaky_workflows = flaky
  }
  return seed
}

/** The file's emulator (set by useReleasePipeline). */
export let emu: RunningEmulator

/** One emulator for the test file with the release pipeline and fault injection, reset before each test. */
export function useReleasePipeline(options: EmulatorOptions = {}): void {
  emulatorPerFile((started) => (emu = started), {
    seed: seedWithPipelines(PIPELINES, [TESTS]),
    enableFaults: true,
    rebuildDelayMs: 0,
    ...options
  })
}

/** The release pipeline triggered on main and waited for to its end (its flaky test stage fails it at first). */
export async function waitedRelease(): Promise<RunResult> {
  const first = await step(emu, 'trigger', {
    ...ON_MAIN,
    ...SAME_REPOSITORY,
    wait: 'true',
    'fail-on-build-failure': 'false'
  })
  expectPassed(first)
  return first
}

/** A pipeline of one stage, a workflow that fails on the pipeline's first attempt only (its rebuild succeeds). */
export function flakyPipeline(): { pipeline: string; flaky: string; seed: ReturnType<typeof bundledSeed> } {
  const flaky = `tests-${randomString(6).toLowerCase()}`
  const pipeline = `release-${randomString(5).toLowerCase()}`
  const config = ['pipelines:', `  ${pipeline}:`, '    stages:', `    - test: { workflows: [${flaky}] }`, ''].join('\n')
  return { pipeline, flaky, seed: seedWithPipelines(config, [flaky]) }
}

/** `pipeline` of ios-app triggered on main and waited for to its end, which is a failure: its id. */
export async function failedPipeline(emulator: RunningEmulator, pipeline: string): Promise<string> {
  const first = await step(emulator, 'trigger', {
    'app-slug': 'ios-app',
    'from-event': 'false',
    branch: 'main',
    pipeline,
    ...SAME_REPOSITORY,
    wait: 'true',
    'fail-on-build-failure': 'false'
  })
  if (first.outputs['pipeline-status'] !== 'failed')
    throw new Error(`the pipeline's first attempt was to fail; it ended ${first.outputs['pipeline-status']}`)
  return first.outputs['pipeline-id']
}
