/**
 * The project's own compact schema of the service's answers, for the routes the emulator
 * serves. Facts taken from the service's published contract (OpenAPI 2.0, `definitions` and
 * each route's `responses`), written in this project's form; the tests never read the contract
 * itself. `interface.md` rules where the two disagree (config location values).
 *
 * A scalar field may be null unless the object lists it as required: the contract's Go models
 * answer null for an unset pointer (recorded real answers show `"tag": null`, `"abort_reason": null`).
 * An object is closed (a field the contract does not have is an error) unless marked open.
 */

import {
  ANY_OBJECT,
  App,
  Artifact,
  ArtifactListItem,
  Build,
  BuildRequest,
  Findings,
  Log,
  MSG,
  MachineTypes,
  Organization,
  Paging,
  Pipeline,
  PipelineListItem,
  STATUS,
  Trigger,
  UserProfile,
  list,
  obj,
  oneOf,
  type Shape
} from './service-shapes.js'

export type { Shape }

/** What a successful answer holds: JSON of a shape, plain text, or nothing. */
export type Body = { json: Shape } | { text: true } | { empty: true }

/** One route the emulator serves, as the contract describes it. */
export interface RouteContract {
  method: string
  /** The emulator's pattern (`emulator/routes/*.ts`). */
  pattern: string
  ok: number
  body: Body
  /** The error statuses the contract lists for the route. */
  errors: readonly number[]
  /** The field of its error model: `message` (StandardErrorRespModel) or `error_msg` (ProxyErrorRespModel). */
  errorField: 'message' | 'error_msg'
}

const STANDARD = [400, 401, 404, 500] as const
const row = (
  method: string,
  pattern: string,
  ok: number,
  body: Body,
  errors: readonly number[] = STANDARD,
  errorField: 'message' | 'error_msg' = 'message'
): RouteContract => ({
  method,
  pattern,
  ok,
  body,
  errors,
  errorField
})
const json = (shape: Shape): Body => ({ json: shape })

