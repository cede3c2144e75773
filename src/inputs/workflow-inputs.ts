/**
 * Inputs and secrets of the project's reusable workflows that no action.yml declares: a step that
 * gives one to an action (`preview-token` to migrate-machine-types/) copied it from a call of the
 * workflow, and is told so with the workflow's file. A test keeps this table equal to the
 * workflows' `workflow_call` inputs and secrets.
 */
import { InputError } from './input-error.js'
import { quote } from '../safe-text.js'

export const REUSABLE_WORKFLOW_INPUTS: Readonly<Record<string, readonly string[]>> = {
  '.github/workflows/migrate-machine-types.yml': [
    'environment',
    'runs-on',
    'preview-oidc-policy-id',
    'preview-token',
    'action-repository-token'
  ],
  '.github/workflows/report-parked-builds.yml': ['runs-on', 'action-repository-token'],
  '.github/workflows/trigger-build.yml': ['matrix-apps', 'fan-out', 'park', 'runs-on', 'action-repository-token']
}

/** The action's input a workflow's own input stands for in one of its jobs, where there is one. */
const STANDS_FOR: Readonly<Record<string, string>> = {
  'preview-token': 'token',
  'preview-oidc-policy-id': 'oidc-policy-id'
}

/** The workflows that take `key` as an input or secret, and the action input it stands for. */
export function reusableWorkflowInput(key: string): { files: string[]; standsFor?: string } | undefined {
  const files = Object.keys(REUSABLE_WORKFLOW_INPUTS).filter((file) => REUSABLE_WORKFLOW_INPUTS[file].includes(key))
  return files.length > 0 ? { files, standsFor: STANDS_FOR[key] } : undefined
}

/** What the check knows of the step's inputs. */
export interface KeyReading {
  reads: ReadonlySet<string>
  isSet: (name: string) => boolean
  fillsItself: (name: string) => boolean
}

/**
 * A key that is an input or secret of a reusable workflow of this project, not of the action:
 * named with the workflow's file in a warning; refused (the error returned) when the action's
 * input it stands for (preview-token: token) is read and not set, since the step would otherwise
 * run without it. Undefined for any other key.
 */
export function workflowKey(
  key: string,
  variable: string,
  env: NodeJS.ProcessEnv,
  { reads, isSet, fillsItself }: KeyReading
): InputError | string | undefined {
  const workflow = reusableWorkflowInput(key)
  if (!workflow) return undefined
  const what = `${quote(key)} (${variable}) is an input of the reusable workflow ${workflow.files.join(' and ')}, not of this action: it is read only where that workflow is called (jobs.<id>.uses: <owner>/<repo>/${workflow.files[0]}@<ref>, under with: or secrets:)`
  const meant = workflow.standsFor
  if (meant && reads.has(meant) && !isSet(meant) && !fillsItself(meant) && (env[variable] ?? '').trim() !== '')
    return new InputError(
      meant,
      `is not set, but the step sets ${what}. In a step of this action, give the value as ${meant}, or call the workflow instead`
    )
  return `The step sets ${what}. As written it has no effect here${meant ? `; this action's input is ${meant}` : ''}.`
}
