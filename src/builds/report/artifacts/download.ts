/**
 * Downloading artifacts to a folder: streamed to disk, refused past a size limit
 * (by the declared size first, then while streaming), under names made safe (see
 * file-names.ts), so nothing the service sends can write outside the chosen folder or
 * touch what is in it. The signed URL carries no service token; it and every redirect
 * are fetched only over https, to public addresses, through the action's transport and
 * so through the runner's proxy as every other request.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns'
import { mkdir } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import type { LookupFunction } from 'node:net'
import { join, resolve, sep } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { USER_AGENT } from '../../../constants.js'
import { bareHostName, isLoopbackHost, parseIp, specialRange } from '../../../http/addresses.js'
import { attemptSignal } from '../../../http/attempt-signal.js'
import { open } from '../../../http/transport.js'
import { createNewFile } from './file-names.js'

export { namesIn, safeFileName } from './file-names.js'

const REQUEST_TIMEOUT_MS = 10 * 60_000
/** Redirects followed from the signed URL: a storage service needs one or two. */
export const MAX_REDIRECTS = 5

/** Where downloads may go: loopback only when the service itself is on this machine (the emulator, the tests). */
export interface DownloadPolicy {
  allowLoopback: boolean
}

/** Why a download may not connect to the address `text`, or undefined when it may. */
export function addressProblem(text: string, policy: DownloadPolicy): string | undefined {
  const ip = parseIp(bareHostName(text))
  const range = ip && specialRange(ip)
  if (!range || (range === 'loopback' && policy.allowLoopback)) return undefined
  return `${bareHostName(text)} is a ${range} address`
}

/** Why a download may not go to `url` (the signed URL or a redirect), judged before any connection; undefined when it may. */
export function downloadUrlProblem(url: URL, policy: DownloadPolicy): string | undefined {
  const loopbackName = /(^|\.)localhost$/.test(bareHostName(url.hostname))
  const local = isLoopbackHost(url.hostname) || loopbackName
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && policy.allowLoopback)) {
    return `it is a ${url.protocol.replace(/:$/, '')}: URL, and downloads use https: only`
  }
  if (loopbackName && !policy.allowLoopback) return `${url.hostname} is this machine`
  return addressProblem(url.hostname, policy)
}

/** A DNS lookup for direct connections that refuses a name resolving to any address `addressProblem` refuses; the address checked is the one connected to. */
export function guardedLookup(policy: DownloadPolicy, resolveName: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolveName(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const refused = addresses.map((a) => addressProblem(a.address, policy)).find(Boolean)
      if (refused || addresses.length === 0) {
        const reason = `${hostname} resolves to an address downloads may not reach (${refused ?? 'none'})`
        return callback(Object.assign(new Error(reason), { code: 'EADDRNOTAVAIL', refusal: reason }), '', 0)
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0].address, addresses[0].family)
    })
  }
}

/** The answer of `url` after redirects, each checked by `downloadUrlProblem`; any other answer than 2xx throws. */
async function fetchFollowing(url: string, policy: DownloadPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  let current = URL.canParse(url) ? new URL(url) : undefined
  for (let redirects = 0; ; redirects++) {
    if (!current) throw new Error(`the ${redirects ? 'redirect of the download' : 'download URL'} is not a URL`)
    const problem = downloadUrlProblem(current, policy)
    if (problem)
      throw new Error(
        `the download ${redirects ? `was redirected to a URL that is refused: ${problem}` : `URL is refused: ${problem}`}`
      )
    let res: IncomingMessage
    try {
      res = await open({
        method: 'GET',
        url: current,
        peer: 'signed-url',
        headers: { 'user-agent': USER_AGENT },
        signal,
        lookup: guardedLookup(policy)
      })
    } catch (error) {
      const refusal =
        (error as { refusal?: string; proxyFailure?: string }).refusal ??
        (error as { proxyFailure?: string }).proxyFailure
      throw new Error(`the download failed: ${refusal ?? (error as Error).message}`, { cause: error })
    }
    const status = res.statusCode ?? 0
    const location = res.headers.location
    if (status >= 300 && status < 400 && location) {
      res.destroy()
      if (redirects >= MAX_REDIRECTS) throw new Error(`the download was redirected more than ${MAX_REDIRECTS} times`)
      current = URL.canParse(location, current.href) ? new URL(location, current) : undefined
      continue
    }
    if (status < 200 || status >= 300) {
      res.destroy()
      throw new Error(`the download answered ${status}`)
    }
    return res
  }
}

/** One download: where from (a secret), its declared size, and the file name to use. */
export interface DownloadRequest {
  url: string
  declaredBytes?: number
  fileName: string
}

/** Downloads one artifact into `dir`, refusing it past `maxBytes`; returns the file's path and size. */
export async function downloadArtifact(
  dir: string,
  request: DownloadRequest,
  maxBytes: number,
  policy: DownloadPolicy,
  signal: AbortSignal
): Promise<{ path: string; bytes: number }> {
  const { fileName } = request
  if (request.declaredBytes !== undefined && request.declaredBytes > maxBytes) {
    throw new Error(
      `${fileName} is ${request.declaredBytes} bytes, over max-artifact-bytes (${maxBytes}); it was not downloaded`
    )
  }
  const root = resolve(dir)
  const path = resolve(root, fileName)
  if (!path.startsWith(root + sep))
    throw new Error(`the file name ${JSON.stringify(fileName)} would leave the download folder`)
  await mkdir(root, { recursive: true })
  // Released when the download ends: AbortSignal.timeout and AbortSignal.any kept a ten-minute
  // timer and a listener on the step's signal alive for every file downloaded.
  const limited = attemptSignal(REQUEST_TIMEOUT_MS, signal)
  try {
    return { path: join(dir, fileName), bytes: await downloadTo(path, request, maxBytes, policy, limited.signal) }
  } finally {
    limited.release()
  }
}

/** The download itself, under `signal`: the answer streamed to a new file at `path`; returns its size. */
async function downloadTo(
  path: string,
  request: DownloadRequest,
  maxBytes: number,
  policy: DownloadPolicy,
  signal: AbortSignal
): Promise<number> {
  const { fileName } = request
  let res: IncomingMessage
  try {
    res = await fetchFollowing(request.url, policy, signal)
  } catch (error) {
    throw new Error(`${fileName}: ${(error as Error).message}`, { cause: error })
  }
  const length = Number(res.headers['content-length'])
  if (length > maxBytes) {
    res.destroy()
    throw new Error(`${fileName} is ${length} bytes, over max-artifact-bytes (${maxBytes}); it was not downloaded`)
  }
  let bytes = 0
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      if (bytes > maxBytes)
        done(
          new Error(
            `${fileName} grew past max-artifact-bytes (${maxBytes}) while downloading; the partial file was removed`
          )
        )
      else done(null, chunk)
    }
  })
  let file
  try {
    file = await createNewFile(path, fileName)
  } catch (error) {
    res.destroy()
    throw error
  }
  try {
    await pipeline(res, limit, file.stream)
  } catch (error) {
    await file.discard()
    throw error
  }
  return bytes
}
