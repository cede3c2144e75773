/**
 * Where a build stands, computed from its timestamps whenever it is asked for, so no pending
 * work (no timer) keeps the process alive.
 */
import type { BuildRecord } from './build-records.js'

export const STATUS_TEXT: Record<number, string> = {
  0: 'in-progress',
  1: 'success',
  2: 'error',
  3: 'aborted',
  4: 'aborted-with-success'
}

export interface BuildProgress {
  status: 0 | 1 | 2 | 3 | 4
  statusText: string
  onHold: boolean
  finishedAt: number | null
}

/** Where a build stands at `now`. */
export function progressOf(build: BuildRecord, now: number): BuildProgress {
  if (build.abort) {
    const status = build.abort.withSuccess ? 4 : 3
    return { status, statusText: STATUS_TEXT[status], onHold: false, finishedAt: build.abort.at }
  }
  if (build.startedAt === null) return { status: 0, statusText: 'on-hold', onHold: true, finishedAt: null }
  const end = build.startedAt + build.durationMs
  if (now >= end) {
    const status = build.outcome === 'success' ? 1 : 2
    return { status, statusText: STATUS_TEXT[status], onHold: false, finishedAt: end }
  }
  return { status: 0, statusText: STATUS_TEXT[0], onHold: false, finishedAt: null }
}
