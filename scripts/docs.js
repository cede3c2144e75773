#!/usr/bin/env node
/**
 * Writes the inputs and outputs tables of README.md from action.yml, between the
 * `<!-- inputs:start -->`/`<!-- inputs:end -->` and `<!-- outputs:start -->`/`<!-- outputs:end -->` markers.
 * `node scripts/docs.js --check` exits 1 when README.md is not up to date.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { load } from 'js-yaml'

/** The README text with both tables regenerated from the action metadata text. */
export function renderReadme(readme, actionYaml) {
  const action = load(actionYaml)
  const cell = (text) => String(text ?? '').replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')
  const inputs = [
    '| input | required | default | description |',
    '|---|---|---|---|',
    ...Object.entries(action.inputs).map(
      ([name, spec]) => `| \`${name}\` | ${spec.required ? 'yes' : 'no'} | ${spec.default === undefined ? '' : `\`${cell(spec.default)}\``} | ${cell(spec.description)} |`
    )
  ].join('\n')
  const outputs = ['| output | description |', '|---|---|', ...Object.entries(action.outputs).map(([name, spec]) => `| \`${name}\` | ${cell(spec.description)} |`)].join('\n')
  return replaceBetween(replaceBetween(readme, 'inputs', inputs), 'outputs', outputs)
}

function replaceBetween(text, name, body) {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`README.md lacks the ${start} ... ${end} markers`)
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = readFileSync('README.md', 'utf8')
  const rendered = renderReadme(readme, readFileSync('action.yml', 'utf8'))
  if (process.argv.includes('--check')) {
    if (rendered !== readme) {
      console.error('README.md tables differ from action.yml: run `npm run docs`')
      process.exit(1)
    }
  } else if (rendered !== readme) {
    writeFileSync('README.md', rendered)
    console.log('README.md tables updated from action.yml')
  }
}
