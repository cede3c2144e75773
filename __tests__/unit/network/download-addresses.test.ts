/**
 * Where a download may connect, decided without connecting: the URL rule (https only;
 * plain http and loopback only when the service itself is on this machine; never a special
 * address, IPv4 or IPv6, mapped forms included) and the lookup guard, which judges the
 * addresses a name resolves to (here from a stand-in resolver; nothing is looked up).
 */
import { describe, expect, it } from '@jest/globals'
import type { LookupAddress } from 'node:dns'
import { downloadUrlProblem, guardedLookup } from '../../../src/builds/report/artifacts/download.js'
import { parseIp, specialRange } from '../../../src/http/addresses.js'
import { randomInt } from '../../helpers/random.js'

const octet = (): number => randomInt(256)
const hex = (): string => randomInt(0x10000).toString(16)
const remote = { allowLoopback: false }
const local = { allowLoopback: true }

const cases: { url: string; policy?: typeof remote; refused: RegExp | false }[] = [
  { url: `https://${randomInt(2) ? 'objects.example.com' : `52.${octet()}.${octet()}.${octet()}`}/a`, refused: false },
  { url: `https://[2606:4700::${hex()}]/a`, refused: false },
  { url: 'http://objects.example.com/a', refused: /http: URL, and downloads use https: only/ },
  { url: 'data:text/plain;base64,aGk=', refused: /data: URL/ },
  { url: 'ftp://objects.example.com/a', refused: /ftp: URL/ },
  { url: 'file:///etc/passwd', refused: /file: URL/ },
  { url: `https://127.${octet()}.${octet()}.${octet()}/a`, refused: /is a loopback address/ },
  { url: `http://127.0.0.1:${1 + randomInt(65535)}/a`, refused: /http: URL/ },
  { url: 'https://localhost/a', refused: /localhost is this machine/ },
  { url: `https://x${randomInt(99)}.localhost./a`, refused: /is this machine/ },
  { url: 'https://[::1]/a', refused: /loopback/ },
  { url: 'https://[::ffff:127.0.0.1]/a', refused: /loopback/ },
  { url: `https://169.254.${octet()}.${octet()}/a`, refused: /link-local/ },
  { url: 'https://[::ffff:a9fe:a9fe]/a', refused: /link-local/ },
  { url: 'https://[64:ff9b::169.254.169.254]/a', refused: /link-local/ },
  { url: `https://[fe80::${hex()}]/a`, refused: /link-local/ },
  { url: `https://10.${octet()}.${octet()}.${octet()}/a`, refused: /private/ },
  { url: `https://172.${16 + randomInt(16)}.${octet()}.${octet()}/a`, refused: /private/ },
  { url: `https://192.168.${octet()}.${octet()}/a`, refused: /private/ },
  { url: `https://[fd${randomInt(256).toString(16).padStart(2, '0')}::${hex()}]/a`, refused: /unique local/ },
  { url: 'https://[2002:c0a8:101::1]/a', refused: /private/ },
  { url: 'https://0.0.0.0/a', refused: /unspecified/ },
  { url: 'https://[::]/a', refused: /unspecified/ },
  { url: `https://${224 + randomInt(16)}.${octet()}.1.1/a`, refused: /multicast/ },
  { url: 'https://255.255.255.255/a', refused: /reserved/ },
  { url: `https://100.${64 + randomInt(64)}.${octet()}.${octet()}/a`, refused: /carrier-grade/ },
  { url: 'https://2130706433/a', refused: /loopback/ },
  { url: 'https://0x7f.1/a', refused: /loopback/ },
  // A service on this machine (the emulator, the tests) may have its downloads here too, and only here over http.
  { url: `http://127.0.0.1:${1 + randomInt(65535)}/a`, policy: local, refused: false },
  { url: 'http://localhost:8080/a', policy: local, refused: false },
  { url: 'https://[::1]/a', policy: local, refused: false },
  { url: 'http://objects.example.com/a', policy: local, refused: /http: URL/ },
  { url: `https://169.254.${octet()}.${octet()}/a`, policy: local, refused: /link-local/ }
]

describe('downloadUrlProblem', () => {
  it.each(cases)('$url', ({ url, policy = remote, refused }) => {
    const problem = downloadUrlProblem(new URL(url), policy)
    if (refused === false) expect(problem).toBeUndefined()
    else expect(problem).toMatch(refused)
  })
})

describe('specialRange', () => {
  it('finds no special range in public addresses', () => {
    for (const address of [
      `8.8.${octet()}.${octet()}`,
      `52.${octet()}.${octet()}.${octet()}`,
      `2a00:1450::${hex()}`,
      `::ffff:52.${octet()}.1.1`
    ]) {
      expect(specialRange(parseIp(address)!)).toBeUndefined()
    }
  })
})

/** A stand-in resolver answering `addresses` for every name. */
const resolver = (addresses: string[]) =>
  ((_name: string, _options: unknown, callback: (error: Error | null, addresses: LookupAddress[]) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    )) as unknown as typeof import('node:dns').lookup

function lookUp(addresses: string[], all: boolean): Promise<{ error: Error | null; result: unknown }> {
  const lookup = guardedLookup(remote, resolver(addresses))
  return new Promise((resolve) =>
    lookup(`h${randomInt(999)}.example.com`, { all }, (error, address) => resolve({ error, result: address }))
  )
}

describe('guardedLookup', () => {
  it('refuses a name when any address it resolves to is special', async () => {
    const special = [`169.254.${octet()}.${octet()}`, `10.${octet()}.0.1`, '::1', `fe80::${hex()}`, '::ffff:127.0.0.1'][
      randomInt(5)
    ]
    const addresses = [`52.${octet()}.${octet()}.${octet()}`, special]
    const { error } = await lookUp(randomInt(2) ? addresses : addresses.reverse(), randomInt(2) === 0)
    expect(error?.message).toMatch(/resolves to an address downloads may not reach/)
  })

  it('passes a name that resolves to public addresses only, in the form asked for', async () => {
    const address = `52.${octet()}.${octet()}.${octet()}`
    expect(await lookUp([address], false)).toEqual({ error: null, result: address })
    expect(await lookUp([address], true)).toEqual({ error: null, result: [{ address, family: 4 }] })
  })
})

describe('guardedLookup on a real request', () => {
  it('stops a request to a name that resolves to loopback (localhost, from the hosts file) before it connects, unless the service is on this machine', async () => {
    const { open } = await import('../../../src/http/transport.js')
    const url = new URL(`https://localhost:${1024 + randomInt(60000)}/file`)
    const attempt = open({
      method: 'GET',
      url,
      headers: {},
      signal: AbortSignal.timeout(5000),
      lookup: guardedLookup(remote)
    })
    await expect(attempt).rejects.toMatchObject({
      refusal: expect.stringMatching(
        /^localhost resolves to an address downloads may not reach \((127\.0\.0\.1|::1) is a loopback address\)$/
      )
    })
    const allowed = guardedLookup(local)
    const resolved = await new Promise<unknown>((resolve) =>
      allowed('localhost', { all: true }, (error, addresses) => resolve(error ?? addresses))
    )
    expect(resolved).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })])
    )
  })
})
