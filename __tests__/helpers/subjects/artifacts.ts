/**
 * What the artifact tests share: a fake service listing artifacts of random titles, files planted
 * in the download folder and outside it, and a list-artifacts step that downloads into `out`.
 */
import { expect } from '@jest/globals'
import { lstatSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fakeServices, type Routes } from '../fake-service.js'
import { randomInt, randomString } from '../random.js'
import { runAction } from '../run-action.js'
import { tempDir } from '../temp-dirs.js'

export const LIST = 'GET /apps/app-1/builds/b-1/artifacts'
export const word = (): string => randomString(6 + randomInt(6))
export const key = (name: string): string => name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC')
/** Upper and lower case mixed at random, so a name and its planted twin differ only by case. */
export const recase = (name: string): string =>
  [...name].map((c) => (randomInt(2) ? c.toUpperCase() : c.toLowerCase())).join('')

/** A fake service whose build has one artifact per title; the body of each is random, `big` ones past the limit. */
export async function service(titles: string[], big: Set<number> = new Set()) {
  const bodies = titles.map((_, i) => randomString(big.has(i) ? 4000 : 20 + i))
  const items = titles.map((title, i) => ({
    slug: `art-${i}`,
    title,
    artifact_type: 'file',
    file_size_bytes: 10,
    is_public_page_enabled: false
  }))
  const routes: Routes = { [LIST]: { body: { data: items, paging: {} } } }
  let origin = ''
  items.forEach((item, i) => {
    routes[`GET /apps/app-1/builds/b-1/artifacts/${item.slug}`] = () => ({
      body: { data: { ...item, expiring_download_url: `${origin}/dl/${item.slug}?sig=${randomString(30)}` } }
    })
    routes[`GET /dl/${item.slug}`] = { raw: bodies[i], headers: { 'content-type': 'application/octet-stream' } }
  })
  const fake = await serve(routes)
  origin = fake.origin
  return { fake, bodies }
}

export interface Planted {
  name: string
  check: () => void
}

/** Plants a file, a link to a file outside, a dangling link or a folder at `name`, and returns a check that it is untouched. */
export function plant(dir: string, outside: string, name: string, kind: number): Planted {
  const path = join(dir, name)
  if (kind === 0) writeFileSync(path, randomString(30))
  else if (kind === 1) {
    const target = join(outside, randomString(10))
    writeFileSync(target, randomString(30))
    symlinkSync(target, path)
  } else if (kind === 2) symlinkSync(join(outside, `missing-${randomString(8)}`), path)
  else {
    mkdirSync(path)
    writeFileSync(join(path, 'inside'), randomString(30))
  }
  const before = lstatSync(path)
  const content = kind === 0 ? readFileSync(path) : kind === 1 ? readFileSync(path) : undefined
  const link = kind === 1 || kind === 2 ? readlinkSync(path) : undefined
  const inner = kind === 3 ? readFileSync(join(path, 'inside')) : undefined
  return {
    name,
    check: () => {
      const after = lstatSync(path)
      expect({ name, ino: after.ino, mtime: after.mtimeMs, mode: after.mode }).toEqual({
        name,
        ino: before.ino,
        mtime: before.mtimeMs,
        mode: before.mode
      })
      if (content) expect(readFileSync(path)).toEqual(content)
      if (link) expect(readlinkSync(path)).toBe(link)
      if (inner) expect(readFileSync(join(path, 'inside'))).toEqual(inner)
    }
  }
}

export function setup() {
  const workspace = tempDir('artifact-files-')
  const outside = tempDir('artifact-outside-')
  const dir = join(workspace, 'out')
  mkdirSync(dir)
  return { workspace, outside, dir }
}

export const run = (url: string, workspace: string, inputs: Record<string, string> = {}) =>
  runAction(
    {
      operation: 'list-artifacts',
      token: `tok_${randomString(30)}`,
      'base-url': url,
      'app-slug': 'app-1',
      'build-slug': 'b-1',
      'download-artifacts': 'out',
      ...inputs
    },
    { workspace }
  )

let serve: ReturnType<typeof fakeServices>

/** Starts the file's fake services for each test (`service`) and closes them after it. */
export function useArtifactServices(): void {
  serve = fakeServices()
}
