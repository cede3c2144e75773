/**
 * The wire trace's recorder and shaping, in process: the file stops at 10 MB with a closing
 * note, a secret the action knows is removed even from a kept word or a key, signed-looking
 * query values are never kept, and timestamps keep only their format.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { rememberSecret } from '../../../src/safe-text.js'
import { LINE_LIMIT, startTrace, TRACE_LIMIT, traceExchange } from '../../../src/http/trace.js'
import { shapeBody, shapeJson, shapeUrl, timeFormat } from '../../../src/http/trace-shape.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { tempDir } from '../../helpers/temp-dirs.js'

const tracePath = (): string => join(tempDir('trace-unit-'), 'trace.jsonl')

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

describe('the trace keeps its promises as rules', () => {
  const hex = (length: number): string => Array.from({ length }, () => randomInt(16).toString(16)).join('')

  it('an answer over the line cap is written as its size and the trace goes on; the note says what it holds', () => {
    const path = tracePath()
    startTrace(path, { trace: 'test' })
    const url = new URL(`http://127.0.0.1/v0.1/apps/${randomString(8)}/builds`)
    // One answer whose shape is over a line's cap, then small ones.
    const big = JSON.stringify({ data: Array.from({ length: LINE_LIMIT / 2 + randomInt(1000) }, () => randomInt(9)) })
    const answerType = 'application/json'
    traceExchange({
      peer: 'service',
      method: 'GET',
      url,
      started: Date.now(),
      status: 200,
      answerType,
      answerText: big
    })
    const after = 1 + randomInt(5)
    for (let i = 0; i < after; i++)
      traceExchange({ peer: 'service', method: 'GET', url, started: Date.now(), status: 200, answerText: '{}' })
    const lines = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines).toHaveLength(2 + after)
    expect(lines[1].answer.body).toEqual({ kind: 'application/json', bytes: Buffer.byteLength(big) })
    expect(lines[1].cut).toMatch(/over the 1048576 a line holds/)
    expect(lines.slice(2).map((line) => line.answer.body)).toEqual(Array.from({ length: after }, () => ({ json: {} })))
    // The file's cap, when it is reached, is said with what the file holds.
    const full = tracePath()
    startTrace(full, { trace: 'test' })
    const answer = JSON.stringify({ data: Array.from({ length: 40000 }, () => ({ n: randomInt(1000) })) })
    for (let i = 0; i < Math.ceil(TRACE_LIMIT / answer.length) + 2; i++)
      traceExchange({ peer: 'service', method: 'GET', url, started: Date.now(), status: 200, answerText: answer })
    const text = readFileSync(full, 'utf8')
    const note = JSON.parse(text.trimEnd().split('\n').pop() ?? '{}').note as string
    const holds = Number(/it holds (\d+) bytes/.exec(note)?.[1])
    expect(holds).toBe(Buffer.byteLength(text) - Buffer.byteLength(`${JSON.stringify({ note })}\n`))
  })

  it("a commit hash in GitHub's path, slugs, branch and workflow in a query: placeholders; route words, numbers and enum words kept", () => {
    const sha = hex(40)
    const owner = randomString(5 + randomInt(10))
    const branch = `${randomString(6)}/${randomString(8)}`
    expect(shapeUrl(new URL(`https://api.github.com/repos/${owner}/r/statuses/${sha}`), 'github')).toBe(
      `/repos/<string:${owner.length}>/<string:1>/statuses/<hex:40>`
    )
    const number = randomInt(100000)
    const url = new URL(
      `http://127.0.0.1/v0.1/apps/${owner}/builds?branch=${encodeURIComponent(branch)}&workflow=${owner}&status=0&pull_request_id=${number}&sort_by=created_at&after_timestamp=2026-01-02T03:04:05Z`
    )
    expect(shapeUrl(url, 'service')).toBe(
      `/v0.1/apps/<string:${owner.length}>/builds?branch=<string:${branch.length}>&workflow=<string:${owner.length}>&status=0&pull_request_id=${number}&sort_by=created_at&after_timestamp=<time:YYYY-MM-DDThh:mm:ssZ>`
    )
  })

  it('a kept field keeps only its enum or a short lower-case word; a JSON log or file is kind and size only; a content type is a known one', () => {
    const token = `ghp_${randomString(36)}`
    const long = `a${hex(39)}`
    const shaped = shapeJson({
      status_text: token,
      status: long,
      stack: long,
      project_type: 'ios',
      stack_id: 'osx-xcode-16.0.x'
    })
    expect(shaped).toEqual({
      status_text: `<string:${token.length}>`,
      status: `<hex:40>`,
      stack: `<hex:40>`,
      project_type: 'ios',
      stack_id: 'osx-xcode-16.0.x'
    })
    expect(shapeJson({ stack: `ghp_${randomString(10, 'abcdefgh')}` })).toEqual({ stack: '<string:14>' })
    const json = JSON.stringify({ [`export SECRET=${randomString(12)}`]: randomString(12) })
    const path = tracePath()
    startTrace(path, { trace: 'test' })
    for (const [peer, address] of [
      ['signed-url', `https://storage.example/${randomString(10)}/log.txt`],
      ['service', `http://127.0.0.1/v0.1/apps/${randomString(8)}/service.yml`]
    ] as const)
      traceExchange({
        peer,
        method: 'GET',
        url: new URL(address),
        started: Date.now(),
        status: 200,
        answerType: `application/x-${randomString(8)}; charset=utf-8`,
        answerText: json
      })
    const lines = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line))
    for (const line of lines)
      expect(line.answer).toEqual({ type: 'other', bytes: json.length, body: { kind: 'other', bytes: json.length } })
    expect(shapeBody(json, 'application/json', 'service')).toEqual({
      json: { [`<key:${json.indexOf('":') - 2}>`]: '<string:12>' }
    })
  })
})
