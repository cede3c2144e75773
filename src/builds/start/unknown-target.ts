/**
 * A trigger the service refused while it named a workflow or pipeline. The service's message
 * does not say which names exist, so the step reads the app's service.yml (only now, after the
 * refusal: a trigger that works costs no extra call, and the read needs the Owner or Admin role,
 * which a trigger does not) and adds the closest name and the list to the error.
 */
import { getConfig, getConfigLocation } from '../../api/config.js'
import { ApiError, isHttpError } from '../../http/api-error.js'
import type { TriggerParams } from '../../api/build-params.js'
import { editDistance } from '../../inputs/closest-name.js'
import { Input } from '../../constants.js'
import { quote } from '../../safe-text.js'
import type { HandlerContext } from '../../step/context.js'

/** At most this many names are listed in the message. */
const MAX_LISTED = 30

/** The names service.yml defines, or why they could not be read. */
type Names = { workflows: string[]; pipelines: string[] } | { unknown: string }

/**
 * The error to fail with: `error` with the workflows and pipelines of the app added when the
 * refusal may be about the named one; `error` itself when it is not a refusal of that kind, or
 * when service.yml does hold the name (the refusal is about something else).
 */
export async function explainRefusedTarget(
  error: unknown,
  appSlug: string,
  params: TriggerParams,
  ctx: HandlerContext
): Promise<unknown> {
  const { pipelineId, workflowId } = params
  const kind = pipelineId !== undefined ? 'pipeline' : 'workflow'
  const name = pipelineId ?? workflowId
  if (name === undefined || !isRefusalAbout(error, name, kind)) return error
  const names = await readNames(appSlug, ctx)
  if ('unknown' in names)
    return error.withSuffix(`; no build was started. The app's ${kind}s could not be listed: ${names.unknown}.`)
  const own = kind === 'workflow' ? names.workflows : names.pipelines
  if (own.includes(name)) return error
  return error.withSuffix(`; no build was started. ${describeNames(name, kind, names)}`)
}

/** A 4xx refusal (not of the token or the rate) whose text mentions the name or what it names. */
function isRefusalAbout(error: unknown, name: string, kind: string): error is ApiError {
  if (
    !isHttpError(error) ||
    error.status === undefined ||
    error.status < 400 ||
    error.status >= 500 ||
    [401, 403, 429].includes(error.status)
  )
    return false
  const text = (error.serviceMessage ?? error.message).toLowerCase()
  return text.includes(name.toLowerCase()) || text.includes(kind)
}

async function readNames(appSlug: string, ctx: HandlerContext): Promise<Names> {
  try {
    const { location } = await getConfigLocation(ctx.client, appSlug)
    if (location !== 'service')
      return {
        unknown: `the app reads its service.yml from ${quote(location)}, not from the service; see the workflows in that file`
      }
    const { text } = await getConfig(ctx.client, appSlug)
    const { parseServiceYml } = await import('../../service-yml/parse.js')
    const parsed = parseServiceYml(text)
    if (!parsed.ok) return { unknown: `the app's service.yml could not be read (${parsed.problem.reason})` }
    return { workflows: keysOf(parsed.textConfig.workflows), pipelines: keysOf(parsed.textConfig.pipelines) }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const why =
      error.status === 403
        ? "reading the app's service.yml needs the Owner or Admin role on the app, which the token's user lacks"
        : `reading the app's service.yml failed (${error.message})`
    return { unknown: why }
  }
}

function keysOf(value: unknown): string[] {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : []
}

/** "Did you mean", then the names that exist. */
function describeNames(
  name: string,
  kind: 'workflow' | 'pipeline',
  names: { workflows: string[]; pipelines: string[] }
): string {
  const own = kind === 'workflow' ? names.workflows : names.pipelines
  const other = kind === 'workflow' ? names.pipelines : names.workflows
  const otherKind = kind === 'workflow' ? 'pipeline' : 'workflow'
  const otherInput = kind === 'workflow' ? Input.pipeline : Input.workflow
  const parts = [`The app's service.yml has no ${kind} ${quote(name)}.`]
  if (other.includes(name)) parts.push(`It has a ${otherKind} of that name: set ${otherInput} instead.`)
  else {
    const near = closest(name, own)
    if (near !== undefined) parts.push(`Did you mean ${quote(near)}?`)
  }
  parts.push(`Its workflows: ${listed(names.workflows)}; its pipelines: ${listed(names.pipelines)}.`)
  return parts.join(' ')
}

function listed(names: string[]): string {
  if (names.length === 0) return 'none'
  const shown = names.slice(0, MAX_LISTED).map(quote).join(', ')
  return names.length > MAX_LISTED ? `${shown} and ${names.length - MAX_LISTED} more` : shown
}

/** The name nearest to `name` by edits (case aside), when it is near enough to be a slip. */
export function closest(name: string, names: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined
  for (const candidate of names) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (!best || distance < best.distance) best = { name: candidate, distance }
  }
  return best && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined
}
