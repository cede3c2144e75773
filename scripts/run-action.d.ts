import type { ChildProcess } from 'node:child_process'

/** The bundle the runner runs: dist/index.js. */
export const DIST: string

export interface RunOptions {
  /** Extra environment variables, set last. */
  env?: Record<string, string>
  /** The GitHub event: its name and payload (written to a file for GITHUB_EVENT_PATH). */
  event?: { name: string; payload: unknown; ref?: string; sha?: string }
  /** State saved by an earlier run (for the post step). */
  state?: Record<string, string>
  /** Working directory and GITHUB_WORKSPACE; a fresh temporary folder by default. */
  workspace?: string
  /** Kill the process after this long (the result then has `timedOut`); 20 s by default. */
  timeoutMs?: number
  onSpawn?: (child: ChildProcess) => void
  /** Takes the step's standard output as it comes instead of keeping it (stdout is then empty): for logs of hundreds of megabytes. */
  onStdout?: (data: Buffer) => void
  /** The Node binary; this process's by default. */
  node?: string
  /** Arguments for Node before the bundle (e.g. --import of a preload). */
  nodeArgs?: string[]
  /** Another bundle than dist/index.js (e.g. an older build's, for before/after figures). */
  bundle?: string
  /** Record `outputAt`, the first write to GITHUB_OUTPUT. */
  watchOutput?: boolean
}

export interface RunResult {
  code: number | null
  signal: NodeJS.Signals | null
  timedOut: boolean
  stdout: string
  stderr: string
  outputs: Record<string, string>
  state: Record<string, string>
  /** The job summary as a reader sees its text: character references decoded, tags kept. The file as written is `files.summary`. */
  summary: string
  /** The raw files, for scanning for secrets. */
  files: { output: string; state: string; summary: string }
  workspace: string
  durationMs: number
  /** performance.now() when the process was spawned, when it exited, and when it first wrote an output (with `watchOutput`). */
  startedAt: number
  exitAt: number
  outputAt?: number
}

export function runAction(inputs: Record<string, string>, options?: RunOptions): Promise<RunResult>
export function parseCommandFile(text: string): Record<string, string>
export function errorLine(result: Pick<RunResult, 'stdout'>): string
export function decodeCharacterReferences(html: string): string
