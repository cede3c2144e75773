/**
 * download-artifacts never deletes nor replaces what was in the folder, through dist/index.js
 * against a fake service: files, links (to a file outside, and dangling) and a folder are
 * planted under the artifacts' own titles, or under names equal to them the way a case- or
 * normalisation-insensitive file system compares names; every one is left as it was (content,
 * inode, mtime, link target), every artifact lands under a name of its own, Windows-reserved
 * names are renamed, and a download refused while streaming removes only its own file.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
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
import { bundledSeed } from '../../../emulator/model/seed.js'
import { type FakeService, fakeServices, type Routes } from '../../helpers/fake-service.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import {
  clearRequestLog,
  errorLine,
  expectFailed,
  expectPassed,
  removeWorkspaces,
  requestLog,
  resetEmulator,
  type RunningEmulator,
  SAME_REPOSITORY,
  startE2eEmulator,
  step,
  workspace
} from '../../helpers/scenarios/emulator-steps.js'

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

/**
 * list-artifacts through dist/index.js against the fake service: a list over two
 * pages, public install pages only where public, downloads into the workspace
 * with the signed URLs masked and kept out of the outputs, and a download past
 * max-artifact-bytes refused.
 */
describe('against a fake service', () => {
  const serve = fakeServices()
  const TOKEN = `tok_${randomString(30)}`
  const LIST = 'GET /apps/app-1/builds/b-1/artifacts'

  interface Setup {
    service: FakeService
    signatures: string[]
    bodies: Map<string, Buffer>
  }

  /** 53 artifacts over two pages; every tenth has a public page; each has a signed URL and a body of `size(i)` bytes. */
  async function setup(size: (i: number) => number, declared = size): Promise<Setup> {
    const signatures: string[] = []
    const bodies = new Map<string, Buffer>()
    const items = Array.from({ length: 53 }, (_, i) => ({
      slug: `art-${i}`,
      title: i === 0 ? '../../escape.ipa' : `file-${i}.apk`,
      artifact_type: 'android-apk',
      file_size_bytes: declared(i),
      is_public_page_enabled: i % 10 === 0
    }))
    const routes: Routes = {
      [LIST]: (req) =>
        req.query.next
          ? { body: { data: items.slice(50), paging: {} } }
          : { body: { data: items.slice(0, 50), paging: { next: 'art-50' } } }
    }
    let origin = ''
    items.forEach((item, i) => {
      const signature = randomString(40)
      signatures.push(signature)
      bodies.set(item.slug, Buffer.from(randomString(size(i))))
      routes[`GET /apps/app-1/builds/b-1/artifacts/${item.slug}`] = () => ({
        body: {
          data: {
            ...item,
            expiring_download_url: `${origin}/dl/${item.slug}?signature=${signature}`,
            public_install_page_url: `https://install.example/${item.slug}`
          }
        }
      })
      routes[`GET /dl/${item.slug}`] = () => ({
        raw: bodies.get(item.slug)!.toString(),
        headers: { 'content-type': 'application/octet-stream' }
      })
    })
    const service = await serve(routes)
    origin = service.origin
    return { service, signatures, bodies }
  }

  const run = (service: FakeService, inputs: Record<string, string>, workspace?: string) =>
    runAction(
      {
        operation: 'list-artifacts',
        token: TOKEN,
        'base-url': service.url,
        'app-slug': 'app-1',
        'build-slug': 'b-1',
        ...inputs
      },
      { workspace }
    )

  describe('list-artifacts', () => {
    it('lists artifacts across two pages, with install pages only where public', async () => {
      const { service } = await setup(() => 10)
      const result = await run(service, {})
      expect(result.code).toBe(0)
      const artifacts = JSON.parse(result.outputs.artifacts)
      expect(artifacts).toHaveLength(53)
      expect(service.calls(LIST).map((c) => c.query.next ?? '')).toEqual(['', 'art-50'])
      expect(
        artifacts
          .filter((a: { public_install_page_url?: string }) => a.public_install_page_url)
          .map((a: { slug: string }) => a.slug)
      ).toEqual(['art-0', 'art-10', 'art-20', 'art-30', 'art-40', 'art-50'])
      expect(artifacts[1]).toEqual({
        slug: 'art-1',
        title: 'file-1.apk',
        artifact_type: 'android-apk',
        file_size_bytes: 10
      })
    })

    it('downloads every artifact inside the folder, masks the signed URLs and keeps them out of the outputs', async () => {
      const { service, signatures, bodies } = await setup((i) => 5 + i)
      const workspace = mkdtempSync(join(tmpdir(), 'artifacts-'))
      const result = await run(service, { 'download-artifacts': 'out' }, workspace)
      expect(result.code).toBe(0)
      const dir = join(workspace, 'out')
      expect(readdirSync(dir)).toHaveLength(53)
      expect(readdirSync(workspace)).toEqual(['out'])
      expect(readFileSync(join(dir, 'escape.ipa'))).toEqual(bodies.get('art-0'))
      expect(readFileSync(join(dir, 'file-7.apk'))).toEqual(bodies.get('art-7'))
      expect(result.outputs['artifacts-dir']).toBe(dir)
      expectNoSecrets(result, [TOKEN, ...signatures.filter((s) => s.length >= 12)])
      expect(result.stdout.split(`::add-mask::${service.origin}/dl/`).length - 1).toBe(53)
      expect(JSON.stringify(result.outputs)).not.toContain('signature=')
    })

    it('refuses a download past max-artifact-bytes, by the declared size and while streaming', async () => {
      const limit = 100 + randomString(2, '0123456789').length
      // art-3 declares a small size but sends a large body; art-5 declares a large one.
      const { service } = await setup(
        (i) => (i === 3 ? limit * 4 : i === 5 ? limit * 2 : 20),
        (i) => (i === 5 ? limit * 2 : 20)
      )
      const workspace = mkdtempSync(join(tmpdir(), 'artifacts-'))
      const result = await run(service, { 'download-artifacts': 'out', 'max-artifact-bytes': String(limit) }, workspace)
      expect(result.code).toBe(1)
      expect(result.stdout).toMatch(/file-5\.apk is \d+ bytes, over max-artifact-bytes/)
      expect(result.stdout).toMatch(/file-3\.apk (is \d+ bytes|grew past) .*max-artifact-bytes/)
      const files = readdirSync(join(workspace, 'out'))
      expect(files).not.toContain('file-3.apk')
      expect(files).not.toContain('file-5.apk')
      expect(service.calls('GET /dl/art-5')).toHaveLength(0)
    })
  })
})

