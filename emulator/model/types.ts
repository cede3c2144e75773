/** Shapes of the emulator's seed file and of its in-memory records. */

/** Team roles, strongest first. `manager` is Developer, `member` is Tester/QA. */
export type TeamRole = 'owner' | 'admin' | 'manager' | 'member'

/** Role names that groups can hold on an app (paths of the roles endpoints). */
export type GroupRoleName = 'admin' | 'manager' | 'member'
export const GROUP_ROLE_NAMES: readonly GroupRoleName[] = ['admin', 'manager', 'member']

export type NotificationChoice = 'always' | 'never' | 'change'
export type ConfigLocation = 'service' | 'repository'
export type BuildOutcome = 'success' | 'failure'

export interface SeedUser {
  slug: string
  name: string
}

export interface SeedGroup {
  slug: string
  name: string
  members?: string[]
}

export interface SeedOrganization {
  slug: string
  name: string
  owners?: string[]
  groups?: SeedGroup[]
}

export interface SeedOwner {
  account_type: 'organization' | 'user'
  slug: string
}

/** The shapes of the AI summary's 200 the emulator can answer in (no source settles the real one: README). */
export type AiSummaryShape = 'summary' | 'three_parts'

export interface SeedApp {
  slug: string
  title?: string
  owner: SeedOwner
  provider?: string
  repo_owner?: string
  repo_url?: string
  repo_slug?: string
  project_type?: string
  is_public?: boolean
  is_disabled?: boolean
  status?: number
  avatar_url?: string | null
  default_branch?: string
  branches?: string[]
  service_yml?: string
  config_location?: ConfigLocation
  repository_has_config?: boolean
  notifications?: { on_failure?: NotificationChoice; on_success?: NotificationChoice }
  /** user slug → owner | admin | developer | manager | tester | member */
  team?: Record<string, string>
  /** role name → group slugs of the owner Workspace */
  group_roles?: Partial<Record<GroupRoleName, string[]>>
  envs?: Record<string, string>
  secrets?: Record<string, string>
  build_outcome?: BuildOutcome
  /** Workflows of a pipeline that fail on its first attempt and pass when it is rebuilt. */
  flaky_workflows?: string[]
  /** Whether the AI build summary is on in the app's settings: its failed builds get one. */
  ai_summary?: boolean
  /** How the summary is answered: `{summary}` (the default), or its three parts `{failure_details, reason, suggested_solution}`. */
  ai_summary_shape?: AiSummaryShape
  /** How long after a build failed its summary exists (404 before): the service writes it after the build ends. 0 when absent. */
  ai_summary_delay_ms?: number
  /** The artifacts each successful build of the app produces; two made-up ones when absent. */
  artifacts?: SeedArtifact[]
  /** Manual build approval for fork pull requests: on unless false (always on for a public app). */
  manual_approval?: boolean
  /**
   * Holds, with manual approval on, a trigger that names no pull request but neither owner: interface
   * rule 3 read literally (see README). Off unless true.
   */
  hold_without_owners?: boolean
  /** Builds of the app that may run at once; more wait on hold (`is_on_hold`). Unlimited when absent. */
  concurrency?: number
  /** Credits a minute of its builds costs (a credit-based plan); absent: a plan without credits, `credit_cost` null. */
  credits_per_minute?: number
}

/** An artifact a successful build produces: its content is made-up bytes of the given size. */
export interface SeedArtifact {
  title: string
  artifact_type?: string
  file_size_bytes: number
  is_public_page_enabled?: boolean
}

export interface Seed {
  users: SeedUser[]
  organizations?: SeedOrganization[]
  apps?: SeedApp[]
  /** The stacks the service offers; absent: the configuration check accepts any. */
  stacks?: string[]
  /** The machine types the service offers; absent: the configuration check accepts any. */
  machine_types?: string[]
  /** token string → user slug */
  tokens: Record<string, string>
  /** Signing in with a foreign OIDC token (model/oidc.ts). */
  oidc?: SeedOidc
}

