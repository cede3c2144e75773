/** Pipelines as the model keeps them: the plan of their workflows and every attempt to run them. */
import type { TriggerRequest } from './build-records.js'

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
  /** How the attempt ended, kept when a rebuild starts the next one (the answer's `attempts[].status`). */
  endStatus?: string
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
  /** A rebuild asked for and not yet visible: its attempt starts at `at` (model/pipelines.ts, startRebuilds). */
  rebuild?: { at: number; partial: boolean }
}
