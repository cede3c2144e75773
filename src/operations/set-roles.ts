/** operation: set-roles — replaces the Workspace groups holding a role on an app's team. */
import { setRoles as write } from '../api/roles.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { booleanFlag, checkSlug, stringList, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'
import { readRoleInputs, rolesSection, type RoleInputs } from './team-roles.js'

export interface SetRolesInputs extends RoleInputs {
  groups: string[]
}

export const setRoles = defineOperation<SetRolesInputs>({
  name: 'set-roles',
  role: 'a role permitted to manage team roles (not specified by the interface)',
  writes: true,
  inputs: [Input.appSlug, Input.role, Input.groups, Input.allowEmptyGroups],
  required: [Input.appSlug, Input.role],
  outputs: [Output.groups, Output.response],
  read: readSetRoles,
  run: runSetRoles
})

function readSetRoles(get: GetInput): SetRolesInputs {
  const { appSlug, role } = readRoleInputs(get)
  const groups = stringList(get, Input.groups).map((group) => checkSlug(Input.groups, group))
  if (groups.length === 0 && !booleanFlag(get, Input.allowEmptyGroups, false)) {
    throw new InputError(
      Input.groups,
      `is empty, which would remove every group from the ${role} role; list the group slugs, or set ${Input.allowEmptyGroups}: true to remove them all`
    )
  }
  return { appSlug, role, groups: [...new Set(groups)] }
}

async function runSetRoles(inputs: SetRolesInputs, ctx: HandlerContext): Promise<void> {
  const { groups, response } = await write(ctx.client, inputs.appSlug, inputs.role, inputs.groups)
  ctx.output(Output.groups, groups)
  ctx.output(Output.response, response || undefined)
  ctx.info(`Set the ${inputs.role} role on ${inputs.appSlug} to: ${groups.length > 0 ? groups.join(', ') : 'no group'}`)
  ctx.summary(rolesSection(inputs, groups, 'set'))
}
