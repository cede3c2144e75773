/**
 * The runner's output and state files, set in the environment but absent (or a folder):
 * the step must stop before sending anything and say which variable and path are wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { fakeServices, type FakeService } from '../../helpers/fake-service.js'
import { randomString } from '../../helpers/random.js'
import { errorLine } from '../../helpers/run-action.js'
import { expectNoSecrets, TOKEN } from '../../helpers/secrets.js'
import { fakeTriggerOnMain } from '../../helpers/scenarios/fake-steps.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const serve = fakeServices('suite')
let service: FakeService
let dir: string
beforeAll(async () => {
  dir = tempDir('runner-files-')
  service = await serve({
    'POST /apps/app-1/builds': { status: 201, body: { results: [{ build_slug: 'b-1', build_number: 1 }] } }
  })
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.each(['GITHUB_OUTPUT', 'GITHUB_STATE'])('%s', (variable) => {
  it.each<{ what: string; path: () => string; says: string }>([
    {
      what: 'names a file that does not exist',
      path: () => join(dir, `gone-${randomString(8)}`, 'file'),
      says: 'no file exists there'
    },
    { what: 'names a folder', path: () => dir, says: 'that is a folder, not a file' }
  ])('$what: the step fails naming the variable and the path, and sends nothing', async ({ path, says }) => {
    const given = path()
    const before = service.requests.length
    const result = await fakeTriggerOnMain(service, {}, { env: { [variable]: given } })
    expect(result.timedOut).toBe(false)
    expect(result.code).toBe(1)
    const error = errorLine(result)
    expect(error).toContain(`${variable} is set to ${JSON.stringify(given)}, but ${says}`)
    expect(error).toMatch(/Nothing was sent to the service\.$/)
    expect(service.requests.length).toBe(before)
    expect(result.stderr).toBe('')
    expectNoSecrets(result, [TOKEN])
  })
})
