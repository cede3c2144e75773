/**
 * The build list's filters are the action's words (pullRequestId); the query the service is sent
 * names them as the service does (pull_request_id), in the order the feature gave them, with the
 * values as given, and the page parameters after them.
 */
import { describe, expect, it } from '@jest/globals'
import { listBuilds, type BuildListFilters } from '../../../src/api/build-list.js'
import { fakeClient } from '../fake-client.js'
import { random, randomInt, randomSlug } from '../../helpers/random.js'

const SERVICE_NAME: Record<keyof BuildListFilters, string> = {
  workflow: 'workflow',
  branch: 'branch',
  pullRequestId: 'pull_request_id',
  status: 'status'
}

function drawFilters(): BuildListFilters {
  const draws: Array<[keyof BuildListFilters, string | number]> = [
    ['status', randomInt(0, 5)],
    ['workflow', randomSlug('wf-')],
    ['branch', `feature/${randomSlug()}`],
    ['pullRequestId', randomInt(1, 100_000)]
  ]
  // Any order, any subset: the features give them in several orders.
  for (let i = draws.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[draws[i], draws[j]] = [draws[j], draws[i]]
  }
  return Object.fromEntries(draws.filter(() => random() < 0.7)) as BuildListFilters
}

describe('listBuilds', () => {
  it('sends each filter under the service name, in the order given', async () => {
    for (let draw = 0; draw < 20; draw++) {
      const filters = drawFilters()
      const client = fakeClient({ 'GET /apps/app-1/builds': { body: { data: [], paging: {} } } })
      await listBuilds(client, 'app-1', filters)
      expect(client.calls).toHaveLength(1)
      const query = client.calls[0].query ?? {}
      const sent = Object.entries(query).filter(([key]) => key !== 'limit' && key !== 'next')
      const expected = Object.entries(filters).map(([key, value]) => [
        SERVICE_NAME[key as keyof BuildListFilters],
        value
      ])
      expect(sent).toEqual(expected)
    }
  })
})
