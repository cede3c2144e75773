/**
 * operation: plan-matrix — the apps of `app-paths` the change touched, as a job matrix: one job
 * per app on GitHub's own parallelism, instead of one step triggering and watching them all.
 *
 * The apps are chosen as a trigger of several apps chooses them (fail closed when the changed
 * files are unknown), then each chosen app is read once, so a slug the token cannot see fails
 * here, before any job starts. Nothing is triggered.
 */
import { getApp } from '../api/apps.js'
import { mapBounded } from '../http/pool.js'
import { chooseApps } from '../builds/start/choose.js'
import { PARALLEL_LIMIT } from '../builds/start/app-builds.js'
import { ON_UNKNOWN, parseAppPaths, type OnUnknown } from '../builds/start/targets.js'
import type { PathGlob } from '../builds/start/path-glob.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import * as read from '../inputs/readers.js'
import type { GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

/** GitHub runs at most 256 jobs of one matrix. */
export const MAX_MATRIX_JOBS = 256

export interface PlanInputs {
  slugs: string[]
  paths: Map<string, PathGlob[]>
  onUnknown: OnUnknown
  githubToken: string
  workflow?: string
  pipeline?: string
}

/** One job of the matrix. */
export interface MatrixEntry {
  'app-slug': string
  workflow?: string
  pipeline?: string
}

export const planMatrix = defineOperation<PlanInputs>({
  name: 'plan-matrix',
  role: 'any role on each chosen app team (each is read once)',
  writes: false,
  inputs: [Input.appPaths, Input.appPathsOnUnknown, Input.githubToken, Input.workflow, Input.pipeline],
  required: [Input.appPaths],
  outputs: [Output.matrix, Output.count, Output.appSlugs],
  read: readPlan,
  run: runPlan
})

async function readPlan(get: GetInput): Promise<PlanInputs> {
  if (get(Input.appPaths) === '')
    throw new InputError(
      Input.appPaths,
      'is required: a YAML map from app slug to path globs, e.g. "ios-app: [apps/ios/**, shared/**]"'
    )
  const paths = await parseAppPaths(
    get(Input.appPaths),
    MAX_MATRIX_JOBS,
    'fit one job matrix (GitHub runs at most 256 jobs of a matrix)'
  )
  const workflow = read.singleLine(get, Input.workflow)
  const pipeline = read.slug(get, Input.pipeline)
  if (workflow !== undefined && pipeline !== undefined)
    throw new InputError(
      Input.pipeline,
      `cannot be used together with ${Input.workflow}: a build runs one workflow or one pipeline`
    )
  return {
    slugs: [...paths.keys()],
    paths,
    onUnknown: read.oneOf(get, Input.appPathsOnUnknown, ON_UNKNOWN) ?? 'build-all',
    githubToken: get(Input.githubToken),
    workflow,
    pipeline
  }
}

async function runPlan(inputs: PlanInputs, ctx: HandlerContext): Promise<void> {
  const { slugs, lines } = await chooseApps(inputs, ctx, 'Planning')
  for (const line of lines) ctx.info(line)
  // Every chosen app is read, so a slug the token cannot see fails the plan, not one of its jobs.
  const unreadable = (await mapBounded(slugs, PARALLEL_LIMIT, (slug) => readable(slug, ctx))).filter(
    (problem) => problem !== undefined
  )
  if (unreadable.length > 0)
    throw new Error(
      `The matrix was not planned: ${unreadable.join('; ')}. Check the slugs in ${Input.appPaths} and the token's role on each app.`
    )
  const include: MatrixEntry[] = slugs.map((slug) => ({
    'app-slug': slug,
    ...(inputs.workflow ? { workflow: inputs.workflow } : {}),
    ...(inputs.pipeline ? { pipeline: inputs.pipeline } : {})
  }))
  ctx.output(Output.matrix, { include })
  ctx.output(Output.count, include.length)
  ctx.output(Output.appSlugs, slugs)
  ctx.info(
    include.length === 0
      ? 'No app to build: the matrix is empty (a job over it must be skipped when count is 0).'
      : `Planned ${include.length} job(s): ${slugs.join(', ')}`
  )
  ctx.summary({
    heading: include.length === 0 ? 'No app to build' : `A matrix of ${include.length} app(s)`,
    lead: {
      mark: 'note',
      result: include.length === 0 ? 'No app to build' : `Planned ${include.length} job(s)`,
      subject: [inputs.workflow ?? inputs.pipeline ?? '']
    },
    lines,
    table:
      include.length > 0
        ? [
            ['App', 'Workflow or pipeline'],
            ...include
              .slice(0, 100)
              .map((entry) => [entry['app-slug'], entry.workflow ?? entry.pipeline ?? "the trigger map's choice"])
          ]
        : undefined
  })
}

/** Undefined when the app can be read; otherwise what went wrong, naming the app. */
async function readable(slug: string, ctx: HandlerContext): Promise<string | undefined> {
  try {
    await getApp(ctx.client, slug)
    return undefined
  } catch (error) {
    return `${slug}: ${(error as Error).message}`
  }
}
