/**
 * Who may use the `/_emulator/*` control endpoints. They can reset the world, read every
 * app's state and inject faults, so once the emulator listens beyond loopback they need a
 * token that only the person who started it has seen.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'

export const CONTROL_TOKEN_HEADER = 'x-emulator-control-token'

/** Whether a host name or address reaches only this machine: 127.0.0.0/8, ::1 (any spelling, or IPv4-mapped), localhost. */
export function isLoopbackHost(host: string): boolean {
  let name = host.trim().toLowerCase()
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1)
  if (name === 'localhost' || name === 'localhost.') return true
  if (isIPv4(name)) return name.split('.')[0] === '127'
  if (!isIPv6(name)) return false
  let canonical: string
  try {
    canonical = new URL(`http://[${name}]/`).hostname
  } catch {
    // A zone index (fe80::1%eth0) is no loopback address and no URL host either.
    return false
  }
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical)
}

/** Whether the control endpoints need a token: always off loopback, and on loopback when asked. */
export function controlTokenRequired(host: string, requested = false): boolean {
  return requested || !isLoopbackHost(host)
}

/** A fresh random control token. */
export function newControlToken(): string {
  return randomBytes(24).toString('base64url')
}

/** Compares a presented token with the expected one in constant time (hashing first evens out the lengths). */
export function controlTokenMatches(presented: string | string[] | undefined, expected: string): boolean {
  if (typeof presented !== 'string') return false
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(presented), digest(expected))
}
