/**
 * Which host is this machine, the one rule that lets plain http through (base-url, the OIDC
 * exchange URL, GITHUB_API_URL, a download while the service is here): `localhost`,
 * 127.0.0.0/8 and ::1 only, the IPv4-mapped spelling of 127.0.0.0/8 included (a dual-stack
 * socket connects to it over IPv4). Every other IPv6 form that carries a 127.x address is routed
 * by its IPv6 prefix, elsewhere, and is not this machine. Decided on the text alone: nothing
 * is looked up or connected to.
 */
import { describe, expect, it } from '@jest/globals'
import { downloadUrlProblem } from '../../../src/builds/report/artifacts/download.js'
import { isLoopbackHost, isSecureOrLoopback, parseIp, specialRange } from '../../../src/http/addresses.js'
import { CARRIERS, dotted, hex16, loopbackOctets, low32 } from '../../helpers/loopback-carriers.js'
import { randomInt, randomString } from '../../helpers/random.js'

/** This machine, drawn afresh: 127.0.0.0/8, ::1, localhost, and 127.0.0.0/8 as an IPv4-mapped address. */
const THIS_MACHINE: Array<[string, () => string]> = [
  ['127.0.0.0/8', () => dotted(loopbackOctets())],
  ['::1', () => `[${['::1', '0:0:0:0:0:0:0:1', '::0:1'][randomInt(3)]}]`],
  ['localhost', () => ['localhost', 'LOCALHOST', 'LocalHost'][randomInt(3)]],
  ['IPv4-mapped 127.0.0.0/8', () => `[::ffff:${low32(loopbackOctets())}]`]
]

const port = (): string => (randomInt(2) ? `:${1 + randomInt(65535)}` : '')

describe('this machine', () => {
  it.each(THIS_MACHINE)('%s is this machine, and plain http to it is allowed', (_, host) => {
    const url = new URL(`http://${host()}${port()}/v0.1`)
    expect(isLoopbackHost(url.hostname)).toBe(true)
    expect(isSecureOrLoopback(url)).toBe(true)
  })

  it.each(CARRIERS)(
    'an address of the %s form carrying 127.x is not this machine: plain http to it is refused, https is not',
    (_, address) => {
      const host = address()
      const url = new URL(`http://[${host}]${port()}/v0.1/${randomString(4)}`)
      expect({ host, loopback: isLoopbackHost(url.hostname) }).toEqual({ host, loopback: false })
      expect(isSecureOrLoopback(url)).toBe(false)
      expect(isSecureOrLoopback(new URL(`https://[${host}]/v0.1`))).toBe(true)
    }
  )

  it('the unspecified addresses, public ones, a name under localhost and the fully qualified localhost. are not this machine', () => {
    for (const host of [
      '0.0.0.0',
      `0.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`,
      '[::]',
      `52.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`,
      `[2a00:1450::${hex16()}]`,
      `x${randomString(6).toLowerCase()}.localhost`,
      'localhost.'
    ]) {
      expect({ host, loopback: isLoopbackHost(new URL(`http://${host}/`).hostname) }).toEqual({ host, loopback: false })
    }
  })
})

describe('a carrier of 127.x for downloads', () => {
  const carriers = CARRIERS.filter(([name]) => /^(IPv4-compatible|6to4|NAT64)/.test(name))

  it.each(carriers)(
    '%s: still refused, and not let through as loopback when the service is on this machine',
    (_, address) => {
      const host = address()
      const ip = parseIp(host)
      expect(ip).toBeDefined()
      expect(specialRange(ip!)).toMatch(/^loopback \(in (IPv4-compatible|6to4|NAT64) form\)$/)
      for (const allowLoopback of [false, true]) {
        expect(downloadUrlProblem(new URL(`https://[${host}]/a`), { allowLoopback })).toMatch(
          /is a loopback \(in (IPv4-compatible|6to4|NAT64) form\) address$/
        )
      }
    }
  )

  it('a loopback address itself, and its IPv4-mapped form, stay allowed only while the service is on this machine', () => {
    for (const host of [dotted(loopbackOctets()), `[::ffff:${dotted(loopbackOctets())}]`, '[::1]']) {
      expect(downloadUrlProblem(new URL(`https://${host}/a`), { allowLoopback: true })).toBeUndefined()
      expect(downloadUrlProblem(new URL(`https://${host}/a`), { allowLoopback: false })).toMatch(
        /is a loopback address$/
      )
    }
  })
})
