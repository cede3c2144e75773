#!/usr/bin/env node
/**
 * Renders the generated parts of the documentation from the files they describe:
 *
 * - the action's name (`owner/name`) everywhere in README.md, CONTRIBUTING.md, CHANGELOG.md and
 *   docs/, from package.json `repository` (the README's `<!-- action-repository: ... -->` line
 *   records the name the files hold, so a new name replaces the old one everywhere);
 * - the reference of inputs and outputs by operation (docs/reference.md), from action.yml and
 *   the `inputs` and `outputs` each operation's module in src/operations/ declares;
 * - the inputs, secrets and outputs tables of each reusable workflow, from its file;
 * - the table of the role each operation needs, from each operation's module;
 * - the cookbook: each docs/examples/ workflow, copied into every page where it is named;
 * - the README's list of contents, from its second- and third-level headings, and the index of
 *   every section of every page of docs/ (docs/README.md).
 * - each sub-action's action.yml, its README block of inputs, and its page of inputs and outputs
 *   (docs/sub-actions/<folder>.md, written whole: scripts/sub-actions.js).
 *
 * Each generated part sits between `<!-- name:start -->` and `<!-- name:end -->` in whichever
 * page of README.md and docs/ holds it; a part no page holds is an error. The reference pages
 * (GENERATED_REFERENCE) are written whole: docs/reference.md between its markers, each sub-action's page
 * from its action.yml; they alone may be longer than a page one reads (__tests__/unit/project/doc-length.test.ts).
 * `npm run docs` rewrites what is stale; `node scripts/docs.js --check` exits 1 instead.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { load } from 'js-yaml'
import { cell, code, table } from './markdown.js'
import {
  loadSubActionSources,
  renderSubActionFiles,
  renderSubActionInputs,
  renderSubActionPage,
  SUB_ACTION_PAGES
} from './sub-actions.js'

const NAME_MARKER = /<!-- action-repository: ([\w.-]+\/[\w.-]+) -->/
const EXAMPLES = 'docs/examples'
const DOCS_INDEX = 'docs/README.md'
const REFERENCE_PAGE = 'docs/reference.md'

/**
 * Whether a page is the generated reference: docs/reference.md (the inputs and outputs by
 * operation) or a sub-action's page of inputs and outputs (docs/sub-actions/<folder>.md). The
 * generator writes their tables from action.yml and the modules; nothing else is written there.
 */
export function isGeneratedReference(path) {
  return path === REFERENCE_PAGE || new RegExp(`^${SUB_ACTION_PAGES}/[\\w-]+\\.md$`).test(path)
}