/** The emulator as an OIDC issuer for tests, and the Workspaces' trust policies. */
export interface SeedOidc {
  /** The runner's request token of a job → the claims its OIDC token carries (sub, repository, ref, ...). */
  jobs?: Record<string, Record<string, unknown>>
  trust_policies?: SeedTrustPolicy[]
  /** The subject_token_type values the exchange takes; only the documented `id_token` when absent. */
  subject_token_types?: string[]
}

/** A Workspace's OIDC trust policy: which tokens it trusts and what the short-lived token may do. */
export interface SeedTrustPolicy {
  id: string
  /** The Workspace's slug. */
  workspace: string
  /** The trusted issuer; the emulator's own (origin + /_oidc) when absent. */
  issuer?: string
  /** The audience the token must carry; the emulator's host (127.0.0.1:PORT) when absent. */
  audience?: string
  /** Claim name → the exact value it must have; `sub` is mandatory. */
  rules: Record<string, string>
  /** The Workspace role of the short-lived token (owner, admin, developer, tester, ...). */
  role: string
  session_duration_s: number
}

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

/** What an event was about: a trigger, the natural end of a build, or an abort. */
export type EventOccasion = 'trigger' | 'build_end' | 'abort'

/** A build status report the service sends to the git provider (or decided not to send). */
export interface GitStatusReportEvent {
  seq: number
  at: string
  kind: 'git_status_report'
  event: EventOccasion
  app: string
  build: string
  branch: string | null
  commit_hash: string | null
  state: 'pending' | 'success' | 'failure'
  sent: boolean
  reason: string
}

/** An email notification about a build, decided from the app's settings (sent or not). */
export interface EmailNotificationEvent {
  seq: number
  at: string
  kind: 'email_notification'
  event: Exclude<EventOccasion, 'trigger'>
  app: string
  build: string
  branch: string | null
  outcome: BuildOutcome
  setting: NotificationChoice
  sent: boolean
  reason: string
}

/** The events of the service's interface (section 6) that the emulator records. */
export type ServiceEvent = GitStatusReportEvent | EmailNotificationEvent

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
}

/** A pipeline as the model keeps it: its workflows and every attempt to run them. */
export interface PipelineAttempt {
  number: number
  at: number
  /** null while the pipeline is held. */
  startedAt: number | null
  /** Why it is held: a fork pull request awaiting approval (never started here), or no free concurrency slot (started when one frees). */
  heldFor?: 'approval' | 'slot'
  /** Workflows that succeeded in an earlier attempt and are not run again: name → its ids. */
  kept: Map<string, KeptWorkflow>
  /** The build each workflow of this attempt runs as, once its stage has started: name → build slug. */
  builds: Map<string, string>
}

/** A pipeline workflow's two ids: its own, and its build's slug (`external_id`). */
export interface KeptWorkflow {
  id: string
  externalId: string
}

/** One workflow of a pipeline as the emulator runs it (model/pipeline-plan.ts). */
export interface PlannedWorkflow {
  name: string
  /** The stage that holds it; null in a graph pipeline. */
  stage: string | null
  /** The workflows it waits for, as indexes into the plan's workflows. */
  needs: number[]
  /** `should_always_run: workflow`: it runs once what it waits for has ended, whatever the result. */
  alwaysRun: boolean
}

/** A pipeline's workflows, in the order of the configuration. */
export interface PipelinePlan {
  /** `stages`: each workflow waits for the whole stage before its own; `graph`: for its `depends_on`. */
  kind: 'stages' | 'graph'
  workflows: PlannedWorkflow[]
}

export interface PipelineRecord {
  id: string
  appSlug: string
  name: string
  number: number
  plan: PipelinePlan
  attempts: PipelineAttempt[]
  /** How long each workflow runs. */
  stageDurationMs: number
  triggerParams: Record<string, unknown>
  /** The trigger, for the builds of its workflows. */
  request: TriggerRequest
  abort: null | { at: number; reason: string; withSuccess: boolean; skipNotifications: boolean; by: string }
}

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
