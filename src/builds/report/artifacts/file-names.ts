/**
 * Names and files of downloaded artifacts. A title comes from the service: it becomes a
 * name that stays in the folder, that Windows accepts, and that no other name of the folder
 * (one already there, or one given earlier in the same step) equals the way a case- or
 * normalisation-insensitive file system compares them. A file is only ever created, never
 * opened over an existing path; and only a file the step created is ever removed.
 */
import { constants, type WriteStream } from 'node:fs'
import { open, readdir, rm } from 'node:fs/promises'
import { basename } from 'node:path'

/** Longest name, in UTF-8 bytes: file systems allow 255, and a `n-` prefix may be added. */
const MAX_NAME_BYTES = 200

/** Device names Windows reserves, with or without an extension (`CON`, `nul.txt`, `COM1`, `LPT¹`). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$|clock\$)(\..*)?$/i

/** How a case- and normalisation-insensitive file system (macOS, Windows) compares `name`: two names with one key are one file there. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC')
}

/** `text` cut to at most `max` UTF-8 bytes, never inside a character. */
function cutToBytes(text: string, max: number): string {
  let out = ''
  for (const char of text) {
    if (Buffer.byteLength(out + char) > max) break
    out += char
  }
  return out
}

/** One name made safe: no folders, no control or reserved characters, no leading dots or spaces, none trailing (Windows drops them). */
function sanitize(title: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = basename(title.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
  const name = cutToBytes(plain.replace(/^[.\s]+/, ''), MAX_NAME_BYTES).replace(/[.\s]+$/, '')
  return WINDOWS_RESERVED.test(name) ? `_${name}` : name
}

/** A file name from the service made safe, and unique among `taken` (keys of `nameKey`), which it joins. */
export function safeFileName(title: string, fallback: string, taken: Set<string>): string {
  const name = sanitize(title) || sanitize(fallback) || 'artifact'
  let candidate = name
  for (let n = 2; taken.has(nameKey(candidate)); n += 1) candidate = `${n}-${name}`
  taken.add(nameKey(candidate))
  return candidate
}

/** The keys of every name already in `dir` (files, links, folders), so no artifact is given one of them; empty when `dir` does not exist yet. */
export async function namesIn(dir: string): Promise<Set<string>> {
  try {
    return new Set((await readdir(dir)).map(nameKey))
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return new Set()
    throw error
  }
}

/** A file created by this step, to write into; `discard` removes it, and nothing else. */
export interface CreatedFile {
  stream: WriteStream
  discard(): Promise<void>
}

/**
 * Creates `path`, failing when anything is there already, a dangling link included
 * (O_EXCL does not follow a link); what was there is left as it was.
 */
export async function createNewFile(path: string, shown: string): Promise<CreatedFile> {
  let handle
  try {
    handle = await open(
      path,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
      0o644
    )
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST')
      throw new Error(
        `${shown} was not downloaded: something of that name appeared in the folder meanwhile, and it was left as it is`,
        { cause: error }
      )
    throw error
  }
  const stream = handle.createWriteStream()
  return {
    stream,
    discard: async () => {
      stream.destroy()
      await rm(path, { force: true })
    }
  }
}
