/**
 * Why a required input is empty. The runner sets INPUT_<NAME> for every input the action.yml
 * declares: a key of the step's `with:` gets its evaluated value ('' when its expression came out
 * empty), and an input the step leaves out gets its `default:`, or '' when it has none
 * (actions/runner, src/Runner.Worker/ActionManifestManager.cs ConvertInputs and
 * src/Runner.Worker/ActionRunner.cs "Merge the default inputs from the definition"). So an empty
 * input with a non-empty default was given and came out empty; one without a default may have been
 * either, and the message says so.
 */
import { Input, INPUT_DEFAULTS, type InputName } from '../constants.js'
import { InputError } from './input-error.js'

/** The usual causes of an input that came out empty, in words. */
export const EMPTY_CAUSES =
  'the usual causes are a misspelt secret (${{ secrets.NAME }} of a secret that does not exist is empty), an environment secret read by a job without environment: <name>, or an event that lacks the field (${{ github.event.pull_request.number }} on a push)'

/** Whether the message says the input is needed (as opposed to a bad value). */
const SAYS_REQUIRED = /\bis required\b/

/**
 * The error, with the cause of the empty value added when it says an input the step left empty is
 * required; any other error as it is.
 */
export function explainEmptyRequired(error: unknown, value: (name: string) => string): unknown {
  // The operation's own message lists the choices; it is never an expression's value in practice.
  if (!(error instanceof InputError) || error.input === Input.operation) return error
  if (value(error.input) !== '' || !SAYS_REQUIRED.test(error.message)) return error
  const prefix = `Input "${error.input}": `
  const said = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message
  const fallback = INPUT_DEFAULTS[error.input as InputName] ?? ''
  // With a default, the runner gives a left-out input its default: empty means given and empty.
  const how =
    fallback !== '' && !fallback.includes('${{')
      ? `It came out empty: the step gives ${error.input} a value that is empty (left out, it would be ${fallback})`
      : `It is empty or not set (the runner gives an input left out of the step and one whose value came out empty alike, as an empty value)`
  return new InputError(error.input, `${said.replace(/[.\s]*$/, '')}. ${how}; ${EMPTY_CAUSES}`)
}
