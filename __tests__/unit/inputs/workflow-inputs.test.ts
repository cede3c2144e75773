/** The table of the reusable workflows' own inputs, held against the workflows and action.yml. */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { REUSABLE_WORKFLOW_INPUTS } from '../../../src/inputs/workflow-inputs.js'

type Workflow = { on?: { workflow_call?: { inputs?: object; secrets?: object } } }

describe('REUSABLE_WORKFLOW_INPUTS', () => {
  it("lists each reusable workflow's inputs and secrets that action.yml does not declare", () => {
    const root = Object.keys((load(readFileSync('action.yml', 'utf8')) as { inputs: object }).inputs)
    const found: Record<string, string[]> = {}
    for (const name of readdirSync('.github/workflows').filter((file) => file.endsWith('.yml'))) {
      const file = `.github/workflows/${name}`
      const call = (load(readFileSync(file, 'utf8')) as Workflow).on?.workflow_call
      if (!call) continue
      const own = [...Object.keys(call.inputs ?? {}), ...Object.keys(call.secrets ?? {})]
      found[file] = own.filter((input) => !root.includes(input))
    }
    expect(Object.keys(found).length).toBeGreaterThan(0)
    expect(REUSABLE_WORKFLOW_INPUTS).toEqual(found)
  })
})