/**
 * A waited trigger that lists and downloads the build's artifacts once it has succeeded,
 * through dist/index.js against the emulator: the list over two pages, the files in the
 * workspace, downloads past max-artifact-bytes refused, nothing asked of a failed build, and
 * list-artifacts refused without wait.
 */
describe('on a waited trigger, against the emulator', () => {
  /** More artifacts than one page of 50 holds, of random sizes, some with a public install page. */
  const ARTIFACTS = Array.from({ length: 51 + randomInt(10) }, (_, i) => ({
    title: `${randomString(8)}-${i}.zip`,
    artifact_type: 'file',
    file_size_bytes: 1 + randomInt(2000),
    is_public_page_enabled: i % 3 === 0
  }))

  let emu: RunningEmulator
  beforeAll(async () => {
    const seed = bundledSeed()
    for (const app of seed.apps ?? []) if (app.slug === 'ios-app') app.artifacts = ARTIFACTS
    emu = await startE2eEmulator({ seed })
  })
  beforeEach(async () => resetEmulator(emu))
  afterAll(async () => {
    removeWorkspaces()
    await emu?.close()
  })

  const ON_MAIN = { 'from-event': 'false', branch: 'main', workflow: 'primary', ...SAME_REPOSITORY }

  describe('artifacts on a waited trigger', () => {
    it('list-artifacts and download-artifacts: every artifact over two pages, listed and downloaded once the build succeeded', async () => {
      const dir = workspace()
      const result = await step(
        emu,
        'trigger',
        { 'app-slug': 'ios-app', ...ON_MAIN, wait: 'true', 'list-artifacts': 'true', 'download-artifacts': 'dist/out' },
        { workspace: dir }
      )
      expectPassed(result)
      expect(result.outputs['build-status']).toBe('success')
      const listed = JSON.parse(result.outputs.artifacts) as {
        title: string
        file_size_bytes: number
        public_install_page_url?: string
      }[]
      expect(listed.map((a) => [a.title, a.file_size_bytes, a.public_install_page_url !== undefined])).toEqual(
        ARTIFACTS.map((a) => [a.title, a.file_size_bytes, a.is_public_page_enabled])
      )
      expect(result.outputs['artifacts-dir']).toBe(join(dir, 'dist', 'out'))
      expect(readdirSync(join(dir, 'dist', 'out')).sort()).toEqual(ARTIFACTS.map((a) => a.title).sort())
      for (const a of ARTIFACTS) expect(readFileSync(join(dir, 'dist', 'out', a.title)).length).toBe(a.file_size_bytes)
      // The response output stays the build's record, not the artifact list.
      expect(JSON.parse(result.outputs.response).data.slug).toBe(result.outputs['build-slug'])
      const pages = (await requestLog(emu)).filter((r) => r.method === 'GET' && r.path.endsWith('/artifacts'))
      expect(pages).toHaveLength(2)
      expect(JSON.stringify(result.outputs)).not.toContain('/_downloads/')
    })

    it('download-artifacts past max-artifact-bytes: the larger artifacts are refused and not written, the smaller ones downloaded', async () => {
      const sizes = ARTIFACTS.map((a) => a.file_size_bytes).sort((x, y) => x - y)
      // A random limit strictly between the smallest and the largest artifact, so both kinds occur.
      const limit = sizes[0] + randomInt(sizes[sizes.length - 1] - sizes[0])
      const dir = workspace()
      const result = await step(
        emu,
        'trigger',
        {
          'app-slug': 'ios-app',
          ...ON_MAIN,
          wait: 'true',
          'download-artifacts': 'out',
          'max-artifact-bytes': String(limit)
        },
        { workspace: dir }
      )
      expectFailed(result)
      expect(result.stdout).toMatch(/is \d+ bytes, over max-artifact-bytes/)
      const written = readdirSync(join(dir, 'out'))
      for (const a of ARTIFACTS)
        expect([a.title, written.includes(a.title)]).toEqual([a.title, a.file_size_bytes <= limit])
      for (const title of written) expect(readFileSync(join(dir, 'out', title)).length).toBeLessThanOrEqual(limit)
    })

    it('a failed build: the step fails on the build, and no artifact is asked for', async () => {
      // android-app reads its service.yml from a repository that has none, and its builds fail.
      expectPassed(await step(emu, 'set-config-location', { 'app-slug': 'android-app', location: 'service' }))
      await clearRequestLog(emu)
      const result = await step(emu, 'trigger', {
        'app-slug': 'android-app',
        ...ON_MAIN,
        wait: 'true',
        'list-artifacts': 'true'
      })
      expectFailed(result)
      expect(result.outputs['build-status']).toBe('failed')
      expect(result.outputs.artifacts).toBeUndefined()
      expect((await requestLog(emu)).filter((r) => r.path.includes('/artifacts'))).toEqual([])
    })

    it('list-artifacts without wait fails naming the input, and triggers nothing', async () => {
      await clearRequestLog(emu)
      const result = await step(emu, 'trigger', { 'app-slug': 'ios-app', ...ON_MAIN, 'list-artifacts': 'true' })
      expectFailed(result)
      expect(errorLine(result)).toMatch(/^Input "list-artifacts": needs wait: true/)
      expect(await requestLog(emu)).toEqual([])
    })
  })
})
