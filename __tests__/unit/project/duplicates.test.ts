/**
 * The duplicate check (scripts/duplicates.js, run by .ci/run) on trees of its own: a block of
 * random code written twice, in one file or two, fails it whatever its indentation; the same
 * block once, or only its comments and imports twice, passes. The tests are held to a bound of
 * their own: one repeat over it fails. And this checkout passes.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomInt, randomString } from '../../helpers/random.js'
import { tempDir } from '../../helpers/temp-dirs.js'

/** Runs the check on `files` (path → text) in a fresh folder; its exit code and output. */
function check(files: Record<string, string>, args: string[] = []): { code: number | null; out: string } {
  const root = tempDir('duplicates-')
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    const run = spawnSync(process.execPath, ['scripts/duplicates.js', '--root', root, ...args], { encoding: 'utf8' })
    return { code: run.status, out: run.stdout + run.stderr }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** Random lines of code, each different. */
function randomCode(lines: number, indent = ''): string {
  return Array.from(
    { length: lines },
    (_, i) => `${indent}const ${randomString(8)}${i} = ${randomInt(1_000_000)} + ${randomString(5)}(${i})`
  ).join('\n')
}

describe('the duplicate check', () => {
  it('fails on six code lines written twice, naming both places, in one file or two', () => {
    const block = randomCode(6 + randomInt(5))
    const indented = block.replace(/^/gm, '    ')
    const other = randomCode(3)
    const twoFiles = check({
      'src/a.ts': `${other}\n${block}\n`,
      'emulator/model/b.ts': `export function f() {\n${indented}\n}\n`
    })
    expect(twoFiles.code).toBe(1)
    expect(twoFiles.out).toMatch(/emulator\/model\/b\.ts:2 repeats src\/a\.ts:4/)
    const oneFile = check({ 'src/c.ts': `${block}\n${other}\n${block}\n` })
    expect(oneFile.code).toBe(1)
  })

  it('passes on five repeated lines, on repeated comments and imports, and on the bundles', () => {
    const five = randomCode(5)
    const comment = `/**\n${Array.from({ length: 8 }, () => ` * ${randomString(20)}`).join('\n')}\n */`
    const imports = Array.from({ length: 8 }, (_, i) => `import { ${randomString(6)}${i} } from './x${i}.js'`).join(
      '\n'
    )
    const block = randomCode(8)
    const result = check({
      'src/a.ts': `${comment}\n${imports}\n${five}\n${randomCode(4)}\n`,
      'src/b.ts': `${comment}\n${imports}\n${five}\n${randomCode(4)}\n`,
      'emulator/dist/index.ts': block,
      'src/dist/copy.ts': block
    })
    expect(result.out).toContain('0 repeated runs')
    expect(result.code).toBe(0)
  })

  it('holds the tests to their bound: a planted repeat over it fails, naming both places', () => {
    const block = randomCode(6 + randomInt(5))
    const files = {
      '__tests__/bundle/a.test.ts': `${block}\n`,
      '__tests__/helpers/b.ts': `export function f() {\n${block.replace(/^/gm, '  ')}\n}\n`
    }
    const over = check(files, ['--tests-most', '0'])
    expect(over.code).toBe(1)
    expect(over.out).toMatch(/__tests__\/helpers\/b\.ts:2 repeats __tests__\/bundle\/a\.test\.ts:1/)
    expect(over.out).toContain('1 repeated runs of 6 code lines in __tests__/ (at most 0): too many')
    const within = check(files, ['--tests-most', '1'])
    expect(within.out).toContain('1 repeated runs of 6 code lines in __tests__/ (at most 1)')
    expect(within.code).toBe(0)
  })

  it('reads an import written over several lines as an import', () => {
    const names = Array.from({ length: 8 }, (_, i) => `  ${randomString(6)}${i}`).join(',\n')
    const text = `import {\n${names}\n} from './x.js'\n${randomCode(3)}\n`
    const result = check({ 'src/a.ts': text, 'src/b.ts': text.replace(/const /g, 'let ') })
    expect(result.out).toContain('0 repeated runs')
    expect(result.code).toBe(0)
  })

  it('passes on this checkout', () => {
    const run = spawnSync(process.execPath, ['scripts/duplicates.js'], { encoding: 'utf8' })
    expect(run.stdout).toContain('0 repeated runs')
    expect(run.status).toBe(0)
  })
})
