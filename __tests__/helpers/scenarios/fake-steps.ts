/**
 * A step run as the runner runs it against a fake service (fake-service.ts), for app-1: the
 * inputs every such test gives (operation, token, base URL, app) written once, so a test spells
 * out only what it is about.
 */
import type { FakeService } from '../fake-service.js'
import { runAction, type RunOptions, type RunResult } from '../run-action.js'
import { TOKEN } from '../secrets.js'

/** `operation` on `service` for app-1 with the shared token; `inputs` add to or replace those. */
export function fakeStep(
  service: Pick<FakeService, 'url'>,
  operation: string,
  inputs: Record<string, string> = {},
  options: RunOptions = {}
): Promise<RunResult> {
  return runAction({ operation, token: TOKEN, 'base-url': service.url, 'app-slug': 'app-1', ...inputs }, options)
}

/** A trigger on main with the event left out (`from-event: false`), as most fake-service triggers run. */
export function fakeTriggerOnMain(
  service: Pick<FakeService, 'url'>,
  inputs: Record<string, string> = {},
  options: RunOptions = {}
): Promise<RunResult> {
  return fakeStep(service, 'trigger', { branch: 'main', 'from-event': 'false', ...inputs }, options)
}
