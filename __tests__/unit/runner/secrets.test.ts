/**
 * Secrets held for a while (a signed URL while its file downloads): removed in every spelling
 * while held, no longer held at all once released (so thousands cost nothing), never released
 * from under a secret remembered for good or held twice, and an error leaving the step
 * context's `maskWhile` carries a message already redacted.
 */
import { describe, expect, it, jest } from '@jest/globals'
import * as fs from 'node:fs'
import { randomAwkwardSecret, randomInt, randomString } from '../../helpers/random.js'

/** What the runner's writers sent to descriptor 1 (the `::add-mask::` lines). */
let fd1 = ''
jest.unstable_mockModule('node:fs', () => ({
  ...fs,
  writeSync: (fd: number, data: string | Uint8Array): number => {
    if (fd !== 1) return fs.writeSync(fd, data as string)
    fd1 += String(data)
    return String(data).length
  }
}))
const { redact, rememberSecret, rememberSecretFor } = await import('../../../src/safe-text.js')
const { StepContext } = await import('../../../src/step/step-context.js')

/** A signed URL as a storage service gives it, with a random signature. */
const signedUrl = (): string =>
  `https://storage.example/builds/${randomString(12)}/app.apk?X-Signature=${randomString(40 + randomInt(40))}&e=${randomInt(1e9)}`

/** The spellings a service may echo a value in. */
const spellings = (value: string): string[] => [
  value,
  JSON.stringify(value).slice(1, -1),
  JSON.stringify(JSON.stringify(value).slice(1, -1)).slice(1, -1),
  encodeURIComponent(value),
  Buffer.from(value).toString('base64')
]

describe('a secret held for a while', () => {
  it('is removed in every spelling while held, and forgotten once released', () => {
    const urls = Array.from({ length: 20 + randomInt(20) }, signedUrl)
    const releases = urls.map((url) => rememberSecretFor(url))
    for (const url of [urls[0], urls[randomInt(urls.length)], urls[urls.length - 1]])
      for (const spelling of spellings(url)) expect(redact(`x ${spelling} y`)).toBe('x *** y')
    releases.forEach((release) => release())
    // Nothing is left of them: each comes through as it is.
    for (const url of urls) expect(redact(`x ${url} y`)).toBe(`x ${url} y`)
  })

  it('stays while remembered for good or held by another, and a release twice changes nothing', () => {
    const kept = randomAwkwardSecret()
    const twice = signedUrl()
    rememberSecret(kept)
    const releaseKept = rememberSecretFor(kept)
    const first = rememberSecretFor(twice)
    const second = rememberSecretFor(twice)
    releaseKept()
    first()
    first()
    expect(redact(`${kept} ${twice}`)).toBe('*** ***')
    second()
    expect(redact(`${kept} ${twice}`)).toBe(`*** ${twice}`)
  })
})

describe("the step context's maskWhile", () => {
  it('masks the value in the log, and lets an error out only with the value removed', async () => {
    const ctx = new StepContext(undefined as never, new AbortController().signal)
    const url = signedUrl()
    const spelled = spellings(url)[randomInt(5)]
    fd1 = ''
    const failed = ctx.maskWhile(url, async () => {
      throw new Error(`the download of ${spelled} failed`)
    })
    // Removed whole, or (an encoded spelling) with its signature and every other long query value removed.
    const message = await failed.then(
      () => '',
      (error: Error) => error.message
    )
    expect(message).toMatch(/^the download of .*\*\*\*.* failed$/)
    const signature = new URL(url).searchParams.get('X-Signature') as string
    for (const secret of [signature, ...spellings(signature)]) expect(message).not.toContain(secret)
    expect(fd1).toContain(`::add-mask::${url}`)
    expect(redact(url)).toBe(url)
    expect(await ctx.maskWhile(url, async () => redact(url))).toBe('***')
    // The signature alone, cut from the URL (as a file name made of a title holding it would be).
    expect(await ctx.maskWhile(url, async (hide) => hide(`file_X-Signature=${signature}.apk`))).toBe(
      'file_X-Signature=***.apk'
    )
    expect(redact(signature)).toBe(signature)
  })
})
