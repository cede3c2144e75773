/** Runs once after the last test file: removes the run's build of the test hooks (see global-setup.js). */
import { rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { HOOKS_BUNDLE } from './bundle.js'

export default function globalTeardown() {
  rmSync(dirname(HOOKS_BUNDLE), { recursive: true, force: true })
}
