/** The configuration check: POST /validate-bitrise-yml, with an optional `app_slug` in the query. */
import { badRequest } from '../http/errors.js'
import type { Reply } from '../http/io.js'
import type { ApiRoute, RequestContext } from '../http/router.js'
import type { Access } from '../model/access.js'
import { isObject } from '../model/types.js'

/**
 * The text to check: `bitrise_yml` of a JSON body, as the official CLI and MCP server send it.
 * The contract also lets the YAML come as the whole body (YAML or plain text content types).
 */
function configText(ctx: RequestContext): string {
  const body = ctx.body
  const text = isObject(body) ? body.bitrise_yml : typeof body === 'string' ? body : undefined
  if (typeof text !== 'string' || text.trim() === '')
    throw badRequest('bitrise_yml is required and must be the configuration as a non-empty string')
  return text
}

function validate(ctx: RequestContext): Reply {
  const appSlug = ctx.query.get('app_slug') || undefined
  const { errors, warnings } = ctx.model.validateConfig(ctx.user, appSlug, configText(ctx))
  return { status: 200, json: { errors, warnings } }
}

const CALLER_OR_APP_ROLE: Access = {
  kind: 'caller',
  rule: 'any caller; with `app_slug`, any role on that app (404 otherwise)'
}

export const validationRoutes: ApiRoute[] = [
  { method: 'POST', pattern: '/validate-bitrise-yml', access: CALLER_OR_APP_ROLE, handler: validate }
]
