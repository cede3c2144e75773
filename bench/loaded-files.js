/**
 * Preloaded with `node --import` by the bench: records each file the process loads as a
 * JavaScript module (the bundle's entry and every chunk it imports on the way) and writes
 * their paths, one per line, to BENCH_LOADED_FILE when the process exits. It needs
 * module.registerHooks (Node 22.15 and later); on an older Node it writes nothing, and the
 * bench says so.
 */
import * as nodeModule from 'node:module'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const file = process.env.BENCH_LOADED_FILE
if (file && typeof nodeModule.registerHooks === 'function') {
  const loaded = []
  nodeModule.registerHooks({
    load(url, context, nextLoad) {
      if (url.startsWith('file:')) loaded.push(fileURLToPath(url))
      return nextLoad(url, context)
    }
  })
  process.on('exit', () => writeFileSync(file, loaded.join('\n')))
}
