/**
 * The apps a caller sees in one list, in the service's order, kept until the world
 * changes: every page after the first then costs its own length, not the Workspace's
 * (reading 5,000 apps rescanned every app and its roles for each of 100 pages).
 */
import type { EmulatorState } from './state.js'
import type { AppRecord } from './records.js'

/** A list of apps and where each slug sits in it (the `next` anchors). */
export interface AppList {
  apps: AppRecord[]
  position: Map<string, number>
}

/** Lists of different callers and owners kept at once; the oldest goes first. */
const MAX_LISTS = 64

class AppListCache {
  private revision = -1
  private size = -1
  private readonly lists = new Map<string, AppList>()

  get(state: EmulatorState, key: string, build: () => AppRecord[]): AppList {
    // The app count is checked as well, so an app added or removed behind the model's back is seen too.
    if (state.revision !== this.revision || state.apps.size !== this.size) {
      this.lists.clear()
      this.revision = state.revision
      this.size = state.apps.size
    }
    let list = this.lists.get(key)
    if (!list) {
      const apps = build()
      list = { apps, position: new Map(apps.map((app, index) => [app.slug, index])) }
      if (this.lists.size >= MAX_LISTS) this.lists.delete(this.lists.keys().next().value as string)
      this.lists.set(key, list)
    }
    return list
  }
}

const caches = new WeakMap<EmulatorState, AppListCache>()

/** The list `key` names: built by `build` once, then reused until the model changes the apps, their roles or the seed. */
export function appList(state: EmulatorState, key: string, build: () => AppRecord[]): AppList {
  let cache = caches.get(state)
  if (!cache) caches.set(state, (cache = new AppListCache()))
  return cache.get(state, key, build)
}
