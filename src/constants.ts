/** Names shared by action.yml, the input reader and the output writer. */

export const ACTION_NAME = 'service-ci-action'
export const ACTION_VERSION = '3.0.0'
/** The User-Agent of every request the action sends, to the service and to GitHub. */
export const USER_AGENT = `${ACTION_NAME}/${ACTION_VERSION} node/${process.versions.node}`

/** Input names exactly as they appear in action.yml. */
export const Input = {
  operation: 'operation',
  baseUrl: 'base-url',
  token: 'token',
  // signing in with the job's OIDC token instead of a token
  oidcPolicyId: 'oidc-policy-id',
  oidcAudience: 'oidc-audience',
  oidcExchangeUrl: 'oidc-exchange-url',
  oidcSubjectTokenType: 'oidc-subject-token-type',
  appSlug: 'app-slug',
  requestTimeout: 'request-timeout',
  maxAttempts: 'max-attempts',
  listLimit: 'list-limit',
  // trigger
  workflow: 'workflow',
  branch: 'branch',
  tag: 'tag',
  commitHash: 'commit-hash',
  commitMessage: 'commit-message',
  branchDest: 'branch-dest',
  branchRepoOwner: 'branch-repo-owner',
  branchDestRepoOwner: 'branch-dest-repo-owner',
  pullRequestId: 'pull-request-id',
  pullRequestMergeBranch: 'pull-request-merge-branch',
  pullRequestHeadBranch: 'pull-request-head-branch',
  pullRequestRepositoryUrl: 'pull-request-repository-url',
  skipGitStatusReport: 'skip-git-status-report',
  environments: 'environments',
  secretEnvironments: 'secret-environments',
  fromEvent: 'from-event',
  // per-build overrides
  priority: 'priority',
  stack: 'stack',
  machineType: 'machine-type',
  buildSecrets: 'build-secrets',
  // many apps in one step
  appPaths: 'app-paths',
  failFast: 'fail-fast',
  githubToken: 'github-token',
  // pipelines
  pipeline: 'pipeline',
  pipelineId: 'pipeline-id',
  partial: 'partial',
  previousAttemptId: 'previous-attempt-id',
  // artifacts
  listArtifacts: 'list-artifacts',
  downloadArtifacts: 'download-artifacts',
  maxArtifactBytes: 'max-artifact-bytes',
  installPage: 'install-page',
  testReportArtifacts: 'test-report-artifacts',
  // wait and abort
  wait: 'wait',
  waitTimeout: 'wait-timeout',
  pollInterval: 'poll-interval',
  failOnBuildFailure: 'fail-on-build-failure',
  explainFailure: 'explain-failure',
  streamLogs: 'stream-logs',
  buildSlug: 'build-slug',
  abortReason: 'abort-reason',
  abortWithSuccess: 'abort-with-success',
  skipNotifications: 'skip-notifications',
  failIfFinished: 'fail-if-finished',
  abortOpenPullRequest: 'abort-open-pull-request',
  // apps
  provider: 'provider',
  repoUrl: 'repo-url',
  gitOwner: 'git-owner',
  gitRepoSlug: 'git-repo-slug',
  orgSlug: 'org-slug',
  userSlug: 'user-slug',
  isPublic: 'is-public',
  title: 'title',
  sshPrivateKey: 'ssh-private-key',
  sshPublicKey: 'ssh-public-key',
  registerKeyAtProvider: 'register-key-at-provider',
  projectType: 'project-type',
  stackId: 'stack-id',
  configName: 'config-name',
  appEnvs: 'app-envs',
  defaultBranch: 'default-branch',
  repositoryUrl: 'repository-url',
  appleCredentialUserId: 'apple-credential-user-id',
  appleCredentialUserSlug: 'apple-credential-user-slug',
  servicesCredentialUserId: 'services-credential-user-id',
  confirm: 'confirm',
  // configuration file
  configPath: 'config-path',
  location: 'location',
  validate: 'validate',
  // roles and groups
  role: 'role',
  groups: 'groups',
  allowEmptyGroups: 'allow-empty-groups',
  // machine types
  fromMachine: 'from-machine',
  toMachine: 'to-machine',
  dryRun: 'dry-run',
  failIfNothingToMigrate: 'fail-if-nothing-to-migrate',
  // notifications
  onSuccess: 'on-success',
  onFailure: 'on-failure',
  // the pull-request loop
  cancelSuperseded: 'cancel-superseded',
  reuseRunningBuild: 'reuse-running-build',
  githubStatus: 'github-status',
  githubStatusName: 'github-status-name',
  githubComment: 'github-comment',
  buildRequestSlug: 'build-request-slug',
  approve: 'approve',
  failIfHeld: 'fail-if-held',
  allowClosedPullRequest: 'allow-closed-pull-request',
  // who may ask, and what an approval is bound to
  allowedAssociations: 'allowed-associations',
  expectedCommit: 'expected-commit',
  rejectOtherRequests: 'reject-other-requests',
  appPathsOnUnknown: 'app-paths-on-unknown',
  // the wire trace
  trace: 'trace',
  // the access check
  operations: 'operations',
  failOnMissingAccess: 'fail-on-missing-access',
  // parked builds
  lookBack: 'look-back'
} as const

