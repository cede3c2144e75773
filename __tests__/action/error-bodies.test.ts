/**
 * Error bodies shaped `{error}` or `{errors: [...]}` (issue #20, point 7), besides the published
 * contract's `{message}` and `{error_msg}`: the step's error names the service's text itself,
 * not the JSON around it, through dist/index.js on a loopback server.
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices } from '../helpers/fake-service.js'
import { randomString } from '../helpers/random.js'
import { errorLine, runAction } from '../helpers/run-action.js'

const serve = fakeServices()
const TOKEN = `tok_${randomString(30)}`
const words = (): string => `${randomString(8)} ${randomString(5)} ${randomString(7)}`

describe('the service text of an error body', () => {
  it.each([
    ['{error}', (a: string) => ({ error: a })],
    ['{errors: [string]}', (a: string) => ({ errors: [a] })],
    [
      '{errors: [{message}]}',
      (a: string) => ({ errors: [{ message: a, field: 'branch' }], request_id: randomString(400) })
    ]
  ])('%s: the text is in the step error', async (_shape, body) => {
    const text = words()
    const service = await serve({ 'POST /apps/app-1/builds': { status: 400, body: body(text) } })
    const result = await runAction({
      operation: 'trigger',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      branch: 'main',
      'from-event': 'false',
      'branch-repo-owner': 'acme',
      'branch-dest-repo-owner': 'acme'
    })
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain(`the service answered 400: ${text}`)
    expect(errorLine(result)).not.toContain('{')
  })

  it('several errors: each text, in order', async () => {
    const [first, second] = [words(), words()]
    const service = await serve({ 'GET /apps/app-1': { status: 422, body: { errors: [{ error: first }, second] } } })
    const result = await runAction({ operation: 'get-app', token: TOKEN, 'base-url': service.url, 'app-slug': 'app-1' })
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain(`the service answered 422: ${first}; ${second}`)
  })
})
