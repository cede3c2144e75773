#!/usr/bin/env node
/**
 * Renders the generated parts of the documentation from the files they describe:
 *
 * - the action's name (`owner/name`) everywhere in README.md, CONTRIBUTING.md, CHANGELOG.md and
 *   docs/, from package.json `repository` (the README's `<!-- action-repository: ... -->` line
 *   records the name the files hold, so a new name replaces the old one everywhere);
 * - the README's inputs and outputs tables, from action.yml;
 * - the inputs, secrets and outputs tables of each reusable workflow, from its file;
 * - the table of the role each operation needs, from each operation's module in src/operations/;
 * - the cookbook: each docs/examples/ workflow, copied into the README where it is named;
 * - the README's list of contents, from its second-level headings;
 * - each sub-action's action.yml and its README block of inputs (scripts/sub-actions.js).
 *
 * `npm run docs` rewrites what is stale; `node scripts/docs.js --check` exits 1 instead.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { load } from 'js-yaml'
import { loadSubActionSources, renderSubActionFiles, renderSubActionInputs } from './sub-actions.js'

const NAME_MARKER = /<!-- action-repository: ([\w.-]+\/[\w.-]+) -->/
const EXAMPLES = 'docs/examples'

/** The `owner/name` of the project's GitHub repository, from package.json `repository`. */
export function repositoryName(pkg) {
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url
  const match =
    /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(repository ?? '') ?? /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(repository ?? '')
  if (!match) throw new Error(`package.json "repository" does not name a GitHub repository: ${JSON.stringify(pkg.repository)}`)
  return `${match[1]}/${match[2]}`
}

/** The documentation files the renderer owns, as repository-relative paths. */
export function docPaths(root) {
  const walk = (dir) =>
    readdirSync(join(root, dir))
      .sort()
      .flatMap((name) => {
        const path = `${dir}/${name}`
        return statSync(join(root, path)).isDirectory() ? walk(path) : /\.(md|ya?ml)$/.test(name) ? [path] : []
      })
  return [...['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].filter((path) => existsSync(join(root, path))), ...(existsSync(join(root, 'docs')) ? walk('docs') : [])]
}

/** Everything the rendering reads besides the documentation itself, except the roles (see loadRoles). */
export function readSources(root) {
  const workflowDir = join(root, '.github/workflows')
  const workflows = Object.fromEntries(
    readdirSync(workflowDir)
      .filter((name) => /\.ya?ml$/.test(name))
      .sort()
      .map((name) => [name, readFileSync(join(workflowDir, name), 'utf8')])
  )
  return {
    name: repositoryName(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))),
    actionYaml: readFileSync(join(root, 'action.yml'), 'utf8'),
    workflows
  }
}

/**
 * The documentation files with every generated part rendered from `sources`
 * ({ name, actionYaml, workflows: {file name: text}, roles: {operation: role} }).
 * `files` maps repository-relative paths to their current text; the result has the same keys.
 */
export function renderDocs(files, sources) {
  const readme = files['README.md']
  if (readme === undefined) throw new Error('README.md is missing')
  const previous = NAME_MARKER.exec(readme)?.[1]
  if (!previous) throw new Error('README.md lacks the <!-- action-repository: owner/name --> line')
  const renamed = Object.fromEntries(Object.entries(files).map(([path, text]) => [path, rename(text, previous, sources.name)]))

  let out = renamed['README.md'].replace(NAME_MARKER, `<!-- action-repository: ${sources.name} -->`)
  out = renderActionTables(out, sources.actionYaml)
  for (const [file, text] of Object.entries(sources.workflows)) {
    const call = load(text)?.on?.workflow_call
    if (call) out = renderWorkflowTables(out, file, call)
  }
  out = replaceBetween(out, 'roles', rolesTable(sources.roles))
  out = replaceBetween(out, 'toc', contents(out))
  for (const path of Object.keys(renamed).filter((path) => path.startsWith(`${EXAMPLES}/`) && /\.ya?ml$/.test(path))) {
    out = replaceBetween(out, `example:${path}`, `\`\`\`yaml\n${renamed[path].trimEnd()}\n\`\`\``)
  }
  // The sub-actions' action.yml files and their README blocks, when the sources include them (scripts/sub-actions.js).
  const subActions = sources.subActions && renderSubActionFiles(sources.subActions, sources.actionYaml)
  if (subActions) out = renderSubActionInputs(out, subActions, sources.name)
  return { ...renamed, ...subActions, 'README.md': out }
}

/** The README text with the inputs and outputs tables regenerated from the action metadata text. */
export function renderActionTables(readme, actionYaml) {
  const action = load(actionYaml)
  const inputs = table(
    ['input', 'required', 'default', 'description'],
    Object.entries(action.inputs).map(([name, spec]) => [`\`${name}\``, spec.required ? 'yes' : 'no', code(spec.default), cell(spec.description)])
  )
  const outputs = table(['output', 'description'], Object.entries(action.outputs).map(([name, spec]) => [`\`${name}\``, cell(spec.description)]))
  return replaceBetween(replaceBetween(readme, 'inputs', inputs), 'outputs', outputs)
}

