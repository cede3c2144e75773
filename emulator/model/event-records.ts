/** The events of the service's interface (section 6) the model records, sent or not (see events.ts). */
import type { BuildOutcome, NotificationChoice } from './types.js'

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
