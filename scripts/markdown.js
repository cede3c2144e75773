/** The Markdown pieces the generated documentation is made of: tables and their cells. */

/** A Markdown table of `header` and `rows`, each row a list of cells already written as Markdown. */
export function table(header, rows) {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---|').join('')}`,
    ...rows.map((row) => `| ${row.join(' | ')} |`)
  ].join('\n')
}

/** A text as one table cell: on one line, its pipes escaped. */
export function cell(text) {
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\|/g, '\\|')
}

/** A default value as a table cell: empty when there is none or it is the empty string. */
export function code(value) {
  return value === undefined || value === '' ? '' : `\`${cell(value)}\``
}
