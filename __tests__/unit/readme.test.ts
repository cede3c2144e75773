import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
// @ts-expect-error: a plain JavaScript module without type declarations
import { renderReadme } from '../../scripts/docs.js'
import { Input, OPERATIONS, Output } from '../../src/constants.js'

const actionYaml = readFileSync('action.yml', 'utf8')
const action = load(actionYaml) as {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string; post?: string }
  branding?: unknown
}
const readme = readFileSync('README.md', 'utf8')

describe('action.yml, the code and the README agree', () => {
  it('README tables are the ones generated from action.yml (run `npm run docs` to update)', () => {
    expect(renderReadme(readme, actionYaml)).toBe(readme)
  })

  it('action.yml declares exactly the inputs and outputs the code names', () => {
    expect(Object.keys(action.inputs).sort()).toEqual([...new Set(Object.values(Input))].sort())
    expect(Object.keys(action.outputs).sort()).toEqual([...new Set(Object.values(Output))].sort())
  })

  it('the operation input lists every operation', () => {
    for (const operation of OPERATIONS) expect(action.inputs.operation.description).toContain(operation)
  })

  it('every input has a full-sentence description naming the operations that use it', () => {
    for (const [name, spec] of Object.entries(action.inputs)) {
      expect({ name, ok: /^[A-Z].*\.$/s.test(spec.description.trim()) }).toEqual({ name, ok: true })
      expect({ name, ok: /Used by|Used with/.test(spec.description) }).toEqual({ name, ok: true })
    }
  })

  it('every optional boolean input has a default, except is-public, which is tri-state for update-app', () => {
    for (const [name, spec] of Object.entries(action.inputs)) {
      if (/\(true or false\)/.test(spec.description) && name !== 'is-public') expect({ name, default: spec.default }).toEqual({ name, default: expect.stringMatching(/^(true|false)$/) })
    }
  })

  it('runs on the runner\'s current Node, with a post step, and has branding', () => {
    expect(action.runs).toMatchObject({ using: 'node24', main: 'dist/index.js', post: 'dist/index.js' })
    expect(action.branding).toBeDefined()
  })

  it('the README has an example for every operation', () => {
    for (const operation of OPERATIONS) expect({ operation, shown: readme.includes(`operation: ${operation}`) }).toEqual({ operation, shown: true })
  })
})
