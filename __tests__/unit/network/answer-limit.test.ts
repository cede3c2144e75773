/**
 * The client's per-call answer limit (a log reads more than the 8 MiB default): over real
 * HTTP on 127.0.0.1, an answer past the limit fails the call once, naming the limit; one
 * within it is read whole.
 */
import { describe, expect, it } from '@jest/globals'
import { ApiClient } from '../../../src/http/client.js'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomInt, randomString } from '../../helpers/random.js'

const serve = fakeServices()

describe('ApiClient maxBytes', () => {
  it('fails a call whose answer is past its own limit, without retrying, and reads one within it', async () => {
    const limit = 1000 + randomInt(1000)
    const big = randomString(limit + 1 + randomInt(500))
    const small = randomString(limit - 20)
    const service = await serve({ 'GET /big': { body: { log: big } }, 'GET /small': { body: { log: small } } })
    const client = new ApiClient({
      baseUrl: service.url,
      token: 'tok-unit',
      timeoutMs: 2000,
      maxAttempts: 3,
      retryBaseMs: 5
    })
    await expect(client.get('/big', { maxBytes: limit })).rejects.toMatchObject({
      message: expect.stringContaining(
        `GET /big failed: the answer was larger than ${limit >= 1024 ? `${Number((limit / 1024).toFixed(1))} KiB (${limit} bytes)` : `${limit} bytes`}, the most`
      )
    })
    expect(service.calls('GET /big')).toHaveLength(1)
    expect((await client.get<{ log: string }>('/small', { maxBytes: limit })).body.log).toBe(small)
  })
})
