/**
 * A snippet that is one job of a workflow (it `needs:` a job it does not show) says it is a
 * fragment and names the file under docs/examples that holds the whole workflow, with that job.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { docBlocks } from './doc-blocks.js'
import { isMapping, readYaml } from './workflow-files.js'

const jobFragments = docBlocks().filter(
  (entry) =>
    entry.kind === 'part' &&
    isMapping(entry.doc) &&
    Object.values(entry.doc).every((job) => isMapping(job) && 'needs' in job && Array.isArray(job.steps))
)

describe('a job shown without its workflow', () => {
  it('exists in the docs (the check is not empty)', () => {
    expect(jobFragments.length).toBeGreaterThan(0)
  })

  it.each(jobFragments.map((entry) => [entry.where]))('%s says it is a fragment of a whole file', (where) => {
    const entry = jobFragments.find((fragment) => fragment.where === where)!
    const said = /^# A fragment: .*?\b(docs\/examples\/[\w.-]+\.yml)\b/m.exec(entry.text)
    expect({ where, said: said?.[0] ?? 'no "# A fragment: docs/examples/<file>.yml" line' }).toEqual({
      where,
      said: expect.stringMatching(/^# A fragment/)
    })
    const file = said![1]
    expect(existsSync(file)).toBe(true)
    const jobs = readYaml(file).jobs
    for (const id of Object.keys(entry.doc as object))
      expect({ file, id, there: isMapping(jobs) && id in jobs }).toEqual({ file, id, there: true })
  })
})