function renderWorkflowTables(readme, file, call) {
  const inputs = table(
    ['input', 'type', 'required', 'default', 'description'],
    Object.entries(call.inputs ?? {}).map(([name, spec]) => [`\`${name}\``, spec.type, spec.required ? 'yes' : 'no', code(spec.default), cell(spec.description)])
  )
  const secrets = table(['secret', 'required', 'description'], Object.entries(call.secrets ?? {}).map(([name, spec]) => [`\`${name}\``, spec?.required ? 'yes' : 'no', cell(spec?.description)]))
  const outputs = table(['output', 'description'], Object.entries(call.outputs ?? {}).map(([name, spec]) => [`\`${name}\``, cell(spec.description)]))
  let out = replaceBetween(readme, `${file}:inputs`, inputs)
  out = replaceBetween(out, `${file}:secrets`, secrets)
  return replaceBetween(out, `${file}:outputs`, outputs)
}

function rolesTable(roles) {
  if (!roles || Object.keys(roles).length === 0) throw new Error('no roles to render')
  return table(['operation', "the token's user needs"], Object.entries(roles).map(([operation, role]) => [`\`${operation}\``, cell(role)]))
}

/** A list of links to the README's second-level sections (after the contents list itself). */
function contents(readme) {
  const outsideCode = readme.replace(/^```[\s\S]*?^```/gm, '')
  const headings = [...outsideCode.matchAll(/^## (.+)$/gm)].map((match) => match[1].trim()).filter((heading) => heading !== 'Contents')
  return headings.map((heading) => `- [${heading}](#${anchor(heading)})`).join('\n')
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes. */
function anchor(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---|').join('')}`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n')
}

function cell(text) {
  return String(text ?? '').replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')
}

/** A default value as a table cell: empty when there is none or it is the empty string. */
function code(value) {
  return value === undefined || value === '' ? '' : `\`${cell(value)}\``
}

/** Replaces `previous` as a whole `owner/name` (also inside URLs and `owner/name/path@ref`). */
function rename(text, previous, name) {
  if (previous === name) return text
  const escaped = previous.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return text.replace(new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`, 'g'), name)
}

function replaceBetween(text, name, body) {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`README.md lacks the ${start} ... ${end} markers`)
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`
}

/**
 * The role each operation needs, as its module declares it (`role:` beside its
 * `name:`), in the order of the registry, src/operations/index.ts. Read from the
 * source text, so nothing the modules import is loaded.
 */
export async function loadRoles(root) {
  const { default: ts } = await import('typescript')
  const registry = readFileSync(join(root, 'src/operations/index.ts'), 'utf8')
  const entries = [...registry.matchAll(/^\s*'?([a-z-]+)'?: async \(\) => \(await import\('\.\/([\w-]+)\.js'\)\)/gm)]
  if (entries.length === 0) throw new Error('src/operations/index.ts lists no operation')
  const roles = {}
  for (const [, operation, file] of entries) roles[operation] = declaredRole(ts, readFileSync(join(root, 'src/operations', `${file}.ts`), 'utf8'), operation)
  return roles
}

/** The string literal `role` of the object whose `name` is `operation`. */
function declaredRole(ts, source, operation) {
  const file = ts.createSourceFile('operation.ts', source, ts.ScriptTarget.ES2022, true)
  let role
  const visit = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const props = Object.fromEntries(node.properties.filter(ts.isPropertyAssignment).map((prop) => [prop.name.getText(file), prop.initializer]))
      if (props.name && ts.isStringLiteral(props.name) && props.name.text === operation && props.role && ts.isStringLiteralLike(props.role)) role = props.role.text
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  if (role === undefined) throw new Error(`the module of ${operation} declares no role as a string literal`)
  return role
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd()
  const subActions = await loadSubActionSources(root)
  const subActionPaths = Object.keys(subActions.subActions).map((folder) => `${folder}/action.yml`)
  const files = Object.fromEntries([...docPaths(root), ...subActionPaths].map((path) => [path, existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : '']))
  const rendered = renderDocs(files, { ...readSources(root), roles: await loadRoles(root), subActions })
  const stale = Object.keys(files).filter((path) => rendered[path] !== files[path])
  if (process.argv.includes('--check')) {
    if (stale.length > 0) {
      console.error(`Out of date: ${stale.join(', ')}. Run \`npm run docs\`.`)
      process.exit(1)
    }
  } else {
    for (const path of stale) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), rendered[path])
    }
    if (stale.length > 0) console.log(`Updated ${stale.join(', ')}`)
  }
}