/** Every route the emulator serves; a route it serves that is missing here fails the contract test. */
export const CONTRACT: readonly RouteContract[] = [
  row('POST', '/apps/register', 200, json(obj({ slug: 'string', status: 'string' }, ['slug'])), STANDARD, 'error_msg'),
  row('POST', '/apps/:app/register-ssh-key', 200, json(STATUS)),
  row(
    'POST',
    '/apps/:app/finish',
    200,
    json(
      obj({
        branch_name: 'string',
        build_trigger_token: 'string',
        is_webhook_auto_reg_supported: 'boolean',
        status: 'string'
      })
    )
  ),
  row('GET', '/apps', 200, json(obj({ data: list(App), paging: Paging }, ['data']))),
  row('GET', '/organizations/:org/apps', 200, json(obj({ data: list(App), paging: Paging }, ['data']))),
  row('GET', '/users/:user/apps', 200, json(obj({ data: list(App), paging: Paging }, ['data']))),
  row('GET', '/apps/:app', 200, json(obj({ data: App }, ['data']))),
  row('PATCH', '/apps/:app', 200, json(STATUS)),
  row('DELETE', '/apps/:app', 200, json(MSG)),
  row('GET', '/apps/:app/branches', 200, json(obj({ data: list('string') }, ['data']))),
  row('GET', '/apps/:app/service.yml', 200, { text: true }),
  // AppConfigRespModel: a map of strings. The contract lists 500 as ProxyErrorRespModel here; the rest are {message}.
  row('POST', '/apps/:app/service.yml', 200, json({ kind: 'object', fields: {}, required: [], open: true })),
  // Location values as interface.md gives them (`service`, `repository`); the contract's brand name is not used.
  row(
    'GET',
    '/apps/:app/service.yml/config',
    200,
    json(obj({ location: oneOf('service', 'repository') }, ['location']))
  ),
  row('PUT', '/apps/:app/service.yml/config', 204, { empty: true }),
  // 200 also when the text has errors (see the exceptions table); 422 for YAML the emulator cannot read.
  row('POST', '/validate-bitrise-yml', 200, json(Findings), [400, 404, 413, 422]),
  row('PATCH', '/user/:user/apps/machine_types', 200, json(MachineTypes)),
  row('PATCH', '/organizations/:org/apps/machine_types', 200, json(MachineTypes)),
  row('PATCH', '/apps/:app/update-email-notifications', 200, json(MSG)),
  row('GET', '/apps/:app/roles/:role', 200, json(obj({ groups: list('string') }, ['groups'])), [404], 'error_msg'),
  row('PUT', '/apps/:app/roles/:role', 200, json(obj({ groups: list('string') }, ['groups'])), [422], 'error_msg'),
  row(
    'GET',
    '/organizations/:org/groups',
    201,
    json(list(obj({ name: 'string', slug: 'string' }, ['slug']))),
    [401, 403, 404],
    'error_msg'
  ),
  row('POST', '/apps/:app/builds', 201, json(Trigger)),
  row('GET', '/apps/:app/builds/:build', 200, json(obj({ data: Build }, ['data']))),
  // The contract lists no 200 for the log (its schema was lost): see the exceptions table.
  row('GET', '/apps/:app/builds/:build/log', 200, json(Log)),
  // build-bitrise-yml-show: the configuration the build ran with, `text/plain`.
  row('GET', '/apps/:app/builds/:build/service.yml', 200, { text: true }),
  row('POST', '/apps/:app/builds/:build/abort', 200, json(STATUS), [400, 401, 404, 429, 500]),
  row('GET', '/apps/:app/builds', 200, json(obj({ data: list(Build), paging: Paging }, ['data']))),
  // BuildWorkflowListResponseModel: the names of the workflows the app has triggered.
  row('GET', '/apps/:app/build-workflows', 200, json(obj({ data: list('string') }, ['data']))),
  row('GET', '/apps/:app/build-requests', 200, json(obj({ data: list(BuildRequest) }, ['data']))),
  row('PATCH', '/apps/:app/build-requests/:request', 200, json(obj({ data: BuildRequest }))),
  row(
    'GET',
    '/apps/:app/builds/:build/artifacts',
    200,
    json(obj({ data: list(ArtifactListItem), paging: Paging }, ['data']))
  ),
  row('GET', '/apps/:app/builds/:build/artifacts/:artifact', 200, json(obj({ data: Artifact }, ['data']))),
  // artifact-update: ArtifactShowResponseModel, 400, 401, 404 and 500.
  row('PATCH', '/apps/:app/builds/:build/artifacts/:artifact', 200, json(obj({ data: Artifact }, ['data']))),
  // Not in the published contract: the service's API reference ("Get the step summary of a build",
  // 200, 401, 403, 404) and the vendor's MCP server's recorded answer (emulator/docs/build-reports.md).
  row(
    'GET',
    '/apps/:app/builds/:build/log/summary',
    200,
    json(obj({ execution: obj({ workflows: list(ANY_OBJECT) }, ['workflows'], true) }, ['execution'], true)),
    [401, 403, 404]
  ),
  // Not in the published contract: the API reference ("Get the test results of a build"); field
  // names are the emulator's reading (emulator/docs/build-reports.md).
  row(
    'GET',
    '/apps/:app/builds/:build/test-results',
    200,
    json(obj({ test_suites: list(ANY_OBJECT) }, ['test_suites'], true)),
    [400, 401, 403, 404, 502]
  ),
  row('GET', '/apps/:app/pipelines', 200, json(obj({ data: list(PipelineListItem), paging: Paging }, ['data']))),
  row('GET', '/apps/:app/pipelines/:pipeline', 200, json(Pipeline)),
  row('POST', '/apps/:app/pipelines/:pipeline/abort', 200, json(ANY_OBJECT)),
  row('POST', '/apps/:app/pipelines/:pipeline/rebuild', 201, json(ANY_OBJECT), [400, 401, 404, 412, 500]),
  // The contract shows no body for the 200, and only the 404 (as {error_msg}) for a refusal.
  row('GET', '/builds/:build/ai-summary', 200, json(ANY_OBJECT), [404], 'error_msg'),
  // UserProfileRespModel (user-profile): 401 and 404 besides 500.
  row('GET', '/me', 200, json(obj({ data: UserProfile }, ['data'])), [401, 404]),
  // OrganizationRespModel (org-show): 400, 401 and 404 besides 500.
  row('GET', '/organizations/:org', 200, json(obj({ data: Organization }, ['data'])), [400, 401, 404])
]

/** Where `value` departs from `shape`, as `path: problem` lines (none when it fits). */
export function shapeProblems(value: unknown, shape: Shape, path = '$', required = true): string[] {
  if (value === null || value === undefined) return required ? [`${path}: missing or null`] : []
  if (shape === 'any') return []
  if (shape === 'string') return typeof value === 'string' ? [] : [`${path}: ${JSON.stringify(value)} is not a string`]
  if (shape === 'integer') return Number.isInteger(value) ? [] : [`${path}: ${JSON.stringify(value)} is not an integer`]
  if (shape === 'boolean')
    return typeof value === 'boolean' ? [] : [`${path}: ${JSON.stringify(value)} is not a boolean`]
  if (shape.kind === 'enum')
    return shape.values.includes(value as string)
      ? []
      : [`${path}: ${JSON.stringify(value)} is not one of ${shape.values.join(', ')}`]
  if (shape.kind === 'list') {
    if (!Array.isArray(value)) return [`${path}: not a list`]
    return value.flatMap((item, index) => shapeProblems(item, shape.item, `${path}[${index}]`))
  }
  if (typeof value !== 'object' || Array.isArray(value)) return [`${path}: not an object`]
  const record = value as Record<string, unknown>
  const problems = Object.entries(shape.fields).flatMap(([name, field]) =>
    shapeProblems(record[name], field, `${path}.${name}`, shape.required.includes(name))
  )
  if (!shape.open)
    problems.push(
      ...Object.keys(record)
        .filter((name) => !(name in shape.fields))
        .map((name) => `${path}.${name}: a field the contract does not have`)
    )
  return problems
}