/** The `owner/name` of the project's GitHub repository, from package.json `repository`. */
export function repositoryName(pkg) {
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url
  const match =
    /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(repository ?? '') ??
    /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(repository ?? '')
  if (!match)
    throw new Error(`package.json "repository" does not name a GitHub repository: ${JSON.stringify(pkg.repository)}`)
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
  return [
    ...['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].filter((path) => existsSync(join(root, path))),
    ...(existsSync(join(root, 'docs')) ? walk('docs') : [])
  ]
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
 * The documentation files with every generated part rendered from `sources`: { name, actionYaml,
 * workflows: {file name: text}, roles: {operation: role}, operations: {operation: {inputs,
 * outputs}}, commonInputs: [input names every operation reads] }.
 * `files` maps repository-relative paths to their current text; the result has the same keys.
 */
export function renderDocs(files, sources) {
  const readme = files['README.md']
  if (readme === undefined) throw new Error('README.md is missing')
  const previous = NAME_MARKER.exec(readme)?.[1]
  if (!previous) throw new Error('README.md lacks the <!-- action-repository: owner/name --> line')
  const out = Object.fromEntries(
    Object.entries(files).map(([path, text]) => [path, rename(text, previous, sources.name)])
  )
  out['README.md'] = out['README.md'].replace(NAME_MARKER, `<!-- action-repository: ${sources.name} -->`)

  const parts = { reference: referencePage(sources), roles: rolesTable(sources.roles) }
  for (const [file, text] of Object.entries(sources.workflows)) {
    const call = load(text)?.on?.workflow_call
    if (call) Object.assign(parts, workflowTables(file, call))
  }
  const examples = Object.keys(out).filter((path) => path.startsWith(`${EXAMPLES}/`) && /\.ya?ml$/.test(path))
  const optional = Object.fromEntries(
    examples.map((path) => [`example:${path}`, `\`\`\`yaml\n${out[path].trimEnd()}\n\`\`\``])
  )
  const pages = Object.keys(out).filter(isPage)
  const found = new Set()
  for (const path of pages) {
    for (const [name, body] of Object.entries({ ...parts, ...optional })) {
      if (!hasMarkers(out[path], name)) continue
      out[path] = replaceBetween(out[path], name, body, path)
      found.add(name)
    }
  }
  const missing = Object.keys(parts).filter((name) => !found.has(name))
  if (missing.length > 0)
    throw new Error(
      `no page of README.md or docs/ holds the <!-- ${missing[0]}:start --> ... <!-- ${missing[0]}:end --> markers`
    )

  // The sub-actions' action.yml files, their README blocks and their pages, when the sources include them (scripts/sub-actions.js).
  const subActions = sources.subActions && renderSubActionFiles(sources.subActions, sources.actionYaml)
  if (subActions) {
    out['README.md'] = renderSubActionInputs(out['README.md'], subActions, sources.name, { short: true })
    const folders = Object.keys(sources.subActions.subActions)
    const stray = Object.keys(out).filter(
      (path) => path.startsWith(`${SUB_ACTION_PAGES}/`) && !folders.some((folder) => subActionPage(folder) === path)
    )
    if (stray.length > 0) throw new Error(`${stray[0]} is the page of no sub-action: remove it`)
    for (const folder of folders)
      out[subActionPage(folder)] = renderSubActionPage(subActions[`${folder}/action.yml`], folder, sources.name)
  }
  out['README.md'] = replaceBetween(out['README.md'], 'toc', contents(out['README.md']), 'README.md')
  if (out[DOCS_INDEX] !== undefined)
    out[DOCS_INDEX] = replaceBetween(out[DOCS_INDEX], 'docs-index', docsIndex(out), DOCS_INDEX)
  return { ...out, ...subActions }
}

/** Where the generator writes a sub-action's page of inputs and outputs. */
export function subActionPage(folder) {
  return `${SUB_ACTION_PAGES}/${folder}.md`
}

/** Whether a documentation path is a Markdown page that may hold generated parts: README.md or one under docs/. */
function isPage(path) {
  return path === 'README.md' || (path.startsWith('docs/') && path.endsWith('.md'))
}

/**
 * The reference of every input and output by operation: first the inputs every operation
 * reads, then, for each operation in the registry's order, the role it needs, the inputs its
 * module declares and the outputs it sets (with each list's `-file` companion, and
 * `response-file` with `response`), each described as action.yml describes it.
 */
export function referencePage({ actionYaml, operations, commonInputs, commonOutputs = [], roles }) {
  const action = load(actionYaml)
  const describe = (kind, name) => {
    const spec = action[kind]?.[name]
    if (!spec) throw new Error(`action.yml declares no ${kind.slice(0, -1)} ${name}, which an operation module names`)
    return spec
  }
  const inputRow = (name) => {
    const spec = describe('inputs', name)
    return [`\`${name}\``, code(spec.default), cell(spec.description)]
  }
  const common = commonInputs.map((name) => [
    ...inputRow(name).slice(0, 1),
    describe('inputs', name).required ? 'yes' : 'no',
    ...inputRow(name).slice(1)
  ])
  const sections = [
    '## Every operation',
    'The inputs every operation reads, whatever it is.',
    table(['input', 'required', 'default', 'description'], common),
    ...(commonOutputs.length > 0
      ? [
          'The outputs any operation may set:',
          table(
            ['output', 'description'],
            commonOutputs.map((name) => [`\`${name}\``, cell(describe('outputs', name).description)])
          )
        ]
      : [])
  ]
  for (const [operation, { inputs, outputs }] of Object.entries(operations)) {
    const own = inputs.filter((name) => !commonInputs.includes(name))
    const set = [...new Set(outputs.flatMap((name) => [name, `${name}-file`]).filter((name) => action.outputs?.[name]))]
    sections.push(`## ${operation}`, `The token's user needs: ${roles?.[operation] ?? 'not stated'}.`)
    sections.push(
      own.length > 0
        ? table(['input', 'default', 'description'], own.map(inputRow))
        : 'No inputs besides those of every operation.'
    )
    sections.push(
      set.length > 0
        ? table(
            ['output', 'description'],
            set.map((name) => [`\`${name}\``, cell(describe('outputs', name).description)])
          )
        : 'No outputs.'
    )
  }
  return sections.join('\n\n')
}

function workflowTables(file, call) {
  const inputs = table(
    ['input', 'type', 'required', 'default', 'description'],
    Object.entries(call.inputs ?? {}).map(([name, spec]) => [
      `\`${name}\``,
      spec.type,
      spec.required ? 'yes' : 'no',
      code(spec.default),
      cell(spec.description)
    ])
  )
  const secrets = table(
    ['secret', 'required', 'description'],
    Object.entries(call.secrets ?? {}).map(([name, spec]) => [
      `\`${name}\``,
      spec?.required ? 'yes' : 'no',
      cell(spec?.description)
    ])
  )
  const outputs = table(
    ['output', 'description'],
    Object.entries(call.outputs ?? {}).map(([name, spec]) => [`\`${name}\``, cell(spec.description)])
  )
  return { [`${file}:inputs`]: inputs, [`${file}:secrets`]: secrets, [`${file}:outputs`]: outputs }
}

function rolesTable(roles) {
  if (!roles || Object.keys(roles).length === 0) throw new Error('no roles to render')
  return table(
    ['operation', "the token's user needs"],
    Object.entries(roles).map(([operation, role]) => [`\`${operation}\``, cell(role)])
  )
}

/** The headings of a Markdown text outside fenced code, with the anchors GitHub gives them (a repeated one gets -1, -2, ...). */
export function headings(text) {
  const outsideCode = text.replace(/^```[\s\S]*?^```/gm, '')
  const seen = new Map()
  return [...outsideCode.matchAll(/^(#{1,6}) (.+)$/gm)].map((match) => {
    const title = match[2].trim()
    const base = anchor(title)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    return { level: match[1].length, title, anchor: count === 0 ? base : `${base}-${count}` }
  })
}

/** A list of links to the README's second- and third-level sections (after the contents list itself). */
function contents(readme) {
  return headings(readme)
    .filter((heading) => (heading.level === 2 || heading.level === 3) && heading.title !== 'Contents')
    .map((heading) => `${heading.level === 3 ? '  ' : ''}- [${heading.title}](#${heading.anchor})`)
    .join('\n')
}

/** Every page of docs/ but the index, each with its second- and third-level sections. */
function docsIndex(files) {
  const pages = Object.keys(files)
    .filter((path) => isPage(path) && path !== 'README.md' && path !== DOCS_INDEX)
    .sort()
  return pages
    .flatMap((path) => {
      const link = path.slice('docs/'.length)
      const all = headings(files[path])
      const title = all.find((heading) => heading.level === 1)?.title ?? link
      const sections = all.filter((heading) => heading.level === 2 || heading.level === 3)
      return [
        `- [${title}](${link})`,
        ...sections.map(
          (heading) => `${heading.level === 3 ? '    ' : '  '}- [${heading.title}](${link}#${heading.anchor})`
        )
      ]
    })
    .join('\n')
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes. */
function anchor(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Replaces `previous` as a whole `owner/name` (also inside URLs and `owner/name/path@ref`). */
function rename(text, previous, name) {
  if (previous === name) return text
  const escaped = previous.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return text.replace(new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`, 'g'), name)
}

function hasMarkers(text, name) {
  return text.includes(`<!-- ${name}:start -->`)
}

function replaceBetween(text, name, body, path = 'README.md') {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`${path} lacks the ${start} ... ${end} markers`)
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`
}

/**
 * The role each operation needs, as its module declares it (`role:` beside its
 * `name:`), in the order of the registry, src/operations/index.ts. Read from the
 * source text, so nothing the modules import is loaded.
 */
export async function loadRoles(root) {
  const { default: ts } = await import('typescript')
  const roles = {}
  for (const [operation, file] of registryEntries(root))
    roles[operation] = declaredRole(ts, readFileSync(join(root, 'src/operations', `${file}.ts`), 'utf8'), operation)
  return roles
}

/** The string literal `role` of the object whose `name` is `operation`. */
function declaredRole(ts, source, operation) {
  const file = ts.createSourceFile('operation.ts', source, ts.ScriptTarget.ES2022, true)
  let role
  const visit = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const props = Object.fromEntries(
        node.properties.filter(ts.isPropertyAssignment).map((prop) => [prop.name.getText(file), prop.initializer])
      )
      if (
        props.name &&
        ts.isStringLiteral(props.name) &&
        props.name.text === operation &&
        props.role &&
        ts.isStringLiteralLike(props.role)
      )
        role = props.role.text
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  if (role === undefined) throw new Error(`the module of ${operation} declares no role as a string literal`)
  return role
}

/**
 * The inputs and outputs each operation's module declares (`inputs:` and `outputs:` beside its
 * `name:`), in the order of the registry, and the inputs every operation reads (COMMON_INPUTS in
 * src/inputs/common.ts), as action.yml names them. Read from the source text, so nothing the
 * modules import is loaded: `Input.x` and `Output.x` are looked up in src/constants.ts, and a
 * spread list or object (`...WAIT_INPUTS`, `...CONFIG_FILE_OPERATION`) is followed to its
 * declaration, in the same file or in the file it is imported from.
 */
export async function loadOperations(root) {
  const { default: ts } = await import('typescript')
  const parsed = new Map()
  const parse = (path) => {
    if (!parsed.has(path))
      parsed.set(path, ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.ES2022, true))
    return parsed.get(path)
  }
  const names = {
    Input: constantNames(ts, parse('src/constants.ts'), 'Input'),
    Output: constantNames(ts, parse('src/constants.ts'), 'Output')
  }

  /** The initializer of the top-level `const <name>` that `path` declares or imports, with the file it is in. */
  const declaration = (name, path) => {
    const file = parse(path)
    for (const statement of file.statements) {
      if (ts.isVariableStatement(statement)) {
        const found = statement.declarationList.declarations.find((decl) => decl.name.getText(file) === name)
        if (found?.initializer) return { node: found.initializer, path }
      }
      if (
        ts.isImportDeclaration(statement) &&
        statement.importClause?.namedBindings &&
        ts.isNamedImports(statement.importClause.namedBindings)
      ) {
        const imported = statement.importClause.namedBindings.elements.find((element) => element.name.text === name)
        if (imported) {
          const from = statement.moduleSpecifier.text
          if (!from.startsWith('.')) break
          return declaration(
            imported.propertyName?.text ?? name,
            posix.join(posix.dirname(path), from.replace(/\.js$/, '.ts'))
          )
        }
      }
    }
    throw new Error(`${path}: cannot find the declaration of ${name}`)
  }
  const unwrap = (node) =>
    ts.isAsExpression(node) || ts.isSatisfiesExpression?.(node) || ts.isParenthesizedExpression(node)
      ? unwrap(node.expression)
      : node
  /** The names a list expression holds: `Input.x` items, and spread or named lists followed to their declaration. */
  const list = (node, path) => {
    const bare = unwrap(node)
    if (ts.isIdentifier(bare)) {
      const found = declaration(bare.text, path)
      return list(found.node, found.path)
    }
    // A list kept in a shared object (`CONFIG_FILE_OPERATION.inputs`): the object's property.
    if (ts.isPropertyAccessExpression(bare) && ts.isIdentifier(bare.expression)) {
      const found = declaration(bare.expression.text, path)
      const prop = properties(found.node, found.path).find((entry) => entry.key === bare.name.text)
      if (!prop) throw new Error(`${path}: ${bare.getText()} names no property of ${bare.expression.text}`)
      return list(prop.value, prop.path)
    }
    if (!ts.isArrayLiteralExpression(bare)) throw new Error(`${path}: expected a list, found ${bare.getText()}`)
    return bare.elements.flatMap((element) => {
      if (ts.isSpreadElement(element)) return list(element.expression, path)
      if (
        ts.isPropertyAccessExpression(element) &&
        ts.isIdentifier(element.expression) &&
        names[element.expression.text]
      ) {
        const value = names[element.expression.text][element.name.text]
        if (value === undefined) throw new Error(`${path}: ${element.getText()} is not in src/constants.ts`)
        return [value]
      }
      throw new Error(`${path}: cannot read the list item ${element.getText()}`)
    })
  }
  /** The properties of an object literal, spread objects included, each with the file it is written in. */
  const properties = (node, path) =>
    unwrap(node).properties.flatMap((prop) => {
      if (ts.isSpreadAssignment(prop)) {
        const found = ts.isIdentifier(prop.expression)
          ? declaration(prop.expression.text, path)
          : { node: prop.expression, path }
        return properties(found.node, found.path)
      }
      return ts.isPropertyAssignment(prop) ? [{ key: prop.name.getText(), value: prop.initializer, path }] : []
    })

  const operations = {}
  for (const [operation, file] of registryEntries(root)) {
    const path = `src/operations/${file}.ts`
    let props
    const visit = (node) => {
      if (props === undefined && ts.isObjectLiteralExpression(node)) {
        const all = properties(node, path)
        const name = all.find((prop) => prop.key === 'name')?.value
        if (name && ts.isStringLiteral(name) && name.text === operation) props = all
      }
      ts.forEachChild(node, visit)
    }
    visit(parse(path))
    const get = (key) => {
      const prop = props?.find((entry) => entry.key === key)
      if (!prop) throw new Error(`the module of ${operation} declares no ${key}`)
      return list(prop.value, prop.path)
    }
    operations[operation] = { inputs: get('inputs'), outputs: get('outputs') }
  }
  return {
    operations,
    commonInputs: list(declaration('COMMON_INPUTS', 'src/inputs/common.ts').node, 'src/inputs/common.ts'),
    commonOutputs: list(declaration('COMMON_OUTPUTS', 'src/constants.ts').node, 'src/constants.ts')
  }
}

/** The `key: 'value'` pairs of the object `export const <name> = { ... }` in a parsed file. */
function constantNames(ts, file, name) {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue
    for (const decl of statement.declarationList.declarations) {
      if (decl.name.getText(file) !== name || !decl.initializer) continue
      let node = decl.initializer
      while (ts.isAsExpression(node)) node = node.expression
      return Object.fromEntries(
        node.properties.filter(ts.isPropertyAssignment).map((prop) => [prop.name.getText(file), prop.initializer.text])
      )
    }
  }
  throw new Error(`src/constants.ts declares no ${name}`)
}

/** The registry's operations, in order, each with the name of its module's file. */
function registryEntries(root) {
  const registry = readFileSync(join(root, 'src/operations/index.ts'), 'utf8')
  const entries = [
    ...registry.matchAll(/^\s*'?([a-z-]+)'?: async \(\) => \(await import\('\.\/([\w-]+)\.js'\)\)/gm)
  ].map((match) => [match[1], match[2]])
  if (entries.length === 0) throw new Error('src/operations/index.ts lists no operation')
  return entries
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd()
  const subActions = await loadSubActionSources(root)
  const subActionPaths = Object.keys(subActions.subActions).flatMap((folder) => [
    `${folder}/action.yml`,
    subActionPage(folder)
  ])
  const files = Object.fromEntries(
    [...new Set([...docPaths(root), ...subActionPaths])].map((path) => [
      path,
      existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : ''
    ])
  )
  const rendered = renderDocs(files, {
    ...readSources(root),
    roles: await loadRoles(root),
    ...(await loadOperations(root)),
    subActions
  })
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
