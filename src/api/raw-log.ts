/**
 * Fetching a build's archived log from its `expiring_raw_log_url`: a signed URL (valid ten
 * minutes) that is itself the credential, so it is fetched with no Authorization header (the
 * service's token must never go there, and a signed storage URL refuses a second credential),
 * through the same proxy rules as every other request, and streamed, so its size costs no memory.
 */
import { USER_AGENT } from '../constants.js'
import { bareHostName, parseIp, specialRange } from '../http/addresses.js'
import { open } from '../http/transport.js'

/** Whether the host is a name or a public address: the same address rules as artifact downloads (src/http/addresses.ts). */
function publicHost(url: URL): boolean {
  const host = bareHostName(url.hostname).toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return false
  const ip = parseIp(host)
  return ip === undefined || specialRange(ip) === undefined
}

/**
 * Why the raw log URL is not fetched, or undefined when it may be: it must be `https:` to a
 * name or public address, or on the service's own origin (the emulator serves it there, over
 * http on loopback, and the token already goes to that origin).
 */
export function rawLogUrlRefusal(url: URL, serviceOrigin: string | undefined): string | undefined {
  if (serviceOrigin !== undefined && url.origin === serviceOrigin) return undefined
  if (url.protocol !== 'https:') return `it is not an https: URL (${url.protocol.replace(':', '')})`
  if (!publicHost(url)) return 'it points at a loopback, private or link-local address'
  return undefined
}

/**
 * The archived log, opened to be streamed (read as it arrives, never held whole); throws an error
 * saying why it could not be opened (never quoting the URL). `signal` ends the read, and with it
 * the stream.
 */
export async function openRawLog(
  address: string,
  serviceOrigin: string | undefined,
  signal: AbortSignal
): Promise<AsyncIterable<Buffer>> {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new Error('the archived log URL is not a URL')
  }
  const refusal = rawLogUrlRefusal(url, serviceOrigin)
  if (refusal) throw new Error(`the archived log URL was not fetched: ${refusal}`)
  const res = await open({
    method: 'GET',
    url,
    peer: 'signed-url',
    headers: { 'user-agent': USER_AGENT, accept: 'text/plain, */*' },
    signal
  })
  const status = res.statusCode ?? 0
  if (status < 200 || status >= 300) res.destroy()
  // A redirect is not followed: the signed URL is the whole credential, and where it would lead was never checked.
  if (status >= 300 && status < 400)
    throw new Error(`the archived log URL answered a redirect (${status}), which is not followed`)
  if (status < 200 || status >= 300) throw new Error(`the archived log URL answered ${status}`)
  return res
}
