/**
 * The NO_PROXY matcher, table-driven: which request URLs go past the proxy for a given
 * NO_PROXY value. Loopback goes past it whatever the value.
 */
import { describe, expect, it } from '@jest/globals'
import { bypassesProxy, parseNoProxy } from '../../src/http/proxy.js'

const base = { noProxy: '', url: 'https://api.example.com/v0.1', bypass: false }

const cases: { name: string; noProxy?: string; url?: string; bypass?: boolean }[] = [
  { name: 'an empty NO_PROXY bypasses nothing' },
  { name: 'a bare name matches itself', noProxy: 'api.example.com', bypass: true },
  { name: 'a bare name matches its subdomains', noProxy: 'example.com', bypass: true },
  { name: 'a bare name does not match a longer name ending in it', noProxy: 'ple.com', bypass: false },
  { name: 'a leading dot matches subdomains', noProxy: '.example.com', bypass: true },
  { name: 'a leading dot does not match the name itself', noProxy: '.example.com', url: 'https://example.com/v0.1', bypass: false },
  { name: 'a leading *. matches subdomains', noProxy: '*.example.com', bypass: true },
  { name: 'a leading *. does not match the name itself', noProxy: '*.example.com', url: 'https://example.com/v0.1', bypass: false },
  { name: '* matches everything', noProxy: '*', bypass: true },
  { name: 'names are matched without regard to case, spaces around items ignored', noProxy: ' other.org ,  API.Example.COM ', bypass: true },
  { name: 'empty items are skipped', noProxy: ',,other.org,', bypass: false },
  { name: 'a port must match the default https port', noProxy: 'api.example.com:443', bypass: true },
  { name: 'another port does not match', noProxy: 'api.example.com:8443', bypass: false },
  { name: 'an explicit port matches', noProxy: 'api.example.com:8443', url: 'https://api.example.com:8443/v0.1', bypass: true },
  { name: 'the default http port', noProxy: 'api.example.com:80', url: 'http://api.example.com/v0.1', bypass: true },
  { name: 'an IP address matches itself', noProxy: '10.1.2.3', url: 'https://10.1.2.3/v0.1', bypass: true },
  { name: 'an IP address does not match another', noProxy: '10.1.2.3', url: 'https://10.1.2.4/v0.1', bypass: false },
  { name: 'a bracketed IPv6 address with a port', noProxy: '[fd00::1]:8443', url: 'https://[fd00::1]:8443/v0.1', bypass: true },
  { name: 'a bare IPv6 address', noProxy: 'fd00::1', url: 'https://[fd00::1]/v0.1', bypass: true },
  { name: 'localhost always', url: 'http://localhost:3000/v0.1', bypass: true },
  { name: '127.* always', url: 'http://127.4.5.6:3000/v0.1', bypass: true },
  { name: '[::1] always', url: 'http://[::1]:3000/v0.1', bypass: true },
  { name: 'a name that only starts like loopback does not', url: 'https://127.example.com/v0.1', bypass: false },
  { name: 'a trailing dot on the host is ignored', noProxy: 'api.example.com', url: 'https://api.example.com./v0.1', bypass: true }
]

describe('NO_PROXY', () => {
  it.each(cases.map((c) => ({ ...base, ...c })))('$name ($noProxy, $url)', ({ noProxy, url, bypass }) => {
    expect(bypassesProxy(new URL(url), parseNoProxy(noProxy))).toBe(bypass)
  })
})
