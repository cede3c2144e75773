import * as core from '../runner.js'
import type { ApiClient } from '../client.js'
import { Output } from '../constants.js'
import type { NotificationInputs } from '../inputs.js'
import type { HandlerContext } from './context.js'
import { appPath } from './paths.js'

/** Sets only the given email notification settings; repeating it has the effect of once. */
export async function setEmailNotifications(client: ApiClient, inputs: NotificationInputs): Promise<{ response: string }> {
  const body = {
    ...(inputs.onSuccess ? { on_success: inputs.onSuccess } : {}),
    ...(inputs.onFailure ? { on_failure: inputs.onFailure } : {})
  }
  const res = await client.patch<unknown>(appPath(inputs.appSlug, 'update-email-notifications'), body, { retry: 'idempotent' })
  return { response: res.text }
}

/** operation: set-email-notifications */
export async function runSetEmailNotifications(inputs: NotificationInputs, ctx: HandlerContext): Promise<void> {
  const { response } = await setEmailNotifications(ctx.client, inputs)
  ctx.report.output(Output.response, response || undefined)
  core.info(`Updated the email notifications of ${inputs.appSlug}`)
  ctx.report.summary({
    heading: `Email notifications of ${inputs.appSlug} updated`,
    facts: [
      ['On success', inputs.onSuccess ?? 'unchanged'],
      ['On failure', inputs.onFailure ?? 'unchanged']
    ]
  })
}
