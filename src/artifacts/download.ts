/**
 * Downloading artifacts to a folder: streamed to disk, refused past a size limit
 * (by the declared size first, then while streaming), under names made safe, so
 * nothing the service sends can write outside the chosen folder. The signed URL
 * carries no service token: it is fetched as is.
 */
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { basename, join, resolve, sep } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

const REQUEST_TIMEOUT_MS = 10 * 60_000

/** A file name from the service made safe: no folders, no leading dots, no control or reserved characters. */
export function safeFileName(title: string, fallback: string, taken: Set<string>): string {
  // eslint-disable-next-line no-control-regex
  let name = basename(title.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').replace(/^[.\s]+/, '').trim().slice(0, 200)
  if (name === '') name = fallback
  let candidate = name
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${n}-${name}`
  taken.add(candidate.toLowerCase())
  return candidate
}

/** One download: where from (a secret), its declared size, and the file name to use. */
export interface DownloadRequest {
  url: string
  declaredBytes?: number
  fileName: string
}

/** Downloads one artifact into `dir`, refusing it past `maxBytes`; returns the file's path and size. */
export async function downloadArtifact(dir: string, request: DownloadRequest, maxBytes: number, signal: AbortSignal): Promise<{ path: string; bytes: number }> {
  if (request.declaredBytes !== undefined && request.declaredBytes > maxBytes) {
    throw new Error(`${request.fileName} is ${request.declaredBytes} bytes, over max-artifact-bytes (${maxBytes}); it was not downloaded`)
  }
  const root = resolve(dir)
  const path = resolve(root, request.fileName)
  if (!path.startsWith(root + sep)) throw new Error(`the file name ${JSON.stringify(request.fileName)} would leave the download folder`)
  await mkdir(root, { recursive: true })
  const res = await fetch(request.url, { redirect: 'follow', signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) })
  if (!res.ok || !res.body) {
    await res.body?.cancel()
    throw new Error(`the download of ${request.fileName} answered ${res.status}`)
  }
  const length = Number(res.headers.get('content-length'))
  if (length > maxBytes) {
    await res.body.cancel()
    throw new Error(`${request.fileName} is ${length} bytes, over max-artifact-bytes (${maxBytes}); it was not downloaded`)
  }
  let bytes = 0
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      if (bytes > maxBytes) done(new Error(`${request.fileName} grew past max-artifact-bytes (${maxBytes}) while downloading; the partial file was removed`))
      else done(null, chunk)
    }
  })
  try {
    await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), limit, createWriteStream(path, { flags: 'wx' }))
  } catch (error) {
    await rm(path, { force: true })
    throw error
  }
  return { path: join(dir, request.fileName), bytes }
}
