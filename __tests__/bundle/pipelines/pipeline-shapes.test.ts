/**
 * The pipeline answer in every shape, from a loopback server: the builds output and the
 * summary's flow drawn from stages, a graph's top-level list, or both.
 */
import { describe, expect, it } from '@jest/globals'
import { fakeServices } from '../../helpers/fake-service.js'
import { randomBytes, randomInt, randomString, randomUUID } from '../../helpers/random.js'
import { runAction } from '../../helpers/run-action.js'

/**
 * The pipeline answer in each shape no public source rules out, through dist/index.js on a
 * loopback server: workflows under `stages` only (the stage pipelines the action read before),
 * under the top-level `workflows` only (a graph pipeline, as the contract and a recorded real
 * answer show), or under both (matched by `id`, or by name where an id is missing). Every
 * workflow is listed once in builds, with its stage and what it depends on, and the summary's
 * Mermaid flow draws each dependency with hostile workflow names kept inside escaped labels.
 */
describe('every shape of the pipeline answer, from a loopback server', () => {
  const serve = fakeServices()
  const TOKEN = `tok_${randomString(30)}`
  const PIPELINE = randomUUID()
  const HOSTILE = [
    '"]',
    '\n```\n',
    '%%{init: {}}%%',
    'click w0 "https://evil.example"',
    '<img src=x onerror=alert(1)>',
    ' --> ',
    '`',
    '#35;',
    ']:::x'
  ]

  type Wire = { id: string; name: string; external_id: string; status: string; depends_on?: string[] }

  /** A name holding one hostile piece among random letters. */
  const hostileName = (): string =>
    `${randomString(3 + randomInt(4))}${HOSTILE[randomInt(HOSTILE.length)]}${randomString(2 + randomInt(4))}`

  /** Random workflows, each depending on some of those before it, and a split into two stages. */
  function randomWorkflows(): { workflows: Wire[]; stages: Array<{ name: string; workflows: Wire[] }> } {
    const count = 3 + randomInt(5)
    const workflows: Wire[] = []
    for (let i = 0; i < count; i++) {
      const needs = workflows.filter(() => randomInt(2) === 0).map((w) => w.name)
      const status = ['succeeded', 'failed', 'skipped', 'running'][randomInt(4)]
      workflows.push({
        id: randomUUID(),
        name: i % 2 === 0 ? hostileName() : `wf-${randomString(8).toLowerCase()}`,
        external_id: status === 'skipped' ? '' : randomBytes(8).toString('hex'),
        status,
        ...(needs.length > 0 ? { depends_on: needs } : {})
      })
    }
    const cut = 1 + randomInt(count - 1)
    return {
      workflows,
      stages: [
        { name: hostileName(), workflows: workflows.slice(0, cut) },
        { name: `stage-${randomString(5)}`, workflows: workflows.slice(cut) }
      ]
    }
  }

  async function rebuildWith(answer: Record<string, unknown>) {
    const path = `/apps/app-1/pipelines/${PIPELINE}`
    const service = await serve({
      [`POST ${path}/rebuild`]: { status: 201, body: {} },
      [`GET ${path}`]: { body: { id: PIPELINE, name: `p-${randomString(5)}`, status: 'running', ...answer } }
    })
    const result = await runAction({
      operation: 'rebuild-pipeline',
      token: TOKEN,
      'base-url': service.url,
      'app-slug': 'app-1',
      'pipeline-id': PIPELINE
    })
    expect({ code: result.code, log: result.code === 0 ? '' : result.stdout }).toEqual({ code: 0, log: '' })
    return { result, builds: JSON.parse(result.outputs.builds) as Array<Record<string, unknown>> }
  }

  /** The Mermaid block: every line one the action writes, labels only letters, digits and entities; its edges as name pairs. */
  function drawnEdges(summary: string, names: string[]): string[] {
    const flow = /```mermaid\n([\s\S]*?)\n```/.exec(summary)?.[1] ?? ''
    const label = '"[A-Za-z0-9 .,_#;-]*"'
    const grammar = new RegExp(
      `^(flowchart LR|  p0\\[${label}\\]:::\\w+|  subgraph s\\d+ \\[${label}\\]|    direction TB|  (  )?w\\d+\\[${label}\\]:::\\w+|  end|  (p0|s\\d+) --> s\\d+|  p0 --> w\\d+|  w\\d+ --> w\\d+|  style s\\d+ [\\w:#,]+|  classDef \\w+ [\\w:#,]+)$`
    )
    for (const line of flow.split('\n')) expect(line).toMatch(grammar)
    return [...flow.matchAll(/^ {2}w(\d+) --> w(\d+)$/gm)]
      .map((m) => `${names[Number(m[1])]} -> ${names[Number(m[2])]}`)
      .sort()
  }

  const edgesOf = (workflows: Wire[]): string[] =>
    workflows.flatMap((w) => (w.depends_on ?? []).map((d) => `${d} -> ${w.name}`)).sort()

  describe('the pipeline answer in every shape', () => {
    it('workflows under stages only: each with its stage, no dependencies, drawn in stage boxes as before', async () => {
      const { workflows, stages } = randomWorkflows()
      const plain = stages.map((s) => ({ ...s, workflows: s.workflows.map(({ depends_on: _, ...w }) => w) }))
      const { result, builds } = await rebuildWith({ stages: plain })
      expect(builds.map((b) => [b.stage, b.name, b['build-slug'], b['depends-on']])).toEqual(
        stages.flatMap((s) => s.workflows.map((w) => [s.name, w.name, w.external_id, undefined]))
      )
      expect(
        drawnEdges(
          result.files.summary,
          workflows.map((w) => w.name)
        )
      ).toEqual([])
      expect(result.files.summary).toMatch(/subgraph s1 /)
      expect(result.summary).not.toContain('Depends on')
    })

    it('workflows under the top-level list only (a graph pipeline): each once, without a stage, with its dependencies drawn as edges', async () => {
      const { workflows } = randomWorkflows()
      const { result, builds } = await rebuildWith({ type: 'dag', workflows })
      expect(builds.map((b) => [b.stage, b.name, b['build-slug'], b.status, b['depends-on']])).toEqual(
        workflows.map((w) => ['', w.name, w.external_id, w.status, w.depends_on])
      )
      expect(
        drawnEdges(
          result.files.summary,
          workflows.map((w) => w.name)
        )
      ).toEqual(edgesOf(workflows))
      expect(result.files.summary).not.toContain('subgraph')
      // The labels hold the names, every risky character as an entity (the grammar above lets no other through).
      const flow = /```mermaid\n([\s\S]*?)\n```/.exec(result.files.summary)?.[1] ?? ''
      const labels = [...flow.matchAll(/^ {2}w\d+\["([^"]*)"\]/gm)].map((m) =>
        m[1].replace(/#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      )
      expect(labels).toEqual(workflows.map((w) => `${w.name.replace(/\n/g, ' ')}: ${w.status}`))
      expect(result.files.summary).not.toContain('<img')
    })

    it.each([
      ['the same ids', true],
      ['no ids, matched by name', false]
    ])(
      'workflows under both, with %s: each once, its stage from the stages, its dependencies from the top-level list',
      async (_what, ids) => {
        const { workflows, stages } = randomWorkflows()
        const strip = (w: Wire): Partial<Wire> => (ids ? w : { ...w, id: undefined })
        const staged = stages.map((s) => ({ ...s, workflows: s.workflows.map(({ depends_on: _, ...w }) => strip(w)) }))
        // The top-level list in another order, as nothing says the two lists agree on one.
        const top = [...workflows].reverse().map(strip)
        const { result, builds } = await rebuildWith({ stages: staged, workflows: top })
        expect(builds.map((b) => [b.stage, b.name, b['build-slug'], b['depends-on']])).toEqual(
          stages.flatMap((s) => s.workflows.map((w) => [s.name, w.name, w.external_id, w.depends_on]))
        )
        expect(
          drawnEdges(
            result.files.summary,
            builds.map((b) => b.name as string)
          )
        ).toEqual(edgesOf(workflows))
      }
    )
  })
})
