/**
 * Shapes of the emulator's seed file, and the words (roles, choices, outcomes) its records share.
 * The records the model keeps are in records.ts (Workspaces, apps), build-records.ts,
 * pipeline-records.ts and event-records.ts.
 */

/**
 * Team roles, strongest first. `manager` is Developer, `member` is Tester/QA; `platform_engineer`
 * is the Platform Engineer of bitrise-io/docs `roles-and-permissions-for-bitrise-ci.mdx` (a
 * Developer who also edits Workflows, with no access to the app's settings or team), named as the
 * published contract's role names spell it.
 */
export type TeamRole = 'owner' | 'admin' | 'platform_engineer' | 'manager' | 'member'

/** Role names that groups can hold on an app (paths of the roles endpoints). */
export type GroupRoleName = 'admin' | 'platform_engineer' | 'manager' | 'member'
export const GROUP_ROLE_NAMES: readonly GroupRoleName[] = ['admin', 'platform_engineer', 'manager', 'member']

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
  /** The steps each build runs (model/build-reports.ts); three made-up ones when absent. */
  steps?: SeedStep[]
  /** What the build's test results answer (model/build-reports.ts); made-up suites when absent. */
  test_results?: SeedTestResults
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

/** A step of the app's builds: a failing build fails in the first step with `fails` (the last when none has it). */
export interface SeedStep {
  title: string
  step_id?: string
  fails?: boolean
  /** The `errors` of the step when it fails. */
  errors?: string[]
}

/** A test case of a seeded suite: `failed` on a failing build only when `fails` is set. */
export interface SeedTestCase {
  name: string
  classname?: string
  fails?: boolean
  failure_message?: string
  file?: string
  line?: number
}

/** The test results of the app's builds: a status the endpoint answers instead (403: no test reports on the plan, 502), or suites. */
export interface SeedTestResults {
  status?: 403 | 404 | 502
  suites?: Array<{ name: string; cases: SeedTestCase[] }>
}

/** An artifact a successful build produces: its content is made-up bytes of the given size. */
export interface SeedArtifact {
  title: string
  artifact_type?: string
  file_size_bytes: number
  is_public_page_enabled?: boolean
  /** The artifact's bytes as served (e.g. a JUnit XML report); absent: made-up lines of file_size_bytes. */
  content?: string
  /** Kept by a failed build too, as the service's deploy step runs even after a failed step. */
  always?: boolean
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

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
