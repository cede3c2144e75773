/**
 * Reads a step's stdout the way the runner reads it for workflow commands, to
 * check which commands a run issued. Facts it follows (from the runner's command
 * handling): lines are split at `\r\n`, `\r` and `\n`; a line whose start, after
 * leading white space, is `::name ...::data` is a command, and so is a line that
 * holds `##[name ...]data` anywhere; `::stop-commands::TOKEN` turns command
 * processing off until a line that is itself the command `TOKEN` (either form,
 * any case). It is stricter than the runner in one way: any name counts as a
 * command, not only the ones the runner knows.
 */

export interface SeenCommand {
  name: string
  /** The data after the command, with the runner's escapes undone. */
  data: string
  properties: Record<string, string>
  /** The whole line the command was found in. */
  line: string
}

/** Every command the runner would act on in `stdout`, in order. */
export function runnerCommands(stdout: string): SeenCommand[] {
  const seen: SeenCommand[] = []
  let stopToken: string | undefined
  for (const line of stdout.split(/\r\n|\r|\n/)) {
    const command = parseCommandLine(line)
    if (!command) continue
    if (stopToken !== undefined) {
      if (command.name.toLowerCase() === stopToken.toLowerCase()) {
        seen.push(command)
        stopToken = undefined
      }
      continue
    }
    seen.push(command)
    if (command.name === 'stop-commands') stopToken = command.data
  }
  return seen
}

/** The command the runner would find in one line, if any. */
export function parseCommandLine(line: string): SeenCommand | undefined {
  // The runner trims with .NET's notion of white space, which includes U+0085; JavaScript's does not.
  const trimmed = line.replace(/^[\s\u0085]+/, '')
  if (trimmed.startsWith('::')) {
    const end = trimmed.indexOf('::', 2)
    if (end >= 0) {
      const info = trimmed.slice(2, end)
      const space = info.indexOf(' ')
      const name = space < 0 ? info : info.slice(0, space)
      if (name !== '') {
        const properties: Record<string, string> = {}
        if (space >= 0) {
          for (const pair of info.slice(space + 1).split(',')) {
            const eq = pair.indexOf('=')
            if (eq > 0) properties[pair.slice(0, eq).trim()] = unescape(pair.slice(eq + 1))
          }
        }
        return { name, data: unescape(trimmed.slice(end + 2)), properties, line }
      }
    }
  }
  const prefix = line.indexOf('##[')
  if (prefix >= 0) {
    const close = line.indexOf(']', prefix)
    if (close >= 0) {
      const info = line.slice(prefix + 3, close)
      const name = info.split(' ')[0]
      if (name !== '') return { name, data: unescape(line.slice(close + 1)), properties: {}, line }
    }
  }
  return undefined
}

function unescape(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%')
}

/**
 * The emulator's signed link to an archived log, which the action masks as soon as it reads it
 * (the link is a credential until it expires); a poll that comes after the build ended reads it.
 */
const SIGNED_LOG_LINK = /^http:\/\/127\.0\.0\.1:\d+\/_raw-logs\/[0-9a-f]+\?expires=\d+&signature=[0-9a-f]{64}$/

/**
 * The commands that are not the action's own: anything but a mask of one of
 * `secrets` (or one of their lines) or of a signed log link, a group, an annotation or debug
 * line, and stop-commands regions that were resumed. Empty when the run is clean.
 */
export function foreignCommands(stdout: string, secrets: string[]): SeenCommand[] {
  const masks = new Set<string>()
  for (const secret of secrets) {
    masks.add(secret)
    for (const line of secret.split(/\r\n|\r|\n/)) masks.add(line.trim())
  }
  const commands = runnerCommands(stdout)
  const foreign: SeenCommand[] = []
  let openToken: string | undefined
  for (const command of commands) {
    if (openToken !== undefined && command.name.toLowerCase() === openToken.toLowerCase()) {
      openToken = undefined
      continue
    }
    switch (command.name) {
      case 'add-mask':
        if (!masks.has(command.data) && !SIGNED_LOG_LINK.test(command.data)) foreign.push(command)
        break
      case 'group':
      case 'endgroup':
      case 'debug':
      case 'notice':
      case 'warning':
      case 'error':
        break
      case 'stop-commands':
        // A token the action draws is long and random; a short or guessable one could be resumed by the text.
        if (!/^[0-9a-f]{32}$/.test(command.data)) foreign.push(command)
        openToken = command.data
        break
      default:
        foreign.push(command)
    }
  }
  if (openToken !== undefined)
    foreign.push({ name: 'stop-commands (never resumed)', data: openToken, properties: {}, line: '' })
  return foreign
}

/**
 * The hostile lines whose command the runner would have acted on: a command of
 * the same name whose data starts with the line's data (a `##[` command inside a
 * longer line takes the rest of that line as its data).
 */
export function honouredLines(stdout: string, hostileLines: string[]): string[] {
  const seen = runnerCommands(stdout)
  return hostileLines.filter((line) => {
    const command = parseCommandLine(line)
    return (
      command !== undefined &&
      seen.some((c) => c.name.toLowerCase() === command.name.toLowerCase() && c.data.startsWith(command.data))
    )
  })
}
