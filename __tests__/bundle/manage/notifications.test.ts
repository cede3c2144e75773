/** set-email-notifications, run from dist/index.js against the fake service. */
import { expect, it } from '@jest/globals'
import { fakeServices, type FakeService } from '../../helpers/fake-service.js'
import { expectSuccess, runOperation, sent } from '../../helpers/scenarios/operation-steps.js'

const serve = fakeServices()
let service: FakeService | undefined

it.each<{ given: Record<string, string>; body: Record<string, string> }>([
  { given: { 'on-failure': 'never' }, body: { on_failure: 'never' } },
  { given: { 'on-success': 'always' }, body: { on_success: 'always' } },
  { given: { 'on-success': 'change', 'on-failure': 'always' }, body: { on_success: 'change', on_failure: 'always' } }
])('set-email-notifications sends only the given settings: $body', async ({ given, body }) => {
  service = await serve({ 'PATCH /apps/app-1/update-email-notifications': { body: { msg: 'ok' } } })
  const result = await runOperation(service, 'set-email-notifications', { 'app-slug': 'app-1', ...given })
  expectSuccess(result)
  expect(sent(service.requests)).toEqual([
    { method: 'PATCH', path: '/apps/app-1/update-email-notifications', query: {}, body }
  ])
  expect(result.outputs.response).toBe('{"msg":"ok"}')
  expect(result.summary).toContain('Updated \u00b7 app-1 \u00b7 email notifications')
})

it('set-email-notifications is retried after a 502, since setting the same values twice changes nothing', async () => {
  service = await serve({ 'PATCH /apps/app-1/update-email-notifications': [{ status: 502 }, { body: { msg: 'ok' } }] })
  const result = await runOperation(service, 'set-email-notifications', { 'app-slug': 'app-1', 'on-failure': 'change' })
  expectSuccess(result)
  expect(service.requests).toHaveLength(2)
})
