/**
 * What a wait leaves for the post step in the `pending-work` state (earlier versions saved
 * one build as `pending-build`, which the post step still reads): the builds, or the
 * pipeline, to abort if the main step is killed before it could. Each form is a short JSON
 * object, since the runner passes state to the post step in an environment variable:
 * - one build: `{"appSlug", "buildSlug"}`, the form every earlier version saved, so a state
 *   saved by any of them is read the same way;
 * - several builds: `{"builds": [[appSlug, buildSlug], ...]}` (at most 50, one per app);
 * - a pipeline: `{"appSlug", "pipelineId"}`;
 * - builds and pipelines one trigger started together: `{"builds": [...], "pipelines":
 *   [[appSlug, pipelineId], ...]}` (either list may be empty).
 * An empty value means nothing is pending.
 */

/** A build the post step aborts. */
export interface PendingBuild {
  appSlug: string
  buildSlug: string
}

/** A pipeline the post step aborts. */
export interface PendingPipeline {
  appSlug: string
  pipelineId: string
}

/** Everything a saved state names. */
export interface PendingWork {
  builds: PendingBuild[]
  pipelines: PendingPipeline[]
}

/** The state value for builds being waited for; '' when there are none. */
export function savedBuilds(builds: readonly PendingBuild[]): string {
  if (builds.length === 0) return ''
  if (builds.length === 1) return JSON.stringify({ appSlug: builds[0].appSlug, buildSlug: builds[0].buildSlug })
  return JSON.stringify({ builds: builds.map((build) => [build.appSlug, build.buildSlug]) })
}

/** The state value for a pipeline being waited for. */
export function savedPipeline(pipeline: PendingPipeline): string {
  return JSON.stringify({ appSlug: pipeline.appSlug, pipelineId: pipeline.pipelineId })
}

/** The state value for builds and pipelines waited for together; the shorter forms above when they fit. */
export function savedWork(work: PendingWork): string {
  if (work.pipelines.length === 0) return savedBuilds(work.builds)
  if (work.builds.length === 0 && work.pipelines.length === 1) return savedPipeline(work.pipelines[0])
  return JSON.stringify({
    builds: work.builds.map((b) => [b.appSlug, b.buildSlug]),
    pipelines: work.pipelines.map((p) => [p.appSlug, p.pipelineId])
  })
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

const isPairs = (value: unknown): value is [string, string][] =>
  Array.isArray(value) && value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every(isText))

/** Reads a saved state value back; throws when it is none of the forms above. */
export function readPending(saved: string): PendingWork {
  const work: PendingWork = { builds: [], pipelines: [] }
  if (saved.trim() === '') return work
  let value: unknown
  try {
    value = JSON.parse(saved)
  } catch {
    throw new Error('the saved state is not JSON')
  }
  const record =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  if (isText(record.appSlug) && isText(record.buildSlug)) {
    work.builds.push({ appSlug: record.appSlug, buildSlug: record.buildSlug })
  } else if (isText(record.appSlug) && isText(record.pipelineId)) {
    work.pipelines.push({ appSlug: record.appSlug, pipelineId: record.pipelineId })
  } else if (isPairs(record.builds) && (record.pipelines === undefined || isPairs(record.pipelines))) {
    for (const [appSlug, buildSlug] of record.builds) work.builds.push({ appSlug, buildSlug })
    for (const [appSlug, pipelineId] of (record.pipelines ?? []) as [string, string][])
      work.pipelines.push({ appSlug, pipelineId })
  } else {
    throw new Error('the saved state names no build and no pipeline')
  }
  return work
}
