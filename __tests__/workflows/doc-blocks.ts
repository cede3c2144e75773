/**
 * The YAML users copy from the documentation: every fenced yaml block of the README and of the
 * pages under docs/, and every file of docs/examples, sorted by what it is. A whole workflow and
 * a list of steps can be linted and run; a job without its workflow, a value of one input or a
 * `uses:` line is part of a text around it, and is said to be so.
 */
import { readdirSync } from 'node:fs'
import { load } from 'js-yaml'
import { actionRepository, isMapping, type Mapping, readText, stepsOf, yamlFilesIn } from './workflow-files.js'

/** What a block is: a whole workflow, a list of steps, a job's `steps:`, jobs without `on:`, or a part of one. */
export type BlockKind = 'workflow' | 'steps' | 'job' | 'jobs' | 'part'

export interface DocBlock {
  /** `page:line`, the line of the fence (1 for a file of docs/examples). */
  where: string
  /** The heading above the block, or the file's name. */
  heading: string
  text: string
  kind: BlockKind
  /** The block parsed, or undefined when it is not YAML at all. */
  doc: unknown
  /** Why the block does not parse, when it does not. */
  error?: string
}

/** The Markdown pages users read: the README and every page under docs/. */
export function docPages(): string[] {
  return [
    'README.md',
    ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => `docs/${name}`)
  ]
}

function kindOf(doc: unknown): BlockKind {
  // A step whose inputs are all commented out is the template of an action's inputs, not a step to run.
  if (Array.isArray(doc) && doc.every((step) => isMapping(step) && 'with' in step && step.with === null)) return 'part'
  if (Array.isArray(doc) && doc.length > 0 && doc.every((step) => isMapping(step) && ('uses' in step || 'run' in step)))
    return 'steps'
  if (!isMapping(doc)) return 'part'
  if ('on' in doc && 'jobs' in doc) return 'workflow'
  if ('jobs' in doc) return 'jobs'
  if (Array.isArray(doc.steps)) return 'job'
  return 'part'
}

function block(where: string, heading: string, text: string): DocBlock {
  try {
    const doc = load(text)
    return { where, heading, text, kind: kindOf(doc), doc }
  } catch (error) {
    return { where, heading, text, kind: 'part', doc: undefined, error: (error as Error).message.split('\n')[0] }
  }
}

/** The fenced yaml blocks of one page. */
export function blocksOf(page: string): DocBlock[] {
  const found: DocBlock[] = []
  let heading = ''
  const lines = readText(page).split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('#')) heading = lines[i].replace(/^#+\s*/, '')
    if (lines[i].trim() !== '```yaml') continue
    const end = lines.findIndex((line, at) => at > i && line.trim() === '```')
    if (end < 0) throw new Error(`${page}: the yaml block at line ${i + 1} is not closed`)
    // A block indented under a list item (a pin in a bullet) is read without its indentation.
    const indent = /^\s*/.exec(lines[i])?.[0].length ?? 0
    found.push(
      block(
        `${page}:${i + 1}`,
        heading,
        lines
          .slice(i + 1, end)
          .map((line) => line.slice(Math.min(indent, /^\s*/.exec(line)?.[0].length ?? 0)))
          .join('\n')
      )
    )
    i = end
  }
  return found
}

/** Every block of the documentation: the pages' blocks, then the files of docs/examples. */
export function docBlocks(): DocBlock[] {
  return [
    ...docPages().flatMap(blocksOf),
    ...yamlFilesIn('docs/examples').map((file) => block(`${file}:1`, file, readText(file)))
  ]
}

/** The action a `uses:` names, when it is this project's: its folder ('' for the root action) and ref. */
export function ourAction(uses: unknown): { folder: string; ref: string } | undefined {
  const name = actionRepository().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`^${name}(?:/([\\w-]+))?@(\\S+)$`).exec(String(uses ?? ''))
  return match ? { folder: match[1] ?? '', ref: match[2] } : undefined
}

/** The jobs of a runnable block by id: a workflow's, or one job `job` holding a step list or a job's steps. */
export function jobsOfBlock(entry: DocBlock): Array<[string, Mapping]> {
  if (entry.kind === 'steps') return [['job', { 'runs-on': 'ubuntu-latest', steps: entry.doc }]]
  if (entry.kind === 'job') return [['job', { 'runs-on': 'ubuntu-latest', ...(entry.doc as Mapping) }]]
  const jobs = isMapping(entry.doc) && isMapping(entry.doc.jobs) ? entry.doc.jobs : {}
  return Object.entries(jobs).map(([id, job]) => [id, isMapping(job) ? job : {}])
}

/** The `<context>.<id>.outputs.<name>` a text reads, by id, for the ids `known` lacks. */
function outputsRead(text: string, context: 'needs' | 'steps', known: string[]): Map<string, Set<string>> {
  const read = new Map<string, Set<string>>()
  for (const match of text.matchAll(new RegExp(`\\b${context}\\.([\\w-]+)\\.outputs\\.([\\w-]+)`, 'g')))
    if (!known.includes(match[1])) read.set(match[1], (read.get(match[1]) ?? new Set()).add(match[2]))
  return read
}

/**
 * A block that is not a whole workflow, as one actionlint can read: its steps in a job of a
 * dispatched workflow, or its jobs under `on: workflow_dispatch`. What the block reads from
 * the text around it is stubbed, so the lint checks the rest: a job (`needs.start.outputs.x`)
 * or an earlier step (`steps.build.outputs.x`) with those outputs, a dispatch input (`inputs.x`).
 */
export function asWorkflow(entry: DocBlock): Mapping {
  if (entry.kind === 'workflow') return entry.doc as Mapping
  const jobs = Object.fromEntries(jobsOfBlock(entry))
  const dispatchInputs = [...new Set([...entry.text.matchAll(/\binputs\.([\w-]+)/g)].map((match) => match[1]))]
  const on = {
    workflow_dispatch:
      dispatchInputs.length > 0
        ? { inputs: Object.fromEntries(dispatchInputs.map((name) => [name, { type: 'string' }])) }
        : null
  }
  if (entry.kind !== 'jobs') {
    const ids = stepsOf(jobs.job).flatMap((step) => (typeof step.id === 'string' ? [step.id] : []))
    const earlier = [...outputsRead(entry.text, 'steps', ids)].map(([id, outputs]) => ({
      id,
      run: [...outputs].map((name) => `echo "${name}=x" >> "$GITHUB_OUTPUT"`).join('\n')
    }))
    jobs.job = { ...jobs.job, steps: [...earlier, ...stepsOf(jobs.job)] }
  }
  const needs = outputsRead(entry.text, 'needs', Object.keys(jobs))
  const stubs = Object.fromEntries(
    [...needs].map(([id, outputs]) => [
      id,
      {
        'runs-on': 'ubuntu-latest',
        outputs: Object.fromEntries([...outputs].map((name) => [name, 'x'])),
        steps: [{ run: 'true' }]
      }
    ])
  )
  if (needs.size > 0 && entry.kind !== 'jobs') jobs.job = { needs: [...needs.keys()], ...jobs.job }
  return { on, jobs: { ...stubs, ...jobs } }
}
