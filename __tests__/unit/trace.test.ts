/**
 * The wire trace's recorder and shaping, in process: the file stops at 10 MB with a closing
 * note, a secret the action knows is removed even from a kept word or a key, signed-looking
 * query values are never kept, and timestamps keep only their format.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rememberSecret } from '../../src/safe-text.js'
import { startTrace, TRACE_LIMIT, traceExchange } from '../../src/http/trace.js'
import { shapeBody, shapeJson, shapeUrl, timeFormat } from '../../src/http/trace-shape.js'
import { randomInt, randomString } from '../helpers/random.js'

const tracePath = (): string => join(mkdtempSync(join(tmpdir(), 'trace-unit-')), 'trace.jsonl')

describe('the trace file', () => {
  it('stops before 10 MB with a closing note, every line JSON', () => {
    const path = tracePath()
    startTrace(path, { trace: 'test' })
    const answer = JSON.stringify({ data: Array.from({ length: 2000 }, () => ({ n: randomInt(1000) })) })
    const url = new URL('http://127.0.0.1/v0.1/apps')
    const count = Math.ceil(TRACE_LIMIT / answer.length) + 2 + randomInt(5)
    for (let i = 0; i < count; i++)
      traceExchange({ peer: 'service', method: 'GET', url, started: Date.now(), status: 200, answerText: answer })
    const text = readFileSync(path, 'utf8')
    expect(statSync(path).size).toBeLessThanOrEqual(TRACE_LIMIT)
    const lines = text.trimEnd().split('\n')
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
    expect(JSON.parse(lines[lines.length - 1]).note).toMatch(/^The trace was cut here/)
    expect(lines.length).toBeLessThan(count + 1)
  })

  it('removes a known secret from a kept word and from a key', () => {
    const secret = `Secret${randomString(16)}`
    rememberSecret(secret)
    const path = tracePath()
    startTrace(path, { trace: 'test' })
    const body = JSON.stringify({ status: secret, [secret]: 1 })
    traceExchange({
      peer: 'service',
      method: 'POST',
      url: new URL(`http://127.0.0.1/v0.1/apps?next=${secret}`),
      started: Date.now(),
      requestType: 'application/json',
      requestBody: body,
      status: 201
    })
    const text = readFileSync(path, 'utf8')
    expect(text).not.toContain(secret)
    expect(text).toContain(`"status":"<string:${secret.length}>"`)
    expect(text).toContain(`"<key:${secret.length}>":1`)
  })
})

describe('the shaping', () => {
  it('keeps listed words, numbers and booleans; replaces other strings by their lengths', () => {
    const name = randomString(1 + randomInt(30))
    expect(shapeJson({ status_text: 'success', status: 1, is_on_hold: false, title: name, tags: [name] })).toEqual({
      status_text: 'success',
      status: 1,
      is_on_hold: false,
      title: `<string:${name.length}>`,
      tags: [`<string:${name.length}>`]
    })
    // A listed field holding more than a word is replaced too.
    expect(shapeJson({ status: `a ${name}` })).toEqual({ status: `<string:${name.length + 2}>` })
  })

  it("keeps a field's words only for the peer whose contract lists it: a GitHub user's location is replaced", () => {
    const place = randomString(6, 'abcdefghij')
    expect(shapeBody(JSON.stringify({ location: place }), 'application/json', 'github')).toEqual({
      json: { location: `<string:${place.length}>` }
    })
    expect(shapeBody(JSON.stringify({ location: 'service' }), 'application/json', 'service')).toEqual({
      json: { location: 'service' }
    })
    expect(shapeBody(JSON.stringify({ state: 'success' }), 'application/json', 'github')).toEqual({
      json: { state: 'success' }
    })
  })

  it('reduces timestamps to their format', () => {
    expect(timeFormat('2024-03-01T10:11:12Z')).toBe('YYYY-MM-DDThh:mm:ssZ')
    expect(timeFormat('2024-03-01T10:11:12.123456+02:00')).toBe('YYYY-MM-DDThh:mm:ss.ffffff+hh:mm')
    expect(timeFormat('not a time')).toBeUndefined()
  })

  it('never keeps a value of a query parameter that may be a credential, and keeps a signed URL to its shape', () => {
    const value = randomString(20)
    for (const name of ['token', 'X-Amz-Signature', 'signature', 'api_key', 'expires'])
      expect(shapeUrl(new URL(`https://h.example/a?${name}=${value}&next=abc`), 'service')).toBe(
        `/<string:1>?${name}=<redacted>&next=<string:3>`
      )
    expect(shapeUrl(new URL(`https://h.example/${value}/file.ipa?sig=${value}`), 'signed-url')).toBe(
      `/<segment:${value.length}>/<segment:8>?sig=<redacted>`
    )
  })
})
