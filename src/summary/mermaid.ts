/**
 * Text inside a Mermaid diagram of the job summary. GitHub renders a ```mermaid block as a
 * picture; its text is not HTML, so the summary's escaping does not apply. A label is kept
 * inside double quotes and every character but letters, digits, spaces and a few harmless
 * marks is written as Mermaid's own `#code;` entity, so no text from outside can close the
 * label, the block or the fence, nor start a directive (`%%{`), a `click` line, a link or a tag.
 */
import { redact } from '../safe-text.js'

/** Longest label; a longer text is cut. */
const MAX_LABEL_CHARS = 120

/** A label for a node: quoted, secrets removed, one line, every risky character as `#code;`. */
export function mermaidLabel(text: string): string {
  const flat = redact(text).replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
  const chars = Array.from(flat)
  const shown = chars.length > MAX_LABEL_CHARS ? [...chars.slice(0, MAX_LABEL_CHARS), '.', '.', '.'] : chars
  return `"${shown.map((c) => (/^[A-Za-z0-9 .,_-]$/.test(c) ? c : `#${c.codePointAt(0)};`)).join('')}"`
}

/** Node styles by status: the fill and the stroke of each class the flow uses. */
export const STATUS_CLASSES: Record<string, string> = {
  succeeded: 'fill:#dafbe1,stroke:#1a7f37,color:#1f2328',
  failed: 'fill:#ffebe9,stroke:#cf222e,color:#1f2328',
  aborted: 'fill:#fff1e5,stroke:#bc4c00,color:#1f2328',
  running: 'fill:#ddf4ff,stroke:#0969da,color:#1f2328',
  waiting: 'fill:#f6f8fa,stroke:#8c959f,color:#57606a'
}

/** The style class of a pipeline's or a workflow's status as the service words it. */
export function statusClass(status: string): string {
  if (status === 'succeeded' || status === 'success') return 'succeeded'
  if (status === 'failed' || status === 'error') return 'failed'
  if (
    status.startsWith('aborted') ||
    status === 'succeeded_with_abort' ||
    status === 'timed-out' ||
    status === 'cancelled'
  )
    return 'aborted'
  if (status === 'running' || status === 'in_progress' || status === 'initializing') return 'running'
  return 'waiting'
}
