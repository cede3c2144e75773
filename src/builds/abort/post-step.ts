/**
 * The post step's work after the main step was killed while waiting: abort every build and
 * pipeline the wait had saved as pending. Each is reported on its own line; one that cannot
 * be aborted only warns, since the post step cannot change how the job ends and the others
 * must still be tried.
 */
import { getPipeline, PIPELINE_FINISHED } from '../../api/pipelines.js'
import { isHttpError } from '../../http/api-error.js'
import type { ServiceClient } from '../../http/service-client.js'
import { mapBounded } from '../../http/pool.js'
import type { PostContext } from '../../step/context.js'
import { abortOnStop } from './stop.js'
import { readPending, type PendingBuild, type PendingPipeline, type PendingWork } from './pending.js'

/**
 * Aborts every build and pipeline the main step saved as pending (`saved` is its saved state),
 * with the post step's context (its client, and its log, where it says what became of each).
 */
export async function abortPendingWork(saved: string, context: PostContext): Promise<void> {
  const { client, ...report } = context
  await abortPending(readPending(saved), client, report)
}

/** Where the post step reports, and the link to the run quoted in abort reasons. */
export interface PostReport {
  runUrl?: string
  info(message: string): void
  warning(message: string): void
}

/** At most this many abort calls at once: a multi-app wait may leave up to 50 builds. */
const PARALLEL_ABORTS = 4

const WAITING = 'which the main step was waiting for when it stopped'

/** Aborts each pending build and pipeline; never throws for one that cannot be aborted. */
export async function abortPending(work: PendingWork, client: ServiceClient, report: PostReport): Promise<void> {
  await mapBounded(work.builds, PARALLEL_ABORTS, (build) => abortOneBuild(build, client, report))
  for (const pipeline of work.pipelines) await abortOnePipeline(pipeline, client, report)
}

async function abortOneBuild(
  { appSlug, buildSlug }: PendingBuild,
  client: ServiceClient,
  report: PostReport
): Promise<void> {
  try {
    const outcome = await abortOnStop(
      client,
      { appSlug, buildSlug },
      'the step was stopped while waiting for the build',
      report.runUrl
    )
    report.info(
      outcome?.kind === 'finished' && !outcome.byEarlierAttempt
        ? `Build ${buildSlug} of ${appSlug}, ${WAITING}, had already finished (${outcome.status}); nothing to abort.`
        : `Aborted build ${buildSlug} of ${appSlug}, ${WAITING}.`
    )
  } catch (error) {
    report.warning(`Could not abort build ${buildSlug} of ${appSlug}, ${WAITING}: ${(error as Error).message}`)
  }
}

async function abortOnePipeline(
  { appSlug, pipelineId }: PendingPipeline,
  client: ServiceClient,
  report: PostReport
): Promise<void> {
  try {
    await abortOnStop(
      client,
      { appSlug, pipelineId },
      'the step was stopped while waiting for the pipeline',
      report.runUrl
    )
    report.info(`Aborted pipeline ${pipelineId} of ${appSlug}, ${WAITING}.`)
  } catch (error) {
    const finished = isHttpError(error, 400, 409) ? await finishedStatus(client, appSlug, pipelineId) : undefined
    if (finished)
      report.info(
        `Pipeline ${pipelineId} of ${appSlug}, ${WAITING}, had already finished (${finished}); nothing to abort.`
      )
    else report.warning(`Could not abort pipeline ${pipelineId} of ${appSlug}, ${WAITING}: ${(error as Error).message}`)
  }
}

/** After a refused abort: the pipeline's status when it has finished (the refusal's likely reason), else undefined. */
async function finishedStatus(client: ServiceClient, appSlug: string, pipelineId: string): Promise<string | undefined> {
  try {
    const pipeline = await getPipeline(client, appSlug, pipelineId)
    return PIPELINE_FINISHED.has(pipeline.status) ? pipeline.status : undefined
  } catch {
    return undefined
  }
}
