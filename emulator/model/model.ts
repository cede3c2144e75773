/**
 * The model: the one door through which the emulated world changes. Routes parse a request,
 * call one of these operations and shape the answer; the control endpoints use the same door.
 * `MemoryModel` keeps the world in memory; another backend would implement `ServiceModel`.
 */
import { EmulatorState } from './state.js'
import { OidcWorld } from './oidc.js'
import type { BuildRecord, BuildRequestRecord, TriggerRequest } from './build-records.js'
import type { ServiceEvent } from './event-records.js'
import type { PipelineRecord } from './pipeline-records.js'
import type { AppRecord } from './records.js'
import type { ConfigLocation, GroupRoleName, NotificationChoice, Seed, SeedOwner } from './types.js'
import {
  deleteApp,
  finishRegistration,
  registerApp,
  registerSshKey,
  updateApp,
  type AppChanges,
  type FinishRequest,
  type RegisterRequest
} from './apps.js'
import { decideBuildRequest, holdForApproval, needsApproval } from './build-requests.js'
import { artifactsOf, setPublicPage, type BuildArtifact } from './artifacts.js'
import {
  abortPipeline,
  pipelineView,
  rebuildPipeline,
  startRebuilds,
  startSlotHeldPipelines,
  triggerPipeline,
  type PipelineAbortRequest,
  type PipelineView
} from './pipelines.js'
import { abortWorkflowBuilds, settlePipelineBuilds } from './pipeline-builds.js'
import { abortBuild, settleBuilds, startHeldBuilds, triggerBuild, type AbortRequest } from './builds.js'
import { DEFAULT_MAX_BUILDS, trimHistory } from './history.js'
import { checkConfiguration, type ConfigFindings } from './config-validation.js'
import { notFound } from './errors.js'
import {
  migrateMachineTypes,
  setConfigLocation,
  setGroupRole,
  setNotifications,
  uploadConfig,
  type MigrationResult
} from './settings.js'

export type { BuildArtifact, PipelineAbortRequest, PipelineRecord, PipelineView }
export type { AbortRequest, AppChanges, FinishRequest, MigrationResult, RegisterRequest, TriggerRequest }

/** Every state change the emulated service knows, and the reads the views need. */
export interface ServiceModel {
  /** The world, for reading; change it only through the operations below. */
  readonly state: EmulatorState
  /** The OIDC issuer for tests and the trust policies' exchange. */
  readonly oidc: OidcWorld
  /** The model's clock, in milliseconds. */
  now(): number
  /** Records the end of every build that has finished by now; runs before each request. */
  settle(): void
  /** Back to the seed: apps, builds and events. */
  reset(): void
  registerApp(caller: string, request: RegisterRequest): AppRecord
  registerSshKey(app: AppRecord, atProvider: boolean): void
  finishRegistration(caller: string, app: AppRecord, request: FinishRequest): void
  updateApp(app: AppRecord, changes: AppChanges): void
  deleteApp(app: AppRecord): void
  uploadConfig(app: AppRecord, text: string): void
  setConfigLocation(app: AppRecord, location: ConfigLocation): void
  setGroupRole(app: AppRecord, role: GroupRoleName, groups: string[]): string[]
  setNotifications(app: AppRecord, choices: { on_failure?: NotificationChoice; on_success?: NotificationChoice }): void
  migrateMachineTypes(owner: SeedOwner, from: string, to: string): MigrationResult
  /**
   * Checks a configuration text, against what the service offers when an app is named (the
   * caller needs a role on it, else it is not found); changes nothing.
   */
  validateConfig(caller: string, appSlug: string | undefined, text: string): ConfigFindings
  /** Starts a build, or keeps a build request when the trigger needs manual approval. */
  triggerBuild(app: AppRecord, request: TriggerRequest): BuildRecord | BuildRequestRecord
  /** Sets how many of the app's builds may run at once (null: unlimited); builds on hold start as slots free. */
  setConcurrency(app: AppRecord, slots: number | null): void
  abortBuild(caller: string, app: AppRecord, build: BuildRecord, request: AbortRequest): void
  /** Approves (a new build starts) or rejects (nothing starts) an open build request. */
  decideBuildRequest(
    caller: string,
    app: AppRecord,
    requestSlug: string,
    approve: boolean
  ): { request: BuildRequestRecord; build: BuildRecord | null }
  /** The build's artifacts: none until it has ended (a failed build keeps those marked `always`). */
  artifacts(app: AppRecord, build: BuildRecord): BuildArtifact[]
  /** Switches the public install page of one of the build's artifacts. */
  setPublicPage(build: BuildRecord, artifactSlug: string, enabled: boolean): void
  triggerPipeline(app: AppRecord, request: TriggerRequest): PipelineRecord
  abortPipeline(caller: string, app: AppRecord, pipeline: PipelineRecord, request: PipelineAbortRequest): void
  rebuildPipeline(app: AppRecord, pipeline: PipelineRecord, partial: boolean): void
  /** The pipeline's state as of now. */
  pipelineView(app: AppRecord, pipeline: PipelineRecord): PipelineView
  /** The recorded events of section 6 of the interface, oldest first. */
  events(): readonly ServiceEvent[]
  clearEvents(): void
}

