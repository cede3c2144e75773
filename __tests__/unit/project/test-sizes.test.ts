/**
 * No file of the tests over 400 lines: the lint rule (max-lines for __tests__/ in
 * eslint.config.js) holds every test file and helper to it; a planted file one line over proves
 * it fires, and one at the bound that it lets it pass.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'

const MOST = 400
const eslint = new ESLint()

/** `count` lines of random code, each one statement. */
const lines = (count: number): string =>
  Array.from(
    { length: count },
    (_, i) => `export const ${randomSlug('v').replace(/-/g, '_')}_${i} = '${randomString(8)}'`
  )
    .join('\n')
    .concat('\n')

/** The max-lines messages of the lint run on `text`, as if it were the file at `path`. */
async function sizeMessages(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path })
  return result.messages.filter((message) => message.ruleId === 'max-lines').map((message) => message.message)
}

describe('the size of a test file', () => {
  it('every .ts file under __tests__/ is at most 400 lines', () => {
    const files = readdirSync('__tests__', { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))
    expect(files.length).toBeGreaterThan(100)
    const over = files
      .map((name) => ({
        name,
        count: readFileSync(join('__tests__', name), 'utf8').replace(/\n$/, '').split('\n').length
      }))
      .filter(({ count }) => count > MOST)
    expect(over).toEqual([])
  })

  it('the lint refuses a planted test file one line over the bound, and passes one at it', async () => {
    const folder = ['bundle', 'unit', 'emulator', 'helpers'][randomInt(4)]
    const path = `__tests__/${folder}/${randomSlug('planted-')}.test.ts`
    expect(await sizeMessages(path, lines(MOST + 1))).toEqual([expect.stringContaining(`Maximum allowed is ${MOST}`)])
    expect(await sizeMessages(path, lines(MOST))).toEqual([])
  })
})
