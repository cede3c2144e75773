/**
 * Preloaded with `node --expose-gc --import` by the bench: when the process exits, collects the
 * garbage and writes the heap still in use (bytes) to BENCH_HEAP_FILE. What a step keeps until its
 * end, unlike its peak RSS, which also counts garbage not yet collected and V8's young generation.
 */
import { writeFileSync } from 'node:fs'

const file = process.env.BENCH_HEAP_FILE
if (file && typeof globalThis.gc === 'function')
  process.on('exit', () => {
    globalThis.gc()
    writeFileSync(file, String(process.memoryUsage().heapUsed))
  })
