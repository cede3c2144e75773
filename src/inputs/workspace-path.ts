import { lstatSync, realpathSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { quote } from '../safe-text.js'

/** A path checked to stay inside the workspace, or why it does not. */
export type WorkspacePath =
  | {
      ok: true
      /** The path as the workspace names it. */ full: string
      /** The same file with every symbolic link resolved: the one to read or write. */ real: string
    }
  | { ok: false; reason: 'outside' | 'link-outside' | 'broken-link'; real?: string }

/**
 * Resolves `given` against the workspace and checks that it stays inside, both as
 * written and after following the symbolic links of the part of it that exists (a
 * link in the workspace may point anywhere on the runner).
 */
export function resolveInWorkspace(workspace: string, given: string): WorkspacePath {
  const root = resolve(workspace)
  const full = resolve(root, given)
  if (!strictlyInside(root, full)) return { ok: false, reason: 'outside' }
  const realRoot = realPath(root)
  const real = realPath(full)
  if (real === undefined || realRoot === undefined) return { ok: false, reason: 'broken-link' }
  if (!strictlyInside(realRoot, real)) return { ok: false, reason: 'link-outside', real }
  return { ok: true, full, real }
}

/** Why a path was refused, in words, for an error naming the input. */
export function describeWorkspacePathProblem(
  given: string,
  workspace: string,
  problem: Extract<WorkspacePath, { ok: false }>
): string {
  switch (problem.reason) {
    case 'outside':
      return `${quote(given)} points outside the workspace ${quote(workspace)}; give a path inside it`
    case 'link-outside':
      return `${quote(given)} leads outside the workspace ${quote(workspace)} through a symbolic link (to ${quote(problem.real ?? '')}); give a path whose folders and file stay inside it`
    case 'broken-link':
      return `${quote(given)} goes through a symbolic link that points to nothing or in a loop; give a path inside the workspace ${quote(workspace)} without it`
  }
}

function strictlyInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

/**
 * The real path of `path`: the longest part that exists, with its links resolved,
 * then the rest as written. Undefined when that part goes through a link that
 * points to nothing, or in a loop; writing there would create the link's target.
 */
function realPath(path: string): string | undefined {
  const missing: string[] = []
  let existing = path
  for (;;) {
    try {
      lstatSync(existing)
      break
    } catch {
      const parent = dirname(existing)
      if (parent === existing) return undefined
      missing.unshift(basename(existing))
      existing = parent
    }
  }
  try {
    return join(realpathSync(existing), ...missing)
  } catch {
    return undefined
  }
}
