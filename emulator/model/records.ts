/** Workspaces, their groups and their apps as the model keeps them (made by app-record.ts and state.ts). */
import type {
  AiSummaryShape,
  BuildOutcome,
  ConfigLocation,
  GroupRoleName,
  NotificationChoice,
  SeedArtifact,
  SeedStep,
  SeedTestResults,
  SeedOwner,
  TeamRole
} from './types.js'

export interface Group {
  slug: string
  name: string
  members: Set<string>
}

export interface Organization {
  slug: string
  name: string
  owners: Set<string>
  groups: Map<string, Group>
}

export interface AppRecord {
  slug: string
  title: string
  owner: SeedOwner
  provider: string
  repoOwner: string
  repoUrl: string
  repoSlug: string
  projectType: string | null
  isPublic: boolean
  isDisabled: boolean
  status: number
  avatarUrl: string | null
  defaultBranch: string
  branches: string[]
  serviceYml: string
  configLocation: ConfigLocation
  repositoryHasConfig: boolean
  notifications: { on_failure: NotificationChoice; on_success: NotificationChoice }
  team: Map<string, TeamRole>
  groupRoles: Record<GroupRoleName, string[]>
  envs: Record<string, string>
  secrets: Record<string, string>
  buildOutcome: BuildOutcome
  hasSshKey: boolean
  sshKeyRegisteredAtProvider: boolean
  stackId: string | null
  initialConfig: string | null
  buildTriggerToken: string | null
  /** Whether `finish` has run (seeded apps count as finished): registration ends once. */
  registrationFinished: boolean
  extra: Record<string, unknown>
  nextBuildNumber: number
  /** Pipeline workflows that fail on the first attempt only (see model/pipelines.ts). */
  flakyWorkflows?: string[]
  /** What each successful build produces (see model/artifacts.ts). */
  artifacts?: SeedArtifact[]
  /** The steps and test results of its builds (model/build-reports.ts; seed steps, test_results). */
  steps?: SeedStep[]
  testResults?: SeedTestResults
  /** Whether the AI build summary is on in the app's settings (routes/ai-summary.ts). */
  aiSummary: boolean
  /** The shape of its answer, and how long after a failure it exists (seed ai_summary_shape, ai_summary_delay_ms). */
  aiSummaryShape?: AiSummaryShape
  aiSummaryDelayMs?: number
  /** Whether fork pull request triggers wait for manual approval as build requests (model/build-requests.ts). */
  manualApproval: boolean
  /** Whether a trigger of no pull request without either owner is held too (seed hold_without_owners). */
  holdWithoutOwners?: boolean
  /** Builds that may run at once; null: unlimited. Builds beyond it are on hold. */
  concurrency: number | null
  /** Credits a started minute of a build costs; null on a plan without credits. */
  creditsPerMinute: number | null
}
