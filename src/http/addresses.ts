/**
 * Host names and IP addresses as the action's requests judge them: which host is this
 * machine (the one rule that lets plain http through, for the emulator and the tests),
 * which address lies inside a CIDR range (NO_PROXY), and which address a download must
 * never reach (loopback, link-local, private and the other special ranges, IPv4 and IPv6,
 * the IPv4 forms hidden inside IPv6 included). Pure: no lookups, no sockets.
 *
 * The two questions lean opposite ways. "Is this machine" must be certain, so only
 * `localhost`, 127.0.0.0/8 and ::1 (and 127.0.0.0/8 written as an IPv4-mapped IPv6 address,
 * which a dual-stack socket connects to over IPv4: RFC 4291 2.5.5.2) count. An IPv6 address
 * that merely carries 127.x inside it (IPv4-compatible, 6to4, NAT64, and Teredo or ISATAP,
 * whose prefixes route them) is sent wherever its IPv6 prefix routes it, which is not this
 * machine. "May a download go there" must be safe, so such a carrier is refused for the IPv4
 * address it carries as well.
 */

/** A host without the brackets of an IPv6 address, lower case and without a trailing dot. */
export function bareHostName(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase()
}

/**
 * Whether `hostname` (as a URL gives it) is this machine: `localhost`, 127.0.0.0/8 or ::1
 * (127.0.0.0/8 in its IPv4-mapped form too). An IPv6 address that only carries a 127.x address
 * (6to4, NAT64, IPv4-compatible, Teredo, ISATAP) is routed by its prefix, elsewhere.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = bareHostName(hostname)
  // `localhost.` is a fully qualified name, which a resolver may ask DNS about: only `localhost` is sure to be this machine.
  if (host === 'localhost') return !hostname.endsWith('.')
  const ip = parseIp(host)
  return ip !== undefined && specialRange(ip) === LOOPBACK
}

/** Whether `url` uses https, or plain http to this machine only. */
export function isSecureOrLoopback(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))
}

/** An IP address as a number: 32 bits for IPv4, 128 for IPv6. */
export interface Ip {
  version: 4 | 6
  value: bigint
}

/**
 * Node's own IP literal check, loaded on first use: base-url is checked as every step starts,
 * and loading node:net there costs every step, a failing one included, several milliseconds.
 */
function isIP(address: string): number {
  return process.getBuiltinModule('node:net').isIP(address)
}

/** Parses an IP literal (IPv6 without brackets; a zone id is ignored); undefined when it is not one. */
export function parseIp(text: string): Ip | undefined {
  const address = text.replace(/%.*$/, '')
  const version = isIP(address)
  if (version === 4) return { version, value: ipv4Value(address) }
  if (version !== 6) return undefined
  let groups = address
  const embedded = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (embedded) {
    const v4 = ipv4Value(embedded[1])
    groups = `${address.slice(0, embedded.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`
  }
  const [head, tail] = groups.includes('::') ? groups.split('::') : [groups, undefined]
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const all =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return { version: 6, value: all.reduce((sum, group) => (sum << 16n) | BigInt(parseInt(group, 16)), 0n) }
}

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((sum, part) => (sum << 8n) | BigInt(Number(part)), 0n)
}

/** A CIDR range, e.g. 10.0.0.0/8 or fd00::/8. */
export interface Cidr {
  version: 4 | 6
  base: bigint
  bits: number
}

/** Parses `address/bits`; undefined when it is not a CIDR range. */
export function parseCidr(text: string): Cidr | undefined {
  const match = /^\[?([^\]/]+)\]?\/(\d{1,3})$/.exec(text.trim())
  if (!match) return undefined
  const ip = parseIp(match[1])
  const bits = Number(match[2])
  if (!ip || bits > (ip.version === 4 ? 32 : 128)) return undefined
  return { version: ip.version, base: ip.value, bits }
}

/** Whether `ip` lies inside `range` (same family only). */
export function inCidr(ip: Ip, range: Cidr): boolean {
  if (ip.version !== range.version) return false
  const shift = BigInt((ip.version === 4 ? 32 : 128) - range.bits)
  return ip.value >> shift === range.base >> shift
}

const cidr = (text: string): Cidr => parseCidr(text) as Cidr

/** The word for this machine's own addresses; only `isLoopbackHost` and a download's loopback rule act on it. */
const LOOPBACK = 'loopback'

/** Ranges no download may reach, with the word a message uses for each (parsed on first use, not as every step starts). */
const SPECIAL_RANGES: [string, string][] = [
  ['127.0.0.0/8', LOOPBACK],
  ['::1/128', LOOPBACK],
  ['0.0.0.0/8', 'unspecified'],
  ['::/128', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'shared (carrier-grade NAT)'],
  ['fc00::/7', 'private (unique local)'],
  ['169.254.0.0/16', 'link-local'],
  ['fe80::/10', 'link-local'],
  ['224.0.0.0/4', 'multicast'],
  ['ff00::/8', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['192.0.0.0/24', 'reserved (IETF protocol assignments)'],
  ['192.0.2.0/24', 'reserved (documentation)'],
  ['198.51.100.0/24', 'reserved (documentation)'],
  ['203.0.113.0/24', 'reserved (documentation)'],
  ['2001:db8::/32', 'reserved (documentation)'],
  ['198.18.0.0/15', 'reserved (benchmarking)'],
  ['100::/64', 'reserved (discard)'],
  ['2001::/32', 'reserved (Teredo)'],
  ['fec0::/10', 'reserved (site-local)']
]

/**
 * IPv6 ranges that carry an IPv4 address, where it sits, and how the carrier is named: judged
 * by the IPv4 address inside. Only the IPv4-mapped form (no name) is that address itself; the
 * others are routed by their IPv6 prefix, so a loopback address inside one is not this machine.
 */
const CARRIER_RANGES: [string, bigint, string | undefined][] = [
  ['::ffff:0:0/96', 0n, undefined],
  ['64:ff9b::/96', 0n, 'NAT64'],
  ['64:ff9b:1::/48', 0n, 'NAT64'],
  ['2002::/16', 80n, '6to4'],
  ['::/96', 0n, 'IPv4-compatible']
]

let parsed: { special: [Cidr, string][]; carriers: [Cidr, bigint, string | undefined][] } | undefined
function ranges(): NonNullable<typeof parsed> {
  parsed ??= {
    special: SPECIAL_RANGES.map(([range, word]) => [cidr(range), word]),
    carriers: CARRIER_RANGES.map(([range, shift, name]) => [cidr(range), shift, name])
  }
  return parsed
}

/**
 * Why `ip` is not a public address ('loopback', 'link-local', 'private', …), or undefined when
 * it is one. A loopback address inside a carrier other than the IPv4-mapped form is named with
 * its carrier ('loopback (in 6to4 form)'), so it never reads as this machine.
 */
export function specialRange(ip: Ip): string | undefined {
  if (ip.version === 6) {
    for (const [range, shift, name] of ranges().carriers) {
      if (!inCidr(ip, range) || ip.value === 0n || ip.value === 1n) continue
      const inside = specialRange({ version: 4, value: (ip.value >> shift) & 0xffffffffn })
      return inside === LOOPBACK && name !== undefined ? `${LOOPBACK} (in ${name} form)` : inside
    }
  }
  return ranges().special.find(([range]) => inCidr(ip, range))?.[1]
}
