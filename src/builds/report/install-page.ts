/**
 * The app to install: with install-page (a glob of artifact names), a successful build's
 * matching artifacts get their public install page turned on, and each page's link goes to the
 * comment, the check run, the job summary and the install-page-urls output. Anyone with such a
 * link can install the app, so the trigger asks for it only for a build it trusts (never a fork
 * pull request's, unless approved through the approval hold).
 */
import { enablePublicPage, listArtifacts, type ListedArtifact } from '../../api/artifacts.js'
import { Input, Output } from '../../constants.js'
import { matchesName, readNameGlobs } from '../../inputs/name-globs.js'
import type { GetInput } from '../../inputs/readers.js'
import type { HandlerContext } from '../../step/context.js'
import type { SummarySection } from '../../summary/section.js'
import { escape } from '../../summary/text.js'

export { matchesName }

/** One install page opened: the artifact's title and the page's link. */
export interface InstallPage {
  title: string
  url: string
}

/** Pages opened at most: an app has a few installable files, and each is one call. */
export const MAX_INSTALL_PAGES = 20

/** The patterns of install-page, one per line or comma; none when empty (off). */
export function readInstallPage(get: GetInput): string[] {
  return readNameGlobs(get, Input.installPage)
}

/** Turns on the install page of each matching artifact of the build; a failure is a warning, never the step's. */
export async function openInstallPages(
  appSlug: string,
  buildSlug: string,
  patterns: string[],
  ctx: HandlerContext
): Promise<InstallPage[]> {
  const pages: InstallPage[] = []
  try {
    // Only the first matches are kept, page by page: the build's list itself is never held.
    const matching: ListedArtifact[] = []
    await listArtifacts(
      ctx.client,
      appSlug,
      buildSlug,
      (page) => {
        for (const a of page)
          if (matching.length < MAX_INSTALL_PAGES && patterns.some((p) => matchesName(a.title, p))) matching.push(a)
      },
      ctx.signal
    )
    if (matching.length === 0)
      ctx.notice(`${Input.installPage}: no artifact of build ${buildSlug} matches, so no install page was opened.`)
    for (const artifact of matching) {
      const page = await enablePublicPage(ctx.client, appSlug, buildSlug, artifact.slug, ctx.signal)
      if (page.installPageUrl) pages.push({ title: artifact.title, url: page.installPageUrl })
      else
        ctx.warning(`${Input.installPage}: the service opened no install page for an artifact of build ${buildSlug}.`)
    }
  } catch (error) {
    if (ctx.signal.aborted) throw error
    ctx.warning(
      `${Input.installPage}: the install pages of build ${buildSlug} could not be opened: ${(error as Error).message}`
    )
  }
  return pages
}

/** The pages as Markdown for the comment and the check run: the action's own links, each titled by its artifact, escaped. */
export function installPagesMarkdown(pages: InstallPage[]): string {
  if (pages.length === 0) return ''
  const rows = pages
    .filter((page) => /^https?:\/\/[^\s"'<>()]+$/.test(page.url))
    .map((page) => `- [${escape(page.title, 100)}](${page.url})`)
  return ['**Install the app** (anyone with a link can install it):', ...rows].join('\n')
}

/** The pages in the step's output and job summary. */
export function reportInstallPages(pages: InstallPage[], ctx: HandlerContext): void {
  ctx.output(Output.installPageUrls, pages)
  if (pages.length === 0) return
  const section: SummarySection = {
    heading: `Install the app: ${pages.length} page(s)`,
    table: [['Artifact', 'Install page'], ...pages.map((page) => [page.title, { text: page.url, href: page.url }])],
    note: 'Anyone with one of these links can install the app; turn a page off on the service (the artifact in the build page).'
  }
  ctx.summary(section)
}
