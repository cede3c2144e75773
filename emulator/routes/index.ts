/** The API's route table, and the role table of emulator/docs/access.md written from it. */
import { describeAccess } from '../model/access.js'
import type { ApiRoute } from '../http/router.js'
import { accountRoutes } from './account.js'
import { aiSummaryRoutes } from './ai-summary.js'
import { appRoutes } from './apps.js'
import { buildRequestRoutes } from './build-requests.js'
import { artifactRoutes } from './artifacts.js'
import { buildRoutes } from './builds.js'
import { buildReportRoutes } from './build-reports.js'
import { configRoutes } from './config.js'
import { pipelineRoutes } from './pipelines.js'
import { roleRoutes } from './roles.js'
import { validationRoutes } from './validation.js'

/** Every endpoint the emulator serves under the API prefix. */
export const API_ROUTES: readonly ApiRoute[] = [
  ...appRoutes,
  ...configRoutes,
  ...validationRoutes,
  ...roleRoutes,
  ...buildRoutes,
  ...buildRequestRoutes,
  ...artifactRoutes,
  ...buildReportRoutes,
  ...pipelineRoutes,
  ...aiSummaryRoutes,
  ...accountRoutes
]

const PLACEHOLDERS: Record<string, string> = {
  app: '{app-slug}',
  build: '{build-slug}',
  org: '{org-slug}',
  user: '{user-slug}',
  role: '{role-name}',
  request: '{build-request-slug}',
  artifact: '{artifact-slug}',
  pipeline: '{pipeline-id}'
}

/** A route pattern in the interface's notation: `/apps/:app` becomes `/apps/{app-slug}`. */
export function interfacePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => PLACEHOLDERS[name] ?? `{${name}}`)
}

/** The Markdown table of endpoints and the rule each applies, as emulator/docs/access.md shows it. */
export function accessTableMarkdown(routes: readonly ApiRoute[] = API_ROUTES): string {
  const rows = routes.map(
    (route) => `| ${route.method} | \`${interfacePath(route.pattern)}\` | ${describeAccess(route.access)} |`
  )
  return ['| method | path | who may call it |', '|---|---|---|', ...rows].join('\n')
}
