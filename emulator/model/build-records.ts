/** Builds as the model keeps them: the trigger as received, a build request held for approval, the build. */
import type { BuildOutcome } from './types.js'

/** A trigger held for manual approval: no build exists until it is approved. */
export interface BuildRequestRecord {
  slug: string
  appSlug: string
  createdAt: number
  /** The trigger as received, to start the build on approval. */
  trigger: TriggerRequest
  decision: null | { approved: boolean; at: number; by: string; buildSlug: string | null; reason: string | null }
}

export interface EnvItem {
  name: string
  value: string
  is_expand: boolean
}

export interface BuildRecord {
  slug: string
  appSlug: string
  buildNumber: number
  triggeredAt: number
  /** null while the build is on hold: no free concurrency slot yet */
  startedAt: number | null
  durationMs: number
  /** Set for a build whose log is written fast (emulator/routes/big-log.ts). */
  logBytesPerSecond?: number
  /** The app's credits a minute when the build was triggered; null on a plan without credits. */
  creditsPerMinute: number | null
  outcome: BuildOutcome
  triggeredWorkflow: string
  branch: string | null
  commitHash: string | null
  tag: string | null
  pullRequestId: number | null
  /**
   * What the service's standard clone step would check out (see checkoutOf in builds.ts): the most
   * specific of commit, tag and branch, or for a pull request trigger its merge ref, or a merge of
   * `value` into `into` made by the step.
   */
  checkout: {
    kind: 'commit_hash' | 'tag' | 'branch' | 'default_branch' | 'pull_request_merge_branch' | 'merge'
    value: string
    into?: string
  }
  originalParams: Record<string, unknown>
  additionalEnvs: EnvItem[]
  effectiveEnv: Record<string, string>
  envSources: Record<string, 'additional' | 'app' | 'secret' | 'build_secret'>
  /** The stack and machine type the build runs on: the trigger's override, else the configuration's (see model/build-overrides.ts). */
  stackIdentifier: string | null
  machineTypeId: string | null
  /** Its place in the queue of builds on hold: higher starts first (0 unless the trigger set it). */
  priority: number
  skipGitStatusReport: boolean
  /** The build request whose approval created the build, if any. */
  buildRequest: string | null
  /** The final status report sent to the git provider, once the build ended or was aborted (null when none was sent). */
  gitStatusReport: 'success' | 'failure' | null
  /** Whether the model has recorded the build's end (its events are written once). */
  ended: boolean
  /** Artifacts whose public install page was switched through the API (artifact slug: on or off). */
  publicPages?: Record<string, boolean>
  /** The pipeline workflow this build runs, for a build of a pipeline (see model/pipeline-builds.ts). */
  pipelineWorkflowId?: string
  abort: null | {
    at: number
    reason: string
    withSuccess: boolean
    skipNotifications: boolean
    skipGitStatusReport: boolean
    notificationSent: boolean
    by: string
  }
}

/** A trigger, checked for shape by the route: the string parameters hold non-empty strings only. */
export interface TriggerRequest {
  text: Record<string, string | undefined>
  pullRequestId: number | null
  skipGitStatusReport: boolean
  environments: EnvItem[]
  /** The trigger's `secrets` (values already redacted) and `priority`, when it sent them. */
  secrets?: EnvItem[]
  priority?: number
  /** The request's build_params with every secret already redacted. */
  originalParams: Record<string, unknown>
  /** Overrides of the app's build outcome and of the emulator's build duration. */
  outcome?: BuildOutcome
  durationMs?: number
  /** Bytes its log is written at, a second of the service's clock (emulator/routes/big-log.ts). */
  logBytesPerSecond?: number
}
