import * as core from './runner.js'

const known = new Set<string>()

/**
 * Registers a secret value: the runner masks it in the log, and `redact`
 * removes it from everything the action writes itself (errors, outputs, summaries).
 */
export function addSecret(value: string | undefined): void {
  if (!value) return
  core.setSecret(value)
  known.add(value)
  if (!value.includes('\n')) return
  // Multi-line secrets (SSH keys) are masked line by line by the runner; do the same here.
  for (const line of value.split(/\r?\n/)) {
    const trimmed = line.trim()
    if (trimmed.length >= 8 && !trimmed.startsWith('-----')) {
      core.setSecret(trimmed)
      known.add(trimmed)
    }
  }
  // A key pasted with escaped line breaks can be echoed back by a server in either form.
  known.add(value.replace(/\r?\n/g, '\\n'))
}

/** Replaces every registered secret in `text` with `***`. */
export function redact(text: string): string {
  let out = text
  // Longest first, so a secret that contains another is removed whole.
  for (const secret of [...known].sort((a, b) => b.length - a.length)) {
    if (out.includes(secret)) out = out.split(secret).join('***')
  }
  return out
}
