/**
 * A safety scanner for GitHub workflow files, used both on the project's workflows and on
 * the planted bad examples under fixtures/ (which prove that each rule can fail).
 *
 * Rules:
 * - run-injection: a `${{ }}` expression inside a `run:` script (or an actions/github-script
 *   `script:`) that reads caller- or attacker-controlled text: inputs, the event, head_ref,
 *   matrix values, step or job outputs, or secrets. Such values go through `env:` instead.
 * - unpinned-action: a `uses:` of another repository not pinned to a full 40-hex commit
 *   (local `./` actions and workflows are fine; so is a first-party repository the options
 *   name, which the README references by its release tag).
 * - missing-version-comment: a pinned `uses:` without a `# vX.Y.Z` comment saying what the
 *   commit is.
 * - missing-permissions: no top-level `permissions`.
 * - id-token-for-workflow: top-level `permissions` granting `id-token: write` (or write-all):
 *   every job, and any code it runs, could then ask GitHub for an OIDC token; give it to the
 *   job that signs in only.
 * - missing-timeout: a job that runs steps without `timeout-minutes` (a job calling a reusable
 *   workflow cannot set one; the called workflow's jobs do).
 * - secret-as-input: a workflow_call input whose name says it holds a secret, or a
 *   reusable-workflow call passing `secrets.*` through `with:` instead of `secrets:`.
 * - unparsable: the file is not a YAML mapping.
 */
import { load } from 'js-yaml'
import { expressionsIn, isMapping, jobsOf, mappingAt, stepsOf } from './workflow-files.js'

export type SafetyRule =
  | 'run-injection'
  | 'unpinned-action'
  | 'missing-version-comment'
  | 'missing-permissions'
  | 'id-token-for-workflow'
  | 'missing-timeout'
  | 'secret-as-input'
  | 'unparsable'

export interface SafetyFinding {
  rule: SafetyRule
  /** Where in the workflow, e.g. `jobs.build.steps[2]`. */
  where: string
  message: string
}

export interface SafetyOptions {
  /** owner/repo names that may be referenced by tag (this project's own, in its examples). */
  firstPartyRepos?: string[]
}

