import { describe, expect, test } from '@jest/globals'
import { compileGlob, matchesAny, matchGlob, unsupportedSyntax } from '../../../src/builds/start/path-glob.js'
import { randomString } from '../../helpers/random.js'

const matches = (glob: string, path: string): boolean => matchGlob(compileGlob(glob), path)

describe('path globs', () => {
  test.each([
    ['apps/ios/**', 'apps/ios/Sources/App.swift', true],
    ['apps/ios/**', 'apps/android/build.gradle', false],
    ['apps/*/build.gradle', 'apps/android/build.gradle', true],
    ['apps/*/build.gradle', 'apps/android/sub/build.gradle', false],
    ['apps/**/build.gradle', 'apps/build.gradle', true],
    ['apps/**/build.gradle', 'apps/a/b/c/build.gradle', true],
    ['**/*.md', 'README.md', true],
    ['**/*.md', 'docs/guide/setup.md', true],
    ['*.md', 'docs/setup.md', false],
    ['src/?.ts', 'src/a.ts', true],
    ['src/?.ts', 'src/ab.ts', false],
    ['src/?.ts', 'src//.ts', false],
    ['./shared/**', 'shared/x', true],
    ['shared', 'shared/x', false],
    ['a*b*c', 'aXXbYYc', true],
    ['a*b*c', 'aXXbYY', false]
  ])('%s against %s is %s', (glob, path, expected) => {
    expect(matches(glob, path)).toBe(expected)
  })

  test('a literal glob matches only its own random path', () => {
    const path = `${randomString(8)}/${randomString(8)}.${randomString(3)}`
    expect(matches(path, path)).toBe(true)
    expect(matches(path, `${path}x`)).toBe(false)
    expect(matchesAny([compileGlob('nothing/**'), compileGlob(path)], path)).toBe(true)
  })

  test('a glob built to make a backtracking matcher stall answers at once on a long path', () => {
    const glob = `${'*a'.repeat(30)}*b`
    const path = 'a'.repeat(20_000 + randomString(3, '0123456789').length)
    const started = performance.now()
    expect(matches(glob, path)).toBe(false)
    expect(matches(`**${'a**'.repeat(30)}`, path)).toBe(true)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

describe('glob syntax of other matchers', () => {
  test.each([
    ['apps/{ios,shared}/**', '{…,…} (alternatives)', '{ios,shared}'],
    ['apps/v{1..3}/**', '{…,…} (alternatives)', '{1..3}'],
    ['apps/[ab]pp/**', '[…] (a set of characters)', '[ab]'],
    ['apps/a[!b]/**', '[…] (a set of characters)', '[!b]'],
    ['!docs/**', 'a leading ! (negation)', '!'],
    ['./!docs/**', 'a leading ! (negation)', '!'],
    ['src/!(test)/**', '!(…) (negation)', '!(test)']
  ])('%s is refused as %s, naming %s', (glob, what, piece) => {
    expect(unsupportedSyntax(glob)).toMatchObject({ what, piece })
  })

  test.each([
    'apps/ios/**',
    'apps/{id}/**',
    'apps/[/x',
    'apps/]x[/**',
    'a!b/**',
    'web/\\[id\\]/**',
    '\\!docs/**',
    'x/\\{a,b\\}'
  ])('%s is accepted', (glob) => {
    expect(unsupportedSyntax(glob)).toBeUndefined()
  })

  test('an escaped bracket, brace or ! matches the character itself; another backslash matches itself, as before', () => {
    const name = randomString(6)
    expect(matches(`web/\\[${name}\\]/**`, `web/[${name}]/page.tsx`)).toBe(true)
    expect(matches(`\\!${name}`, `!${name}`)).toBe(true)
    expect(matches(`x/\\{${name}\\}`, `x/{${name}}`)).toBe(true)
    expect(matches(`a\\b${name}`, `a\\b${name}`)).toBe(true)
  })
})
