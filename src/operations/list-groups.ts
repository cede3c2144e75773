/** operation: list-groups — a Workspace's groups, whose slugs set-roles takes. */
import { listGroups as list } from '../api/roles.js'
import { Input, Output } from '../constants.js'
import { requiredSlug, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

export const listGroups = defineOperation<{ orgSlug: string }>({
  name: 'list-groups',
  role: 'membership of the Workspace',
  writes: false,
  inputs: [Input.orgSlug],
  required: [Input.orgSlug],
  outputs: [Output.groups, Output.groupSlugs, Output.response],
  read: (get: GetInput) => ({ orgSlug: requiredSlug(get, Input.orgSlug) }),
  run: runListGroups
})

async function runListGroups({ orgSlug }: { orgSlug: string }, ctx: HandlerContext): Promise<void> {
  const { groups, response } = await list(ctx.client, orgSlug)
  ctx.output(Output.groups, groups)
  ctx.output(
    Output.groupSlugs,
    groups.map((group) => group.slug)
  )
  ctx.output(Output.response, response)
  ctx.info(`Workspace ${orgSlug} has ${groups.length} group(s)`)
  ctx.summary({
    heading: `Groups of Workspace ${orgSlug}`,
    lead: { mark: 'success', result: `${groups.length} group(s)`, subject: [`Workspace ${orgSlug}`] },
    lines: [`${groups.length} group(s).`],
    table: groups.length > 0 ? [['Slug', 'Name'], ...groups.map((group) => [group.slug, group.name ?? ''])] : undefined
  })
}