/** Expressions that must not be expanded into a script: untrusted or secret text. */
const UNTRUSTED: Array<[RegExp, string]> = [
  [/\binputs\s*(\.|\[)/, 'inputs'],
  [/\bgithub\s*\.\s*event\b|\bgithub\s*\[\s*'event'\s*\]/, 'github.event'],
  [/\bgithub\s*\.\s*head_ref\b|\bgithub\s*\[\s*'head_ref'\s*\]/, 'github.head_ref'],
  [/\bmatrix\s*(\.|\[)/, 'matrix'],
  [/\bsteps\s*(\.\s*[\w-]+|\[[^\]]*\])\s*\.\s*outputs\b/, 'steps.*.outputs'],
  [/\bneeds\s*(\.\s*[\w-]+|\[[^\]]*\])\s*\.\s*outputs\b/, 'needs.*.outputs'],
  [/\bsecrets\s*(\.|\[)/, 'secrets']
]

const SECRET_NAME = /token|secret|password|passwd|private[-_]?key|api[-_]?key|credential/i
const PINNED = /^[\w.-]+\/[\w.-]+(\/[^@\s]+)?@[0-9a-f]{40}$/
const VERSION_COMMENT = /#\s*v\d+(\.\d+){0,2}\b/

/** Scans one workflow's text and returns every finding (an empty list when it is safe). */
export function scanWorkflow(text: string, options: SafetyOptions = {}): SafetyFinding[] {
  let doc: unknown
  try {
    doc = load(text)
  } catch (error) {
    return [
      { rule: 'unparsable', where: '(file)', message: `not valid YAML: ${(error as Error).message.split('\n')[0]}` }
    ]
  }
  if (!isMapping(doc)) return [{ rule: 'unparsable', where: '(file)', message: 'not a YAML mapping' }]

  const findings: SafetyFinding[] = []
  const firstParty = new Set((options.firstPartyRepos ?? []).map((repo) => repo.toLowerCase()))

  if (!('permissions' in doc)) {
    findings.push({
      rule: 'missing-permissions',
      where: 'permissions',
      message: 'no top-level permissions: the token gets the repository default'
    })
  }

  const top = doc.permissions
  if (top === 'write-all' || (isMapping(top) && top['id-token'] === 'write')) {
    findings.push({
      rule: 'id-token-for-workflow',
      where: 'permissions',
      message:
        'id-token: write for the whole workflow: every job could ask for an OIDC token; grant it to the job that signs in'
    })
  }

  const callInputs = mappingAt(mappingAt(doc.on, 'workflow_call'), 'inputs')
  for (const name of Object.keys(callInputs)) {
    if (SECRET_NAME.test(name)) {
      findings.push({
        rule: 'secret-as-input',
        where: `on.workflow_call.inputs.${name}`,
        message: `input "${name}" looks like a secret; declare it under secrets:`
      })
    }
  }

  for (const [jobId, job] of jobsOf(doc)) {
    const where = `jobs.${jobId}`
    if (typeof job.uses === 'string') {
      checkUses(job.uses, `${where}.uses`, text, firstParty, findings)
      for (const [name, value] of Object.entries(mappingAt(job, 'with'))) {
        if (typeof value === 'string' && expressionsIn(value).some((expr) => /\bsecrets\s*(\.|\[)/.test(expr))) {
          findings.push({
            rule: 'secret-as-input',
            where: `${where}.with.${name}`,
            message: `a secret is passed as the input "${name}"; pass it under secrets:`
          })
        }
      }
      continue
    }
    if (!('timeout-minutes' in job)) {
      findings.push({
        rule: 'missing-timeout',
        where,
        message: `job "${jobId}" has no timeout-minutes (the default is 6 hours)`
      })
    }
    stepsOf(job).forEach((step, index) => {
      const stepWhere = `${where}.steps[${index}]`
      if (typeof step.uses === 'string') checkUses(step.uses, `${stepWhere}.uses`, text, firstParty, findings)
      const scripts: Array<[string, unknown]> = [['run', step.run]]
      if (typeof step.uses === 'string' && step.uses.startsWith('actions/github-script@'))
        scripts.push(['with.script', mappingAt(step, 'with').script])
      for (const [field, script] of scripts) {
        if (typeof script !== 'string') continue
        for (const expr of expressionsIn(script)) {
          const hit = UNTRUSTED.find(([pattern]) => pattern.test(expr))
          if (hit) {
            findings.push({
              rule: 'run-injection',
              where: `${stepWhere}.${field}`,
              message: `\${{ ${expr} }} expands ${hit[1]} into a script; pass it through env:`
            })
          }
        }
      }
    })
  }
  return findings
}

function checkUses(
  uses: string,
  where: string,
  text: string,
  firstParty: Set<string>,
  findings: SafetyFinding[]
): void {
  if (uses.startsWith('./')) return
  if (uses.startsWith('docker://')) {
    if (!/@sha256:[0-9a-f]{64}$/.test(uses))
      findings.push({ rule: 'unpinned-action', where, message: `${uses} is not pinned to an image digest` })
    return
  }
  const repo = uses.split('@')[0].split('/').slice(0, 2).join('/').toLowerCase()
  if (firstParty.has(repo)) return
  if (!PINNED.test(uses)) {
    findings.push({ rule: 'unpinned-action', where, message: `${uses} is not pinned to a full 40-hex commit SHA` })
    return
  }
  const lines = text.split('\n').filter((line) => line.includes(uses))
  if (!lines.every((line) => VERSION_COMMENT.test(line.slice(line.indexOf(uses) + uses.length)))) {
    findings.push({
      rule: 'missing-version-comment',
      where,
      message: `${uses} has no "# vX.Y.Z" comment naming the release`
    })
  }
}

/** One line per finding, for test failure messages. */
export function formatFindings(findings: SafetyFinding[]): string {
  return findings.map((f) => `${f.rule} at ${f.where}: ${f.message}`).join('\n')
}
