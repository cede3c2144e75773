/** Inputs that name artifacts by globs (install-page, test-report-artifacts): read alike, matched alike. */
import type { InputName } from '../constants.js'
import { InputError } from './input-error.js'
import type { GetInput } from './readers.js'

/** The patterns of an input, one per line or comma; none when empty (off). */
export function readNameGlobs(get: GetInput, input: InputName): string[] {
  const patterns = get(input)
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
  for (const pattern of patterns)
    if (pattern.length > 200) throw new InputError(input, 'a pattern is longer than 200 characters')
  return patterns
}

/** Whether an artifact's name matches a pattern: `*` any run of characters, `?` one, the rest as written. */
export function matchesName(name: string, pattern: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^${source}$`, 's').test(name)
}
