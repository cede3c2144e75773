/**
 * What the builds ran with, kept beside them: the configuration each build read when it started
 * (the published contract's `GET /apps/{app-slug}/builds/{build-slug}/bitrise.yml`: "the
 * bitrise.yml configuration with which the build ran"), and the workflows each app has ever
 * triggered (`GET /apps/{app-slug}/build-workflows`: "workflows that were triggered at any
 * time", whether the configuration still defines them or not).
 */

/** Characters of distinct configuration texts kept at most; the oldest builds' are forgotten past it. */
export const MAX_KEPT_CONFIG_CHARS = 32 * 1024 * 1024

/** Workflow names kept per app at most (each trigger must name a workflow of the app's file). */
export const MAX_TRIGGERED_WORKFLOWS = 10_000

/**
 * The configuration of each kept build. Builds of one text share it (a string is kept once
 * however many builds ran with it), and the distinct texts are bounded: a client that uploads
 * a new 512 KiB file before each trigger cannot make the emulator hold 10,000 of them.
 */
export class BuildConfigs {
  private readonly byBuild = new Map<string, string>()
  private readonly uses = new Map<string, number>()
  private chars = 0

  constructor(private readonly maxChars = MAX_KEPT_CONFIG_CHARS) {}

  /** Keeps the text a build ran with, forgetting the oldest builds' beyond the bound. */
  keep(buildSlug: string, text: string): void {
    this.forget(buildSlug)
    this.byBuild.set(buildSlug, text)
    const uses = this.uses.get(text) ?? 0
    this.uses.set(text, uses + 1)
    if (uses === 0) this.chars += text.length
    for (const oldest of this.byBuild.keys()) {
      if (this.chars <= this.maxChars || oldest === buildSlug) break
      this.forget(oldest)
    }
  }

  /** The text the build ran with, or undefined when it is not kept. */
  of(buildSlug: string): string | undefined {
    return this.byBuild.get(buildSlug)
  }

  forget(buildSlug: string): void {
    const text = this.byBuild.get(buildSlug)
    if (text === undefined) return
    this.byBuild.delete(buildSlug)
    const uses = this.uses.get(text)! - 1
    if (uses > 0) this.uses.set(text, uses)
    else {
      this.uses.delete(text)
      this.chars -= text.length
    }
  }
}

/** The workflows each app has triggered, in the order first triggered. */
export class TriggeredWorkflows {
  private readonly byApp = new Map<string, Set<string>>()

  add(appSlug: string, workflow: string): void {
    let names = this.byApp.get(appSlug)
    if (!names) this.byApp.set(appSlug, (names = new Set()))
    if (names.size < MAX_TRIGGERED_WORKFLOWS) names.add(workflow)
  }

  of(appSlug: string): string[] {
    return [...(this.byApp.get(appSlug) ?? [])]
  }

  forgetApp(appSlug: string): void {
    this.byApp.delete(appSlug)
  }
}
