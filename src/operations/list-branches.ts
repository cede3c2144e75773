/** operation: list-branches — the branches of an app's repository. */
import { listBranches as list } from '../api/apps.js'
import { Input, Output } from '../constants.js'
import { requiredSlug, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

/** Most rows a summary table shows; the outputs always hold everything. */
const SUMMARY_ROWS = 100

export const listBranches = defineOperation<{ appSlug: string }>({
  name: 'list-branches',
  role: 'any role on the app team',
  writes: false,
  inputs: [Input.appSlug],
  required: [Input.appSlug],
  outputs: [Output.branches, Output.response],
  read: (get: GetInput) => ({ appSlug: requiredSlug(get, Input.appSlug) }),
  run: runListBranches
})

async function runListBranches({ appSlug }: { appSlug: string }, ctx: HandlerContext): Promise<void> {
  const { branches, response } = await list(ctx.client, appSlug)
  ctx.output(Output.branches, branches)
  ctx.output(Output.response, response)
  ctx.info(`App ${appSlug} has ${branches.length} branch(es)`)
  const shown = branches.slice(0, SUMMARY_ROWS)
  ctx.summary({
    heading: `Branches of ${appSlug}`,
    lead: { mark: 'success', result: `${branches.length} branch(es)`, subject: [appSlug] },
    lines: [
      `${branches.length} branch(es).`,
      ...(branches.length > shown.length ? [`The table shows the first ${shown.length}.`] : [])
    ],
    table: shown.length > 0 ? [['Branch'], ...shown.map((name) => [name])] : undefined
  })
}
