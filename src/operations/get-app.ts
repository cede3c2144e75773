/** operation: get-app — reads one app. */
import { appFacts, getApp as get } from '../api/apps.js'
import { Input, Output } from '../constants.js'
import { requiredSlug, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

export const getApp = defineOperation<{ appSlug: string }>({
  name: 'get-app',
  role: 'any role on the app team',
  writes: false,
  inputs: [Input.appSlug],
  required: [Input.appSlug],
  outputs: [Output.app, Output.title, Output.repoUrl, Output.projectType, Output.response],
  read: (input: GetInput) => ({ appSlug: requiredSlug(input, Input.appSlug) }),
  run: runGetApp
})

async function runGetApp({ appSlug }: { appSlug: string }, ctx: HandlerContext): Promise<void> {
  const { app, response } = await get(ctx.client, appSlug)
  const facts = appFacts(app)
  ctx.output(Output.app, app)
  ctx.output(Output.title, facts.title)
  ctx.output(Output.repoUrl, facts.repoUrl)
  ctx.output(Output.projectType, facts.projectType)
  ctx.output(Output.response, response)
  ctx.summary({
    heading: `App ${appSlug}`,
    lead: { mark: 'success', result: 'Read', subject: [appSlug] },
    facts: [
      ['Title', facts.title],
      ['Project type', facts.projectType],
      ['Repository', facts.repoUrl],
      ['Provider', facts.provider],
      ['Owner', facts.ownerSlug],
      ['Public', facts.isPublic],
      ['Disabled', facts.isDisabled]
    ]
  })
}
