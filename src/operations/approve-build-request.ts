/** operation: approve-build-request — approves (the held build starts) or rejects an open build request. */
import { decideBuildRequest } from '../api/build-requests.js'
import { Input, Output } from '../constants.js'
import { InputError } from '../errors.js'
import { optionalBoolean, requiredSlug, type GetInput } from '../input-readers.js'
import type { HandlerContext } from './context.js'
import { defineOperation } from './operation.js'

interface ApproveInputs {
  appSlug: string
  requestSlug: string
  approve: boolean
}

function readApprove(get: GetInput): ApproveInputs {
  const appSlug = requiredSlug(get, Input.appSlug)
  const requestSlug = requiredSlug(get, Input.buildRequestSlug)
  // Rejecting by accident would be as costly as approving by accident: the choice is never implied.
  const approve = optionalBoolean(get, Input.approve)
  if (approve === undefined) throw new InputError(Input.approve, 'is required: true approves the build request, false rejects it')
  return { appSlug, requestSlug, approve }
}

export const approveBuildRequest = defineOperation<ApproveInputs>({
  name: 'approve-build-request',
  role: 'Owner, Admin or Developer',
  inputs: [Input.appSlug, Input.buildRequestSlug, Input.approve],
  outputs: [Output.response],
  read: readApprove,
  run: async ({ appSlug, requestSlug, approve }: ApproveInputs, ctx: HandlerContext) => {
    const response = await decideBuildRequest(ctx.client, appSlug, requestSlug, approve)
    ctx.output(Output.response, response)
    const done = approve ? 'Approved' : 'Rejected'
    ctx.info(`${done} build request ${requestSlug} of ${appSlug}${approve ? ': its build starts' : ''}`)
    ctx.summary({ heading: `${done} build request ${requestSlug} on ${appSlug}`, facts: [['Build request', requestSlug], ['Decision', approve ? 'approved' : 'rejected']] })
  }
})
