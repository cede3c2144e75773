/** Which archived log URLs the action fetches: https to a name or a public address, or the service's own origin. */
import { describe, expect, it } from '@jest/globals'
import { rawLogUrlRefusal } from '../../../src/api/raw-log.js'
import { randomInt } from '../../helpers/random.js'

const octet = (): number => randomInt(256)
const SERVICE = `http://127.0.0.1:${1024 + randomInt(60000)}`

describe('rawLogUrlRefusal', () => {
  it.each([
    [`https://build-log-archives.s3.amazonaws.com/logs/${octet()}.log?X-Amz-Expires=600`],
    [`https://${1 + randomInt(9)}.${octet()}.${octet()}.${1 + randomInt(250)}/log`],
    [`${SERVICE}/_raw-logs/build?expires=1&signature=x`]
  ])('fetches %s', (url) => {
    expect(rawLogUrlRefusal(new URL(url), SERVICE)).toBeUndefined()
  })

  it.each([
    [`https://127.${octet()}.${octet()}.${octet()}/log`, /loopback/],
    [`https://10.${octet()}.${octet()}.${octet()}/log`, /private/],
    [`https://172.${16 + randomInt(16)}.${octet()}.${octet()}/log`, /private/],
    [`https://192.168.${octet()}.${octet()}/log`, /private/],
    [`https://169.254.${octet()}.${octet()}/log`, /link-local/],
    ['https://0.0.0.0/log', /loopback/],
    ['https://[::1]/log', /loopback/],
    ['https://[fd00::1]/log', /private/],
    ['https://[fe80::1]/log', /link-local/],
    [`https://[::ffff:10.${octet()}.0.1]/log`, /private/],
    ['https://[::ffff:127.0.0.1]/log', /loopback/],
    ['https://localhost/log', /loopback/],
    ['https://logs.localhost/log', /loopback/],
    ['http://build-log-archives.example/log', /not an https: URL/],
    [`http://127.0.0.1:${1 + randomInt(1023)}/log`, /not an https: URL/],
    ['ftp://build-log-archives.example/log', /not an https: URL/]
  ])('refuses %s', (url, reason) => {
    expect(rawLogUrlRefusal(new URL(url), SERVICE)).toMatch(reason)
  })
})
