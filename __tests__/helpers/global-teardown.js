/** Runs once after the last test file: removes the run's scaled-clock bundle (see global-setup.js). */
import { rmSync } from 'node:fs'

export default function globalTeardown() {
  const shared = process.env.TEST_SCALED_CLOCK_DIR
  if (!shared) return
  rmSync(shared, { recursive: true, force: true })
  rmSync(`${shared}.lock`, { recursive: true, force: true })
}
