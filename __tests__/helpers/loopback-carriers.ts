/**
 * IPv6 addresses that carry a 127.x address inside them without being routed to this machine
 * (RFC 4291 2.5.5.1 IPv4-compatible, RFC 3056 6to4, RFC 6052 and RFC 8215 NAT64, RFC 4380
 * Teredo, RFC 5214 ISATAP, RFC 6145 IPv4-translated), drawn afresh from the tests' seeded
 * generator, and the pieces they are made of.
 */
import { randomInt } from './random.js'

/** A random 16-bit group in hex. */
export const hex16 = (): string => randomInt(0x10000).toString(16)
/** A random 127.0.0.0/8 address as four octets. */
export const loopbackOctets = (): number[] => [127, randomInt(256), randomInt(256), randomInt(256)]
/** Octets as a dotted IPv4 address. */
export const dotted = (octets: number[]): string => octets.join('.')
/** The last 32 bits of an IPv6 address, in either spelling at random: dotted or two hex groups. */
export const low32 = (octets: number[]): string =>
  randomInt(2)
    ? dotted(octets)
    : `${((octets[0] << 8) | octets[1]).toString(16)}:${((octets[2] << 8) | octets[3]).toString(16)}`

/** IPv6 forms that carry a loopback IPv4 address without being routed to this machine, drawn afresh. */
export const CARRIERS: Array<[string, () => string]> = [
  ['IPv4-compatible (::/96)', () => `::${low32(loopbackOctets())}`],
  [
    '6to4 (2002::/16)',
    () => {
      const [a, b, c, d] = loopbackOctets()
      const v4 = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
      return randomInt(2)
        ? `2002:${v4}::${hex16()}`
        : `2002:${v4}:${hex16()}:${hex16()}:${hex16()}:${hex16()}:${hex16()}`
    }
  ],
  ['NAT64 (64:ff9b::/96)', () => `64:ff9b::${low32(loopbackOctets())}`],
  ['NAT64 local-use (64:ff9b:1::/48)', () => `64:ff9b:1:${hex16()}::${low32(loopbackOctets())}`],
  [
    'Teredo (2001::/32)',
    () => {
      // The client's address is stored with every bit flipped (RFC 4380 4), the server's as it is.
      const client = loopbackOctets().map((octet) => 255 - octet)
      return `2001:0:${hex16()}:${hex16()}:${hex16()}:${hex16()}:${((client[0] << 8) | client[1]).toString(16)}:${((client[2] << 8) | client[3]).toString(16)}`
    }
  ],
  [
    'ISATAP (…:0:5efe:a.b.c.d)',
    () =>
      `${['fe80', '2001:db8', `2a0${randomInt(10)}:${hex16()}`][randomInt(3)]}::${['0', '200'][randomInt(2)]}:5efe:${low32(loopbackOctets())}`
  ],
  ['IPv4-translated (::ffff:0:0:0/96)', () => `::ffff:0:${low32(loopbackOctets())}`]
]
