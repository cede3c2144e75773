/**
 * Which apps one trigger step builds: one app (`app-slug` holding one slug, as
 * before), a list of apps (`app-slug` holding several), or the apps of `app-paths`
 * whose path globs match the files the change touched.
 */
import { Input } from '../../constants.js'
import { InputError } from '../../inputs/input-error.js'
import { quote } from '../../safe-text.js'
import { booleanFlag, checkSlug, oneOf, requiredSlug, type GetInput } from '../../inputs/readers.js'
import { compileGlob, unsupportedSyntax, type PathGlob } from './path-glob.js'

/** Several apps in one step. */
export interface SeveralApps {
  /** The apps named by `app-slug`, or every app of `app-paths`, in the order given. */
  slugs: string[]
  /** The globs of each app of `app-paths`; undefined when the apps were named outright. */
  paths?: Map<string, PathGlob[]>
  failFast: boolean
  /** The token the changed files are read with; empty reads them without one. */
  githubToken: string
  /** With app-paths, what to do when the changed files are unknown or may be cut: build every app, or fail. */
  onUnknown: OnUnknown
}

/** The values of app-paths-on-unknown. */
export const ON_UNKNOWN = ['build-all', 'fail'] as const
export type OnUnknown = (typeof ON_UNKNOWN)[number]

/** The inputs readAppTargets reads, besides app-slug. */
export const SEVERAL_APPS_INPUTS = [Input.appPaths, Input.appPathsOnUnknown, Input.failFast, Input.githubToken] as const

/** At most this many apps in one step: each is a build started and watched. */
export const MAX_APPS = 50

/** The one app, or the several, the inputs name. */
export async function readAppTargets(get: GetInput): Promise<{ appSlug: string; several?: SeveralApps }> {
  const pathsText = get(Input.appPaths)
  const onUnknown = oneOf(get, Input.appPathsOnUnknown, ON_UNKNOWN) ?? 'build-all'
  if (onUnknown !== 'build-all' && pathsText === '')
    throw new InputError(Input.appPathsOnUnknown, `works only with ${Input.appPaths}`)
  const listed = get(Input.appSlug)
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean)
  if (pathsText === '' && listed.length <= 1) return { appSlug: requiredSlug(get, Input.appSlug) }
  if (pathsText !== '' && listed.length > 0)
    throw new InputError(Input.appPaths, `cannot be used together with ${Input.appSlug}: set one of them`)
  const failFast = booleanFlag(get, Input.failFast, true)
  const githubToken = get(Input.githubToken)
  if (pathsText === '') {
    const slugs = [...new Set(listed.map((slug) => checkSlug(Input.appSlug, slug)))]
    if (slugs.length > MAX_APPS)
      throw new InputError(Input.appSlug, `names ${slugs.length} apps; at most ${MAX_APPS} can be built in one step`)
    return { appSlug: slugs[0], several: { slugs, failFast, githubToken, onUnknown } }
  }
  const paths = await parseAppPaths(pathsText, MAX_APPS, 'can be built in one step')
  return {
    appSlug: [...paths.keys()][0],
    several: { slugs: [...paths.keys()], paths, failFast, githubToken, onUnknown }
  }
}

/** `app-paths`: a YAML map from app slug to one glob or a list of globs; at most `max` apps (`why` says where the limit comes from). */
export async function parseAppPaths(text: string, max: number, why: string): Promise<Map<string, PathGlob[]>> {
  const { load } = await import('js-yaml')
  let parsed: unknown
  try {
    parsed = load(text, { json: false })
  } catch (error) {
    throw new InputError(Input.appPaths, `is not valid YAML: ${(error as Error).message.split('\n')[0]}`)
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InputError(
      Input.appPaths,
      'must be a YAML map from app slug to path globs, e.g. "ios-app: [apps/ios/**, shared/**]"'
    )
  }
  const paths = new Map<string, PathGlob[]>()
  for (const [slug, value] of Object.entries(parsed)) {
    checkSlug(Input.appPaths, slug)
    const globs = typeof value === 'string' ? [value] : value
    if (
      !Array.isArray(globs) ||
      globs.length === 0 ||
      !globs.every((glob) => typeof glob === 'string' && glob.trim() !== '' && glob.length <= 500)
    ) {
      throw new InputError(
        Input.appPaths,
        `the globs of ${quote(slug)} must be a glob or a list of globs (each at most 500 characters)`
      )
    }
    paths.set(
      slug,
      globs.map((glob: string) => compileGlob(supportedGlob(slug, glob.trim())))
    )
  }
  if (paths.size === 0) throw new InputError(Input.appPaths, 'names no app')
  if (paths.size > max) throw new InputError(Input.appPaths, `names ${paths.size} apps; at most ${max} ${why}`)
  return paths
}

/** The glob, unless it holds another matcher's syntax, which would match (almost) nothing here. */
function supportedGlob(slug: string, glob: string): string {
  const found = unsupportedSyntax(glob)
  if (!found) return glob
  throw new InputError(
    Input.appPaths,
    `the glob ${quote(glob)} of ${quote(slug)} uses ${found.what}, ${quote(found.piece)}, which this action's matcher does not implement: the glob would match no changed file, so the app would never build. ` +
      `The matcher knows *, ** and ? only; ${found.instead}`
  )
}
