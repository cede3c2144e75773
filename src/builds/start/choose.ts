/**
 * Which apps of `app-paths` the change touched, shared by a trigger of several apps and the
 * matrix plan: the files the change touched, read from GitHub, matched against each app's globs.
 * When the list of changed files is unknown or may be cut, every app is chosen (fail closed), or,
 * with app-paths-on-unknown: fail, nothing is.
 */
import { Input } from '../../constants.js'
import { readChangedFiles } from '../../github/changed-files.js'
import { readGitHubEvent } from '../../github/event.js'
import type { HandlerContext } from '../../step/context.js'
import { matchesAny } from './path-glob.js'
import type { SeveralApps } from './targets.js'

/** The apps to build, in the order given, and lines saying how they were chosen. */
export async function chooseApps(
  apps: Pick<SeveralApps, 'slugs' | 'paths' | 'githubToken' | 'onUnknown'>,
  ctx: HandlerContext,
  doing = 'Building'
): Promise<{ slugs: string[]; lines: string[] }> {
  if (!apps.paths) return { slugs: apps.slugs, lines: [`${doing} ${apps.slugs.length} apps: ${apps.slugs.join(', ')}`] }
  const changed = await readChangedFiles({
    event: readGitHubEvent(process.env),
    env: process.env,
    token: apps.githubToken,
    signal: ctx.signal
  })
  if ('unknown' in changed) {
    // A cut or missing list cannot show an app is untouched: build them all, or stop when asked to.
    if (apps.onUnknown === 'fail')
      throw new Error(
        `The changed files are not known (${changed.unknown}), and ${Input.appPathsOnUnknown} is fail: nothing was built. Set it to build-all to build every app of ${Input.appPaths} then.`
      )
    return {
      slugs: apps.slugs,
      lines: [`${doing} every app of ${Input.appPaths}: the changed files are not known (${changed.unknown}).`]
    }
  }
  const paths = apps.paths
  const slugs = apps.slugs.filter((slug) => changed.files.some((file) => matchesAny(paths.get(slug) ?? [], file)))
  const chosen = slugs.length > 0 ? slugs.join(', ') : 'none'
  return { slugs, lines: [`The change touched ${changed.files.length} file(s); apps whose paths match: ${chosen}.`] }
}
