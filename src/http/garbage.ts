/**
 * The memory of a step that reads a lot: a big build log, a list of tens of thousands of items.
 * Every answer (a log answer of up to 2 MiB of JSON, a piece of the archived log, a page of a
 * list) is garbage once printed or written, but V8 lets its old generation grow to its own limit
 * (gigabytes) before it collects it: measured, a 500 MB log at 20 MB/s peaked at 206 MiB of RSS
 * with nothing of the log kept, and at 128 MiB when the same run was given
 * `--max-old-space-size=40`. A step cannot set that flag for itself (the runner starts it with
 * `node dist/index.js`; V8 reads the limit once, at start), so the garbage is collected in step
 * with what is read: a full collection after every BYTES_PER_COLLECTION bytes, a few
 * milliseconds of a heap that holds only the step's own state.
 */
/** Bytes read between two collections. */
export const BYTES_PER_COLLECTION = 4 * 1024 * 1024

let collect: (() => void) | null | undefined
let sinceLast = 0

/**
 * V8's `gc`, exposed to a new context only (the action's own global gets no `gc`), or null
 * where the runtime refuses: then the step runs as it would without it.
 */
function collector(): (() => void) | null {
  if (collect === undefined) {
    try {
      // Loaded here, on the first collection: node:v8 and node:vm are not loaded at start, and
      // loading them costs every step, one refused on its inputs too, about a tenth of `node -e 0`.
      process.getBuiltinModule('node:v8').setFlagsFromString('--expose-gc')
      const gc: unknown = process.getBuiltinModule('node:vm').runInNewContext('gc')
      collect = typeof gc === 'function' ? (gc as () => void) : null
    } catch {
      collect = null
    }
  }
  return collect
}

/** Counts `bytes` read; collects the garbage each time BYTES_PER_COLLECTION more were read. */
export function bytesRead(bytes: number): void {
  sinceLast += bytes
  if (sinceLast < BYTES_PER_COLLECTION) return
  sinceLast = 0
  collector()?.()
}