export type InputName = (typeof Input)[keyof typeof Input]

/**
 * The `default:` of each input in action.yml, which the runner exports as INPUT_<NAME>
 * whether the step sets the input or not: an input counts as set only when its value
 * differs. A test checks this table against action.yml.
 */
export const INPUT_DEFAULTS: Partial<Record<InputName, string>> = {
  [Input.requestTimeout]: '30',
  [Input.maxAttempts]: '4',
  [Input.listLimit]: '1000000',
  [Input.partial]: 'false',
  [Input.skipGitStatusReport]: 'false',
  [Input.fromEvent]: 'true',
  [Input.failFast]: 'true',
  [Input.listArtifacts]: 'false',
  [Input.maxArtifactBytes]: '1073741824',
  [Input.wait]: 'false',
  [Input.waitTimeout]: '3600',
  [Input.failOnBuildFailure]: 'true',
  [Input.streamLogs]: 'true',
  [Input.explainFailure]: 'true',
  [Input.abortWithSuccess]: 'false',
  [Input.skipNotifications]: 'false',
  [Input.failIfFinished]: 'false',
  [Input.abortOpenPullRequest]: 'false',
  [Input.provider]: 'github',
  [Input.registerKeyAtProvider]: 'false',
  [Input.configName]: 'other-config',
  [Input.validate]: 'true',
  [Input.allowEmptyGroups]: 'false',
  [Input.failIfNothingToMigrate]: 'false',
  [Input.cancelSuperseded]: 'false',
  [Input.reuseRunningBuild]: 'false',
  [Input.githubToken]: '${{ github.token }}',
  [Input.githubStatus]: 'none',
  [Input.githubComment]: 'false',
  [Input.failIfHeld]: 'false',
  [Input.allowedAssociations]: 'OWNER, MEMBER, COLLABORATOR',
  [Input.rejectOtherRequests]: 'false',
  [Input.appPathsOnUnknown]: 'build-all',
  [Input.allowClosedPullRequest]: 'false',
  [Input.trace]: 'false',
  [Input.operations]: 'trigger, wait, abort',
  [Input.failOnMissingAccess]: 'false',
  [Input.lookBack]: '24h'
}

