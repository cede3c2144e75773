/**
 * NO_PROXY: which requests skip the proxy. Loopback always does; names match whole labels, an IP
 * address only itself or a CIDR range that holds it.
 */
import { bareHostName, inCidr, isLoopbackHost, parseCidr, parseIp, type Cidr } from './addresses.js'

/** One entry of NO_PROXY: a host name, an IP address, or a CIDR range (`range`). */
export interface Bypass {
  host: string
  range?: Cidr
  /** Matches only names below `host`, not `host` itself (`.example.com`, `*.example.com`). */
  subdomainsOnly: boolean
  port?: number
}

/** Parses a NO_PROXY value: comma-separated host names or CIDR ranges, each name with an optional `:port`; `*` matches everything. */
export function parseNoProxy(value: string): Bypass[] | 'all' {
  const entries: Bypass[] = []
  for (const raw of value.split(',')) {
    let item = raw.trim().toLowerCase()
    if (item === '') continue
    if (item === '*') return 'all'
    const range = parseCidr(item)
    if (range) {
      entries.push({ host: item, range, subdomainsOnly: false })
      continue
    }
    let port: number | undefined
    const bracketed = /^\[([^\]]*)\](?::(\d+))?$/.exec(item)
    if (bracketed) {
      item = bracketed[1]
      if (bracketed[2] !== undefined) port = Number(bracketed[2])
    } else if (item.split(':').length === 2) {
      const [host, digits] = item.split(':')
      if (!/^\d+$/.test(digits)) continue
      item = host
      port = Number(digits)
    }
    let subdomainsOnly = false
    if (item.startsWith('*.')) {
      item = item.slice(2)
      subdomainsOnly = true
    } else if (item.startsWith('.')) {
      item = item.slice(1)
      subdomainsOnly = true
    }
    if (item !== '') entries.push({ host: item.replace(/\.$/, ''), subdomainsOnly, port })
  }
  return entries
}

/** The port a URL connects to: its own, or its protocol's default. */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
}

/** The host of a URL without the brackets of an IPv6 address, lower case and without a trailing dot. */
export function bareHost(url: URL): string {
  return bareHostName(url.hostname)
}

/**
 * Whether a request to `url` skips the proxy: loopback always does, and whatever NO_PROXY
 * lists. Names match whole labels (`example.com` covers `a.example.com`, not
 * `badexample.com`); an IP address matches only itself or a CIDR range that holds it, never
 * by its last digits (`1.2.3` does not cover `10.1.2.3`).
 */
export function bypassesProxy(url: URL, noProxy: Bypass[] | 'all'): boolean {
  const host = bareHost(url)
  if (isLoopbackHost(host)) return true
  if (noProxy === 'all') return true
  const port = portOf(url)
  const ip = parseIp(host)
  return noProxy.some((entry) => {
    if (entry.range) return ip !== undefined && inCidr(ip, entry.range)
    if (entry.port !== undefined && entry.port !== port) return false
    if (ip) {
      const listed = parseIp(entry.host)
      return !entry.subdomainsOnly && listed !== undefined && listed.version === ip.version && listed.value === ip.value
    }
    if (host.endsWith(`.${entry.host}`)) return true
    return !entry.subdomainsOnly && host === entry.host
  })
}
