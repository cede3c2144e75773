/** operation: delete-app — deletes an app for good, once the confirm input repeats its slug. */
import { deleteApp as remove } from '../api/apps.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../inputs/input-error.js'
import { quote } from '../safe-text.js'
import { requiredSlug, type GetInput } from '../inputs/readers.js'
import type { HandlerContext } from '../step/context.js'
import { defineOperation } from './operation.js'

export const deleteApp = defineOperation<{ appSlug: string }>({
  name: 'delete-app',
  role: "Owner (the service's documentation: only Owners delete an app; the interface does not say)",
  writes: true,
  inputs: [Input.appSlug, Input.confirm],
  required: [Input.appSlug, Input.confirm],
  outputs: [Output.response],
  read: readConfirmed,
  run: runDeleteApp
})

function readConfirmed(get: GetInput): { appSlug: string } {
  const appSlug = requiredSlug(get, Input.appSlug)
  const confirm = get(Input.confirm)
  if (confirm !== appSlug) {
    throw new InputError(
      Input.confirm,
      `must repeat the app slug ${quote(appSlug)} to delete the app (deletion cannot be undone); got ${confirm === '' ? 'nothing' : quote(confirm)}`
    )
  }
  return { appSlug }
}

async function runDeleteApp({ appSlug }: { appSlug: string }, ctx: HandlerContext): Promise<void> {
  const { response, byEarlierAttempt } = await remove(ctx.client, appSlug)
  ctx.output(Output.response, response || undefined)
  const lines = ['The app was deleted; this cannot be undone.']
  if (byEarlierAttempt) {
    lines.push(
      'The first delete request took effect but its answer was lost; the retry found no app (404), and reading the app back confirmed it is gone.'
    )
  }
  ctx.info(`Deleted app ${appSlug}${byEarlierAttempt ? `: ${lines[1]}` : ''}`)
  ctx.summary({
    heading: `App ${appSlug} deleted`,
    lead: { mark: 'success', result: 'Deleted', subject: [appSlug] },
    lines
  })
}
