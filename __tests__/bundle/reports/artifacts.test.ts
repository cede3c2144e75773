/**
 * download-artifacts never deletes nor replaces what was in the folder, through dist/index.js
 * against a fake service: files, links (to a file outside, and dangling) and a folder are
 * planted under the artifacts' own titles, or under names equal to them the way a case- or
 * normalisation-insensitive file system compares names; every one is left as it was (content,
 * inode, mtime, link target), every artifact lands under a name of its own, Windows-reserved
 * names are renamed, and a download refused while streaming removes only its own file.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type FakeService, fakeServices, type Routes } from '../../helpers/fake-service.js'
import { randomInt, randomString } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'
import { expectNoSecrets } from '../../helpers/secrets.js'
import { key, plant, recase, run, service, setup, useArtifactServices, word } from '../../helpers/subjects/artifacts.js'
import { tempDir } from '../../helpers/temp-dirs.js'

useArtifactServices()

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
  async function setup(
    size: (i: number) => number,
    declared = size,
    titled?: (title: string, url: string) => string
  ): Promise<Setup> {
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
            title: titled ? titled(item.title, `${origin}/dl/${item.slug}?signature=${signature}`) : item.title,
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
      const workspace = tempDir('artifacts-')
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

    it('keeps a signed URL out of what outlives its download: a title that holds it, in the outputs and the summary', async () => {
      // A title holding its own signed URL (raw, URL-encoded or JSON-escaped): shown in the outputs
      // and the summary after the URL is let go of, so it must be kept without it.
      const spell = [(u: string) => u, encodeURIComponent, (u: string) => JSON.stringify(u).slice(1, -1)]
      const { service, signatures } = await setup(
        () => 10,
        () => 10,
        (title, url) => `${title} ${spell[randomInt(spell.length)](url)}`
      )
      const workspace = tempDir('artifacts-')
      const result = await run(service, { 'download-artifacts': 'out' }, workspace)
      expect(result.code).toBe(0)
      const listed = result.outputs.artifacts
      expect(JSON.parse(listed)).toHaveLength(53)
      expect(signatures.filter((s) => listed.includes(s))).toEqual([])
      expectNoSecrets(result, [TOKEN, ...signatures.filter((s) => s.length >= 12)])
    })

    it('refuses a download past max-artifact-bytes, by the declared size and while streaming', async () => {
      const limit = 100 + randomString(2, '0123456789').length
      // art-3 declares a small size but sends a large body; art-5 declares a large one.
      const { service } = await setup(
        (i) => (i === 3 ? limit * 4 : i === 5 ? limit * 2 : 20),
        (i) => (i === 5 ? limit * 2 : 20)
      )
      const workspace = tempDir('artifacts-')
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
