/** operation: get-roles — the Workspace groups holding a role on an app's team. */
import { getRoles as read } from '../api/roles.js'
import { Input, Output } from '../constants.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'
import { readRoleInputs, rolesSection, type RoleInputs } from './team-roles.js'

export const getRoles = defineOperation<RoleInputs>({
  name: 'get-roles',
  role: 'a role permitted to manage team roles (not specified by the interface)',
  writes: false,
  inputs: [Input.appSlug, Input.role],
  required: [Input.appSlug, Input.role],
  outputs: [Output.groups, Output.response],
  read: readRoleInputs,
  run: runGetRoles
})

async function runGetRoles(inputs: RoleInputs, ctx: HandlerContext): Promise<void> {
  const { groups, response } = await read(ctx.client, inputs.appSlug, inputs.role)
  ctx.output(Output.groups, groups)
  ctx.output(Output.response, response)
  ctx.info(`${groups.length} group(s) hold the ${inputs.role} role on ${inputs.appSlug}`)
  ctx.summary(rolesSection(inputs, groups))
}
