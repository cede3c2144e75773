/**
 * Redaction of secrets registered in numbers, as a step registers a signed URL per artifact:
 * the pattern of a secret is built only for text holding the secret's longest run of characters
 * JSON never escapes, so every spelling must still be found through that run, and a secret with
 * no such run at all must be searched for everywhere.
 */
import { describe, expect, it } from '@jest/globals'
import { randomInt, randomString } from '../../helpers/random.js'
import { encodedForms, redact, rememberSecret } from '../../../src/safe-text.js'

/** A signed URL as a storage service writes one: slashes, ampersands and a random signature. */
function signedUrl(): string {
  return `https://store.example/${randomString(8)}/${randomString(10)}.apk?X-Expires=${randomInt(1e6)}&X-Signature=${randomString(40)}`
}

describe('many remembered secrets', () => {
  it('each one is removed in every spelling, however many were added after it', () => {
    const urls = Array.from({ length: 300 + randomInt(100) }, signedUrl)
    for (const url of urls) rememberSecret(url)
    for (const url of [urls[0], urls[randomInt(urls.length)], urls[urls.length - 1]]) {
      const twiceEscaped = JSON.stringify(JSON.stringify({ url }))
      const spellings = [
        url,
        twiceEscaped,
        url.replace(/[/&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      ]
      for (const text of [...spellings, ...encodedForms(url)]) {
        const out = redact(`before ${text} after`)
        expect(out).toContain('***')
        expect(out).not.toContain(url.slice(url.indexOf('X-Signature=')))
      }
    }
  })

  it('a secret made only of characters JSON escapes is removed in its escaped spellings too', () => {
    const secret = Array.from({ length: 8 + randomInt(8) }, () => `"\\/<>&'`[randomInt(7)]).join('')
    rememberSecret(secret)
    const escaped = JSON.stringify(secret).slice(1, -1)
    expect(redact(`x ${secret} y`)).toBe('x *** y')
    expect(redact(`x ${escaped} y`)).toBe('x *** y')
  })
})
