/**
 * Text as the job summary and GitHub's other pages (a pull request comment, a check run, a
 * commit status) show it: escaped, pings and links neutralised, cut, and the marks that open a
 * summary's first line. Its patterns avoid the `i` and `u` flags and Unicode property classes,
 * for which the regular expression engine builds tables from Unicode data the first time: a step
 * refused on its inputs would pay that at its end, writing its summary.
 */
import { redact } from '../safe-text.js'
import type { Mark } from './section.js'

/** The sign of each mark. */
const MARKS: Record<Mark, string> = {
  success: '\u2705',
  failure: '\u274c',
  aborted: '\u26d4',
  held: '\u23f8\ufe0f',
  running: '\u23f3',
  stopped: '\u23f1\ufe0f',
  refused: '\ud83d\udeab',
  warning: '\u26a0\ufe0f',
  note: '\u2139\ufe0f'
}

/** GitHub shows at most 1 MiB (1,048,576 bytes) of a step's summary. */
export const MAX_SUMMARY_BYTES = 1_000_000

/** The longest line of text a summary shows; longer ones are cut. */
export const MAX_LINE_CHARS = 2_000

/** The lines of a section shown before a line says how many more there are. */
export const MAX_LINES = 100

/** The parts that open a section's first line: the mark with the result, then what it is about. */
export function leadParts(mark: Mark, result: string, subject: string[]): string[] {
  return [
    `${MARKS[mark]} ${escape(result, 100)}`,
    ...subject.filter((part) => part !== '').map((part) => escape(part, 200))
  ]
}

/** The separator of the parts of a first line. */
export const LEAD_SEPARATOR = ' \u00b7 '

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '[': '&#91;',
  ']': '&#93;',
  '(': '&#40;',
  ')': '&#41;',
  '!': '&#33;',
  '|': '&#124;',
  '*': '&#42;',
  _: '&#95;',
  '\\': '&#92;',
  '`': '&#96;',
  '~': '&#126;',
  '#': '&#35;',
  $: '&#36;'
}

/**
 * Text for the summary, a pull request comment or a check run's Markdown: secrets removed,
 * cut to `max` characters, every line break and control character flattened to a space (a
 * blank line would end the HTML block and let Markdown in), pings and links neutralised
 * (`neutralise`), and HTML and Markdown punctuation written as character references.
 */
export function escape(text: string, max = Infinity): string {
  return neutralise(flatten(cut(redact(text), max))).replace(/[&<>"'[\]()!|*_\\`~#$]/g, (c) => ENTITIES[c])
}

/**
 * Text for a GitHub field shown as plain text (a check run's title, a commit status's
 * description): secrets removed, one line, pings and links neutralised, and at most `max`
 * characters in all.
 */
export function plainText(text: string, max: number): string {
  const clean = neutralise(flatten(redact(text)))
  if (clean.length <= max) return clean
  // A cut between `www` and its joiner would let the ellipsis complete a bare `www.` link.
  let room = max - 3
  let out = cut(clean, room)
  while (room > 0 && /\b[wW][wW][wW]\.\.\.$/.test(out)) out = cut(clean, --room)
  return out
}

/** A zero-width joiner: invisible, and no mention, reference or link pattern of GitHub matches across it. */
const JOINER = '\u200d'

/**
 * Text that GitHub can turn into no ping and no link, in Markdown, in HTML and in plain text:
 * a zero-width joiner goes after every `@` (user and team mentions, e-mail autolinks) and `#`
 * (`#123`, `owner/repo#123`), inside `GH-123`, between a scheme's `:` and `//` and after
 * `www` (bare URLs), after `<` (autolinks and tags) and between `]` and `(` (Markdown links).
 * Done before the Markdown escaping, on the text itself, because GitHub finds mentions and
 * references in the rendered text, after character references are decoded.
 */
export function neutralise(text: string): string {
  return text
    .replace(/[@#<]/g, `$&${JOINER}`)
    .replace(/\b([gG][hH])-(?=\d)/g, `$1-${JOINER}`)
    .replace(/:(?=\/\/)/g, `:${JOINER}`)
    .replace(/\b([wW][wW][wW])\./g, `$1${JOINER}.`)
    .replace(/\](?=\()/g, `]${JOINER}`)
}

/** At most `max` characters, then `...`; never half a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  return `${text.slice(0, /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max)}...`
}

/** Line breaks and control characters as spaces. */
function flatten(text: string): string {
  // \p{Cc} is exactly U+0000-U+001F and U+007F-U+009F; written out, the pattern needs no Unicode tables.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
}
