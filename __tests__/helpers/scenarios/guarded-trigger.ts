/**
 * A waited trigger run as the runner runs it under the loopback guard (loopback-guard.mjs), which
 * writes to a log every address off this machine the step was about to reach: the replay tests'
 * step against an emulator answering from a trace.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { randomSlug, randomToken } from '../random.js'
import { runAction, type RunResult } from '../run-action.js'

export const GUARD = pathToFileURL(resolve('__tests__/helpers/loopback-guard.mjs')).href

/** A waited trigger of a random app with a random token against `url`, the guard logging to `log` (emptied first). */
export function guardedTrigger(url: string, log: string): Promise<RunResult> {
  writeFileSync(log, '')
  return runAction(
    {
      operation: 'trigger',
      token: randomToken(),
      'base-url': url,
      'app-slug': randomSlug('app-'),
      'from-event': 'false',
      branch: 'main',
      workflow: 'primary',
      'branch-repo-owner': 'acme',
      'branch-dest-repo-owner': 'acme',
      wait: 'true',
      'poll-interval': '0.1'
    },
    { env: { NODE_OPTIONS: `--import ${GUARD}`, LOOPBACK_GUARD_LOG: log } }
  )
}