export interface ModelOptions {
  /** How long a build runs unless its trigger says otherwise. */
  buildDurationMs: number
  now: () => number
  /** Builds kept; older ones and their logs are dropped (default DEFAULT_MAX_BUILDS). */
  maxBuilds?: number
  /** How long after a pipeline rebuild is asked for its new attempt shows (default 0: at once). */
  rebuildDelayMs?: number
}

/** The in-memory backend. */
export class MemoryModel implements ServiceModel {
  readonly state: EmulatorState
  readonly oidc: OidcWorld

  constructor(
    seed: Seed,
    private readonly options: ModelOptions
  ) {
    this.state = new EmulatorState(seed)
    this.oidc = new OidcWorld(seed.oidc ?? {}, this.state)
  }

  now(): number {
    return this.options.now()
  }

  settle(): void {
    startRebuilds(this.state, this.now())
    settlePipelineBuilds(this.state, this.now())
    settleBuilds(this.state, this.now())
    startSlotHeldPipelines(this.state, this.now())
    trimHistory(this.state, this.options.maxBuilds ?? DEFAULT_MAX_BUILDS)
  }

  reset(): void {
    this.state.reset()
    this.oidc.reset()
  }

  registerApp(caller: string, request: RegisterRequest): AppRecord {
    this.state.revision++
    return registerApp(this.state, caller, request)
  }

  registerSshKey(app: AppRecord, atProvider: boolean): void {
    registerSshKey(app, atProvider)
  }

  finishRegistration(caller: string, app: AppRecord, request: FinishRequest): void {
    this.state.revision++
    finishRegistration(this.state, caller, app, request)
  }

  updateApp(app: AppRecord, changes: AppChanges): void {
    updateApp(app, changes)
  }

  deleteApp(app: AppRecord): void {
    this.state.revision++
    deleteApp(this.state, app)
  }

  uploadConfig(app: AppRecord, text: string): void {
    uploadConfig(app, text)
  }

  setConfigLocation(app: AppRecord, location: ConfigLocation): void {
    setConfigLocation(app, location)
  }

  setGroupRole(app: AppRecord, role: GroupRoleName, groups: string[]): string[] {
    this.state.revision++
    return setGroupRole(this.state, app, role, groups)
  }

  setNotifications(
    app: AppRecord,
    choices: { on_failure?: NotificationChoice; on_success?: NotificationChoice }
  ): void {
    setNotifications(app, choices)
  }

  migrateMachineTypes(owner: SeedOwner, from: string, to: string): MigrationResult {
    return migrateMachineTypes(this.state, owner, from, to)
  }

  validateConfig(caller: string, appSlug: string | undefined, text: string): ConfigFindings {
    if (appSlug !== undefined) {
      const app = this.state.apps.get(appSlug)
      // As the contract's 404 says: "App not found or unauthorized".
      if (!app || this.state.roleOf(caller, app) === null)
        throw notFound(`app "${appSlug}" not found or not visible to you`)
    }
    return checkConfiguration(text, appSlug === undefined ? null : this.state.offer)
  }

  triggerBuild(app: AppRecord, request: TriggerRequest): BuildRecord | BuildRequestRecord {
    if (needsApproval(app, request)) return holdForApproval(this.state, app, request, this.now())
    const build = triggerBuild(this.state, app, request, this.now(), this.options.buildDurationMs)
    this.settle()
    return build
  }

  setConcurrency(app: AppRecord, slots: number | null): void {
    app.concurrency = slots
    startHeldBuilds(this.state, this.now())
    startSlotHeldPipelines(this.state, this.now())
  }

  abortBuild(caller: string, app: AppRecord, build: BuildRecord, request: AbortRequest): void {
    abortBuild(this.state, app, build, caller, request, this.now())
  }

  decideBuildRequest(
    caller: string,
    app: AppRecord,
    requestSlug: string,
    approve: boolean
  ): { request: BuildRequestRecord; build: BuildRecord | null } {
    return decideBuildRequest(this.state, app, caller, requestSlug, approve, this.now(), this.options.buildDurationMs)
  }

  artifacts(app: AppRecord, build: BuildRecord): BuildArtifact[] {
    return artifactsOf(app, build, this.now())
  }

  setPublicPage(build: BuildRecord, artifactSlug: string, enabled: boolean): void {
    setPublicPage(build, artifactSlug, enabled)
  }

  triggerPipeline(app: AppRecord, request: TriggerRequest): PipelineRecord {
    return triggerPipeline(this.state, app, request, this.now(), this.options.buildDurationMs)
  }

  abortPipeline(caller: string, app: AppRecord, pipeline: PipelineRecord, request: PipelineAbortRequest): void {
    abortPipeline(app, pipeline, caller, request, this.now())
    abortWorkflowBuilds(this.state, app, pipeline, this.now())
  }

  rebuildPipeline(app: AppRecord, pipeline: PipelineRecord, partial: boolean): void {
    rebuildPipeline(app, pipeline, partial, this.now(), this.options.rebuildDelayMs)
  }

  pipelineView(app: AppRecord, pipeline: PipelineRecord): PipelineView {
    return pipelineView(app, pipeline, this.now())
  }

  events(): readonly ServiceEvent[] {
    return this.state.events
  }

  clearEvents(): void {
    this.state.events = []
  }
}
