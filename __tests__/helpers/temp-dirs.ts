/**
 * The temporary folders of a test file: each one made here is removed after the file's tests,
 * whatever they did, so a run leaves nothing in the machine's temporary folder. The lint refuses
 * mkdtemp in the tests but here and in the files that remove their own (eslint.config.js).
 */
import { afterAll } from '@jest/globals'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const made = new Set<string>()

/** A new folder in the temporary folder, its name starting with `prefix`; removed after the file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.add(dir)
  return dir
}

/** Removes every folder tempDir made that is still there; returns how many it removed. */
export function removeTempDirs(): number {
  let removed = 0
  for (const dir of made) {
    if (existsSync(dir)) removed++
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 })
  }
  made.clear()
  return removed
}

// Registered when a test file first imports this module, so it runs after that file's tests.
afterAll(() => {
  removeTempDirs()
})
