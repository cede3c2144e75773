/** Every Markdown page of the repository, as the documentation tests read them. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Folders that hold no page of the project: installed packages, bundles, results, git's own. */
const NOT_PAGES = new Set(['.git', 'node_modules', 'dist', 'dev-dist', 'coverage', 'results', '.cache'])

/** The repository-relative path of every `.md` file under `root`, sorted, those folders left out. */
export function markdownPaths(root = '.', dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`
      if (entry.isDirectory()) return NOT_PAGES.has(entry.name) ? [] : markdownPaths(root, path)
      return entry.isFile() && entry.name.endsWith('.md') ? [path] : []
    })
}

/** Every Markdown page of the repository by path. */
export function markdownPages(root = '.'): Record<string, string> {
  return Object.fromEntries(markdownPaths(root).map((path) => [path, readFileSync(join(root, path), 'utf8')]))
}
