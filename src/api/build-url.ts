/**
 * The build page the service names (`build_url`): text from outside that the action writes to
 * an output, a log line, and the link of the summary, the pull request comment and the check
 * run, and that workflows paste into Markdown. Only a plain `https:` URL is kept (plain
 * `http:` only to this machine, as for `base-url`, so the emulator's pages work); anything else
 * is dropped, and the caller warns.
 */
import { isLoopbackHost } from '../http/addresses.js'
import { quote } from '../safe-text.js'

/** The URL as kept, or why it was dropped (a sentence for a warning). */
export interface CheckedBuildUrl {
  url?: string
  problem?: string
}

/** No white space, quotes, angle brackets, parentheses, backquote, backslash or control character: none can end a Markdown link or an HTML attribute. */
const PLAIN = /^https?:\/\/[^\s"'<>()`\\\p{Cc}]+$/iu

/** `build_url` kept when it is a plain https URL (or http to this machine); undefined stays undefined. */
export function checkedBuildUrl(value: unknown): CheckedBuildUrl {
  if (value === undefined || value === null || value === '') return {}
  const drop = (why: string): CheckedBuildUrl => ({
    problem: `The service's build_url ${typeof value === 'string' ? quote(value) : `(a ${typeof value})`} ${why}, so it is left out of the outputs and no link to the build is shown.`
  })
  if (typeof value !== 'string') return drop('is not text')
  if (!PLAIN.test(value) || !URL.canParse(value)) return drop('is not a plain http(s) URL')
  const url = new URL(value)
  if (url.username || url.password) return drop('holds a user name or password')
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return drop('uses plain http:// to a host that is not this machine')
  return { url: value }
}