/** Output names exactly as they appear in action.yml. */
export const Output = {
  response: 'response',
  buildSlug: 'build-slug',
  buildNumber: 'build-number',
  buildUrl: 'build-url',
  triggeredWorkflow: 'triggered-workflow',
  buildStatus: 'build-status',
  buildStatusText: 'build-status-text',
  failureSummary: 'failure-summary',
  matrix: 'matrix',
  appSlug: 'app-slug',
  buildTriggerToken: 'build-trigger-token',
  apps: 'apps',
  appSlugs: 'app-slugs',
  count: 'count',
  app: 'app',
  title: 'title',
  repoUrl: 'repo-url',
  projectType: 'project-type',
  branches: 'branches',
  configPath: 'config-path',
  location: 'location',
  groups: 'groups',
  groupSlugs: 'group-slugs',
  migratedApps: 'migrated-apps',
  migratedCount: 'migrated-count',
  errors: 'errors',
  warnings: 'warnings',
  checkedCount: 'checked-count',
  dryRunNote: 'dry-run-note',
  nearestMachineTypes: 'nearest-machine-types',
  supersededBuilds: 'superseded-builds',
  reused: 'reused',
  buildRequests: 'build-requests',
  builds: 'builds',
  artifacts: 'artifacts',
  artifactsDir: 'artifacts-dir',
  pipelineId: 'pipeline-id',
  pipelineUrl: 'pipeline-url',
  pipelineStatus: 'pipeline-status',
  previousAttemptId: 'previous-attempt-id',
  buildRequestSlug: 'build-request-slug',
  durationSeconds: 'duration-seconds',
  queueSeconds: 'queue-seconds',
  creditCost: 'credit-cost',
  parked: 'parked',
  // the reviewer's view of a finished build: its failed steps and its tests
  failedSteps: 'failed-steps',
  testsTotal: 'tests-total',
  testsFailed: 'tests-failed',
  testResults: 'test-results',
  installPageUrls: 'install-page-urls',
  // Files holding a whole list (or a response too big for an output), under RUNNER_TEMP.
  responseFile: 'response-file',
  appsFile: 'apps-file',
  appSlugsFile: 'app-slugs-file',
  branchesFile: 'branches-file',
  groupsFile: 'groups-file',
  groupSlugsFile: 'group-slugs-file',
  migratedAppsFile: 'migrated-apps-file',
  errorsFile: 'errors-file',
  warningsFile: 'warnings-file',
  supersededBuildsFile: 'superseded-builds-file',
  buildRequestsFile: 'build-requests-file',
  buildsFile: 'builds-file',
  artifactsFile: 'artifacts-file',
  failedStepsFile: 'failed-steps-file',
  testResultsFile: 'test-results-file',
  installPageUrlsFile: 'install-page-urls-file',
  // the wire trace, set by every operation when asked
  traceFile: 'trace-file',
  // what check-access found
  access: 'access'
} as const

export type OutputName = (typeof Output)[keyof typeof Output]

/**
 * The list outputs, each with the output naming a file that holds the whole list: GitHub caps an
 * output at 1 MB, so a long list is cut inline and kept whole in the file. The file output of a
 * list is its name and `-file` (apps, apps-file); response-file is no list's (see outputs.ts).
 */
export const LIST_OUTPUT_FILES: Partial<Record<OutputName, OutputName>> = Object.fromEntries(
  Object.values(Output).flatMap((file) => {
    const list = file.endsWith('-file') && file !== Output.responseFile ? file.slice(0, -'-file'.length) : undefined
    return list !== undefined && (Object.values(Output) as string[]).includes(list) ? [[list, file]] : []
  })
)

/** The outputs any operation may set, besides its own: the wire trace's file, when the trace input asks for one. */
export const COMMON_OUTPUTS: readonly OutputName[] = [Output.traceFile]

/** State saved for the post step, which aborts a build the main step could not. */
export const State = {
  isPost: 'is-post',
  /** The builds and pipelines a wait leaves for the post step (see builds/abort/pending.ts). */
  pendingWork: 'pending-work',
  /** The same, under the name versions before it saved it (one build then): still read by the post step. */
  pendingBuildOfEarlierVersions: 'pending-build'
} as const

export type StateName = (typeof State)[keyof typeof State]

/** The API version segment the base URL ends in: every path the action sends is under it. */
export const API_VERSION = 'v0.1'

/** The environment variable read when the base-url input is empty. */
export const BASE_URL_ENV = 'SERVICE_API_URL'
