/**
 * Tests leave no temporary folder behind: tempDir() (helpers/temp-dirs.ts) removes every folder
 * it made after the file's tests, and the lint refuses mkdtemp anywhere else in the tests, so a
 * folder cannot be made without being removed. A planted mkdtemp proves the rule fires.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { randomInt, randomSlug, randomString } from '../../helpers/random.js'
import { removeTempDirs, tempDir } from '../../helpers/temp-dirs.js'

const eslint = new ESLint()

/** The no-restricted-syntax messages of the lint run on `text`, as if it were the file at `path`. */
async function importMessages(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path })
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message)
}

describe('temporary folders of the tests', () => {
  it('tempDir makes a fresh folder under the prefix; removeTempDirs removes it with what it holds', () => {
    const prefix = `${randomSlug('planted-')}-`
    const dirs = Array.from({ length: 1 + randomInt(3) }, () => tempDir(prefix))
    expect(new Set(dirs).size).toBe(dirs.length)
    for (const dir of dirs) {
      expect(dir).toContain(prefix)
      mkdirSync(join(dir, 'nested'))
      writeFileSync(join(dir, 'nested', randomString(8)), randomString(40))
    }
    expect(removeTempDirs()).toBe(dirs.length)
    for (const dir of dirs) expect(existsSync(dir)).toBe(false)
    expect(removeTempDirs()).toBe(0)
  })

  it.each([
    ["import { mkdtempSync } from 'node:fs'", 'mkdtempSync'],
    ["import { mkdtempSync, readFileSync } from 'fs'", 'mkdtempSync'],
    ["import { mkdtemp } from 'node:fs/promises'", 'mkdtemp'],
    ["import * as fs from 'node:fs'", 'fs.mkdtempSync']
  ])('the lint refuses %s in a test file, naming tempDir', async (line, name) => {
    const folder = ['bundle/network', 'unit/project', 'emulator/replay', 'helpers/subjects'][randomInt(4)]
    const path = `__tests__/${folder}/${randomSlug('planted-')}.test.ts`
    const text = `${line}\nexport const made = ${name}\n`
    expect(await importMessages(path, text)).toEqual([expect.stringContaining('tempDir()')])
    // The helper itself may.
    expect(await importMessages('__tests__/helpers/temp-dirs.ts', text)).toEqual([])
  })
})
