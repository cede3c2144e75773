/**
 * An app the service does not know: after a 404, the apps the credentials see are listed once
 * (a bounded number of pages), and the message names the slugs nearest to app-slug. Only a
 * failed step pays for the list; when the app is among them, the 404 was about something else
 * and nothing is added.
 */
import { listVisibleAppSlugs } from '../api/apps.js'
import { nearestNames } from '../inputs/closest-name.js'
import { isHttpError } from '../http/api-error.js'
import type { ServiceClient } from '../http/service-client.js'
import { Input } from '../constants.js'
import { quote } from '../safe-text.js'

/** At most this many pages of 50 apps are read. */
const MAX_PAGES = 10
/** At most this many slugs are named. */
const NAMED = 3
/** A slug as the service writes them; anything else in its answer is not repeated. */
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/

/** The sentence naming the nearest apps when the service answered 404 and app-slug is none the credentials see; undefined otherwise. */
export async function unknownAppNote(
  error: unknown,
  appSlug: string,
  client: ServiceClient
): Promise<string | undefined> {
  if (!isHttpError(error, 404) || appSlug === '') return undefined
  let listed: { slugs: string[]; pages: number; cut: boolean }
  try {
    listed = await listVisibleAppSlugs(client, MAX_PAGES)
  } catch {
    // The list is a hint: when it cannot be read, the 404 is told as it was.
    return undefined
  }
  if (listed.slugs.includes(appSlug)) return undefined
  const cut = listed.cut
    ? ` Only the first ${listed.slugs.length} apps were read (${listed.pages} pages): the list was cut, so the app may be further on.`
    : ''
  const near = nearest(
    appSlug,
    listed.slugs.filter((slug) => SLUG.test(slug))
  )
  if (listed.slugs.length === 0) return `These credentials see no app at all.${cut}`
  const seen = `${listed.cut ? 'at least ' : ''}${listed.slugs.length} app(s)`
  if (near.length === 0)
    return `None of the ${seen} these credentials see has a slug near ${Input.appSlug} ${quote(appSlug)}.${cut}`
  return `These credentials see no app ${quote(appSlug)}; the nearest of the ${seen} they see: ${near.join(', ')}.${cut}`
}

/** The slugs nearest to `slug`, nearest first: within half its length in edits (case does not count), by name among equals. */
function nearest(slug: string, slugs: string[]): string[] {
  const limit = Math.max(2, Math.floor(slug.length / 2))
  return nearestNames(
    slug,
    [...slugs].sort((a, b) => a.localeCompare(b)),
    NAMED,
    limit
  )
}
