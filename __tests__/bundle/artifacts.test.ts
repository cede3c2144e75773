/**
 * download-artifacts never deletes nor replaces what was in the folder, through dist/index.js
 * against a fake service: files, links (to a file outside, and dangling) and a folder are
 * planted under the artifacts' own titles, or under names equal to them the way a case- or
 * normalisation-insensitive file system compares names; every one is left as it was (content,
 * inode, mtime, link target), every artifact lands under a name of its own, Windows-reserved
 * names are renamed, and a download refused while streaming removes only its own file.
 */
import { describe, expect, it } from '@jest/globals'
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fakeServices, type Routes } from '../helpers/fake-service.js'
import { randomInt, randomString } from '../helpers/random.js'
import { runAction } from '../helpers/run-action.js'

const serve = fakeServices()
const LIST = 'GET /apps/app-1/builds/b-1/artifacts'
const word = (): string => randomString(6 + randomInt(6))
const key = (name: string): string => name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC')
/** Upper and lower case mixed at random, so a name and its planted twin differ only by case. */
const recase = (name: string): string =>
  [...name].map((c) => (randomInt(2) ? c.toUpperCase() : c.toLowerCase())).join('')

/** A fake service whose build has one artifact per title; the body of each is random, `big` ones past the limit. */
async function service(titles: string[], big: Set<number> = new Set()) {
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

interface Planted {
  name: string
  check: () => void
}

/** Plants a file, a link to a file outside, a dangling link or a folder at `name`, and returns a check that it is untouched. */
function plant(dir: string, outside: string, name: string, kind: number): Planted {
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

function setup() {
  const workspace = mkdtempSync(join(tmpdir(), 'artifact-files-'))
  const outside = mkdtempSync(join(tmpdir(), 'artifact-outside-'))
  const dir = join(workspace, 'out')
  mkdirSync(dir)
  return { workspace, outside, dir }
}

const run = (url: string, workspace: string, inputs: Record<string, string> = {}) =>
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

describe('download-artifacts and what is already in the folder', () => {
  it('leaves every planted file, link and folder as it was, and gives every artifact a name of its own', async () => {
    const { workspace, outside, dir } = setup()
    const base = Array.from({ length: 8 }, () => `${word()}.${['apk', 'ipa', 'json', 'txt'][randomInt(4)]}`)
    const accented = `r\u00e9sum\u00e9-${word()}.txt`
    // The titles: each base name as is, and the accented one twice (composed and decomposed) and in another case.
    const titles = [
      ...base,
      accented,
      accented.normalize('NFD'),
      recase(accented),
      'CON',
      `nul.${word()}`,
      `${word()}. . `,
      `COM${1 + randomInt(9)}`
    ]
    // The planted names: the titles themselves, or their case- or normalisation-twins.
    const planted = base.map((name, i) => plant(dir, outside, i % 2 === 0 ? name : recase(name), i % 4))
    planted.push(plant(dir, outside, accented.normalize('NFD').toUpperCase(), randomInt(4)))
    const { fake, bodies } = await service(titles)
    const result = await run(fake.url, workspace)
    expect(result.code).toBe(0)
    for (const entry of planted) entry.check()
    const plantedKeys = new Set(planted.map((p) => key(p.name)))
    const added = readdirSync(dir).filter((name) => !planted.some((p) => p.name === name))
    expect(added).toHaveLength(titles.length)
    const keys = added.map(key)
    expect(new Set(keys).size).toBe(titles.length)
    expect(keys.filter((k) => plantedKeys.has(k))).toEqual([])
    expect(added.filter((name) => /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(name) || /[. ]$/.test(name))).toEqual(
      []
    )
    const contents = added.map((name) => readFileSync(join(dir, name), 'utf8')).sort()
    expect(contents).toEqual([...bodies].sort())
  })

  it('removes only its own partial file when a download with an existing name grows past the limit', async () => {
    const { workspace, outside, dir } = setup()
    const titles = Array.from({ length: 4 }, () => `${word()}.bin`)
    const planted = titles.map((title, i) => plant(dir, outside, randomInt(2) ? title : recase(title), i))
    const { fake } = await service(titles, new Set(titles.map((_, i) => i)))
    const result = await run(fake.url, workspace, { 'max-artifact-bytes': String(1000 + randomInt(1000)) })
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/grew past max-artifact-bytes/)
    for (const entry of planted) entry.check()
    expect(readdirSync(dir).sort()).toEqual(planted.map((p) => p.name).sort())
  })
})
