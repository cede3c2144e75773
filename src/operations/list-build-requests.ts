/** operation: list-build-requests — the open build requests of an app (held fork pull request builds). */
import { buildRequestOutput, listBuildRequests as list } from '../api/build-requests.js'
import { Input, Output } from '../constants.js'
import { requiredSlug, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

/** Most rows a summary table shows; the outputs always hold everything. */
const SUMMARY_ROWS = 100

export const listBuildRequests = defineOperation<{ appSlug: string }>({
  name: 'list-build-requests',
  role: 'any role on the app team',
  writes: false,
  inputs: [Input.appSlug],
  required: [Input.appSlug],
  outputs: [Output.buildRequests, Output.count, Output.response],
  read: (get: GetInput) => ({ appSlug: requiredSlug(get, Input.appSlug) }),
  run: runList
})

async function runList({ appSlug }: { appSlug: string }, ctx: HandlerContext): Promise<void> {
  const { requests, response } = await list(ctx.client, appSlug)
  ctx.output(Output.buildRequests, requests.map(buildRequestOutput))
  ctx.output(Output.count, requests.length)
  ctx.output(Output.response, response)
  ctx.info(`App ${appSlug} has ${requests.length} open build request(s)`)
  const shown = requests.slice(0, SUMMARY_ROWS)
  ctx.summary({
    heading: `Open build requests of ${appSlug}`,
    lead: { mark: 'success', result: `${requests.length} open build request(s)`, subject: [appSlug] },
    lines: [
      `${requests.length} open build request(s).`,
      ...(requests.length > shown.length ? [`The table shows the first ${shown.length}.`] : [])
    ],
    table:
      shown.length > 0
        ? [
            ['Build request', 'Pull request', 'Created'],
            ...shown.map((r) => [r.slug, r.pullRequestUrl ?? '', r.createdAt ?? ''])
          ]
        : undefined
  })
}
