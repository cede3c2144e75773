/** The runner's files a step writes to, checked before anything is sent. */
import { statSync } from 'node:fs'
import { quote } from '../safe-text.js'

/**
 * Why a runner file the step writes to is unusable, or undefined. Checked first: a
 * missing output file would otherwise fail the step only after its call had been sent.
 */
export function missingRunnerFile(env: NodeJS.ProcessEnv): string | undefined {
  for (const name of ['GITHUB_OUTPUT', 'GITHUB_STATE']) {
    const path = env[name]
    if (!path) continue
    let kind: 'missing' | 'folder' | undefined
    try {
      if (statSync(path).isDirectory()) kind = 'folder'
    } catch {
      kind = 'missing'
    }
    if (kind) {
      return (
        `${name} is set to ${quote(path)}, but ${kind === 'missing' ? 'no file exists there' : 'that is a folder, not a file'}: ` +
        `the step could not write its ${name === 'GITHUB_OUTPUT' ? 'outputs' : 'state'}. The runner creates this file for every step; ` +
        `outside the runner, create the file or unset ${name}. Nothing was sent to the service.`
      )
    }
  }
  return undefined
}
