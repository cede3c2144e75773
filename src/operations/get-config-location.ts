/** operation: get-config-location — where the service reads the app's service.yml. */
import { getConfigLocation as read } from '../api/config.js'
import { Input, Output } from '../constants.js'
import { requiredSlug, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

export const getConfigLocation = defineOperation<{ appSlug: string }>({
  name: 'get-config-location',
  role: 'Admin access',
  writes: false,
  inputs: [Input.appSlug],
  required: [Input.appSlug],
  outputs: [Output.location, Output.response],
  read: (get: GetInput) => ({ appSlug: requiredSlug(get, Input.appSlug) }),
  run: runGetConfigLocation
})

async function runGetConfigLocation({ appSlug }: { appSlug: string }, ctx: HandlerContext): Promise<void> {
  const { location, response } = await read(ctx.client, appSlug)
  ctx.output(Output.location, location)
  ctx.output(Output.response, response)
  ctx.info(`The service reads the service.yml of ${appSlug} from: ${location}`)
  ctx.summary({
    heading: `service.yml location of ${appSlug}`,
    lead: { mark: 'success', result: `service.yml from ${location}`, subject: [appSlug] },
    facts: [['Location', location]]
  })
}
