/**
 * The NO_PROXY matcher, table-driven: which request URLs go past the proxy for a given
 * NO_PROXY value. Loopback goes past it whatever the value.
 */
import { describe, expect, it } from '@jest/globals'
import { bypassesProxy, parseNoProxy } from '../../../src/http/no-proxy.js'
import { randomInt } from '../../helpers/random.js'

const base = { noProxy: '', url: 'https://api.example.com/v0.1', bypass: false }

const cases: { name: string; noProxy?: string; url?: string; bypass?: boolean }[] = [
  { name: 'an empty NO_PROXY bypasses nothing' },
  { name: 'a bare name matches itself', noProxy: 'api.example.com', bypass: true },
  { name: 'a bare name matches its subdomains', noProxy: 'example.com', bypass: true },
  { name: 'a bare name does not match a longer name ending in it', noProxy: 'ple.com', bypass: false },
  { name: 'a leading dot matches subdomains', noProxy: '.example.com', bypass: true },
  {
    name: 'a leading dot does not match the name itself',
    noProxy: '.example.com',
    url: 'https://example.com/v0.1',
    bypass: false
  },
  { name: 'a leading *. matches subdomains', noProxy: '*.example.com', bypass: true },
  {
    name: 'a leading *. does not match the name itself',
    noProxy: '*.example.com',
    url: 'https://example.com/v0.1',
    bypass: false
  },
  { name: '* matches everything', noProxy: '*', bypass: true },
  {
    name: 'names are matched without regard to case, spaces around items ignored',
    noProxy: ' other.org ,  API.Example.COM ',
    bypass: true
  },
  { name: 'empty items are skipped', noProxy: ',,other.org,', bypass: false },
  { name: 'a port must match the default https port', noProxy: 'api.example.com:443', bypass: true },
  { name: 'another port does not match', noProxy: 'api.example.com:8443', bypass: false },
  {
    name: 'an explicit port matches',
    noProxy: 'api.example.com:8443',
    url: 'https://api.example.com:8443/v0.1',
    bypass: true
  },
  { name: 'the default http port', noProxy: 'api.example.com:80', url: 'http://api.example.com/v0.1', bypass: true },
  { name: 'an IP address matches itself', noProxy: '10.1.2.3', url: 'https://10.1.2.3/v0.1', bypass: true },
  { name: 'an IP address does not match another', noProxy: '10.1.2.3', url: 'https://10.1.2.4/v0.1', bypass: false },
  {
    name: 'a bracketed IPv6 address with a port',
    noProxy: '[fd00::1]:8443',
    url: 'https://[fd00::1]:8443/v0.1',
    bypass: true
  },
  { name: 'a bare IPv6 address', noProxy: 'fd00::1', url: 'https://[fd00::1]/v0.1', bypass: true },
  { name: 'localhost always', url: 'http://localhost:3000/v0.1', bypass: true },
  { name: '127.* always', url: 'http://127.4.5.6:3000/v0.1', bypass: true },
  { name: '[::1] always', url: 'http://[::1]:3000/v0.1', bypass: true },
  { name: 'a name that only starts like loopback does not', url: 'https://127.example.com/v0.1', bypass: false },
  {
    name: 'a trailing dot on the host is ignored',
    noProxy: 'api.example.com',
    url: 'https://api.example.com./v0.1',
    bypass: true
  },
  {
    name: 'a name matches whole labels only',
    noProxy: 'example.com',
    url: 'https://badexample.com/v0.1',
    bypass: false
  },
  {
    name: 'a name matches a deeper subdomain',
    noProxy: 'example.com',
    url: 'https://a.b.example.com/v0.1',
    bypass: true
  },
  {
    name: 'a partial address does not match an address ending in it',
    noProxy: '1.2.3',
    url: 'https://10.1.2.3/v0.1',
    bypass: false
  },
  {
    name: 'an address does not match a longer address ending in it',
    noProxy: '1.2.3.4',
    url: 'https://11.2.3.4/v0.1',
    bypass: false
  },
  { name: 'a leading-dot address matches nothing', noProxy: '.2.3.4', url: 'https://1.2.3.4/v0.1', bypass: false },
  {
    name: 'an IPv4 CIDR range holds an address',
    noProxy: 'other.org, 10.0.0.0/8',
    url: 'https://10.200.3.4/v0.1',
    bypass: true
  },
  {
    name: 'an IPv4 CIDR range does not hold an address outside it',
    noProxy: '10.0.0.0/8',
    url: 'https://11.0.0.1/v0.1',
    bypass: false
  },
  {
    name: 'a /32 holds its one address',
    noProxy: '192.168.7.9/32',
    url: 'https://192.168.7.9:8443/v0.1',
    bypass: true
  },
  { name: 'a /32 holds no other', noProxy: '192.168.7.9/32', url: 'https://192.168.7.8/v0.1', bypass: false },
  { name: 'an odd-sized IPv4 range', noProxy: '172.16.0.0/12', url: 'https://172.31.255.1/v0.1', bypass: true },
  {
    name: 'just past an odd-sized IPv4 range',
    noProxy: '172.16.0.0/12',
    url: 'https://172.32.0.1/v0.1',
    bypass: false
  },
  {
    name: 'an IPv6 CIDR range holds an address',
    noProxy: 'fd00::/8',
    url: 'https://[fd12:3456::1]/v0.1',
    bypass: true
  },
  {
    name: 'an IPv6 CIDR range does not hold one outside it',
    noProxy: 'fd00::/8',
    url: 'https://[fe80::1]/v0.1',
    bypass: false
  },
  {
    name: 'a bracketed IPv6 CIDR range',
    noProxy: '[2001:db8:1::]/48',
    url: 'https://[2001:db8:1:ff::2]/v0.1',
    bypass: true
  },
  {
    name: 'an IPv4 range does not hold an IPv6 address',
    noProxy: '0.0.0.0/0',
    url: 'https://[2001:db8::1]/v0.1',
    bypass: false
  },
  { name: 'a CIDR range matches no name', noProxy: '10.0.0.0/8', url: 'https://10.example.com/v0.1', bypass: false },
  {
    name: 'an IPv6 address written another way matches',
    noProxy: 'fd00:0:0::1',
    url: 'https://[fd00::1]/v0.1',
    bypass: true
  }
]

describe('NO_PROXY', () => {
  it.each(cases.map((c) => ({ ...base, ...c })))('$name ($noProxy, $url)', ({ noProxy, url, bypass }) => {
    expect(bypassesProxy(new URL(url), parseNoProxy(noProxy))).toBe(bypass)
  })
})

describe('NO_PROXY with random addresses', () => {
  const octet = (): number => randomInt(256)
  it.each(Array.from({ length: 20 }, (_, i) => i))(
    'a range of random size holds exactly the addresses sharing its prefix (%i)',
    () => {
      const bits = 1 + randomInt(31)
      const address = [octet(), octet(), octet(), octet()]
      const value = address.reduce((sum, part) => sum * 256 + part, 0)
      const flip = randomInt(32)
      const other = (value ^ (2 ** (31 - flip))) >>> 0
      const otherText = [24, 16, 8, 0].map((shift) => (other >>> shift) & 255).join('.')
      const noProxy = parseNoProxy(`${address.join('.')}/${bits}`)
      // 127.0.0.0/8 is loopback, which never goes through a proxy whatever NO_PROXY says.
      const loopback = other >>> 24 === 127
      expect(bypassesProxy(new URL(`https://${otherText}/v0.1`), noProxy)).toBe(flip >= bits || loopback)
    }
  )
})
