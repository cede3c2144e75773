/** Command line options of the emulator. */
import type { EmulatorOptions } from './server.js'

export const USAGE = `usage: service-emulator [options]
  --port N               port to listen on (0 = any free port; default 0)
  --host HOST            interface to bind (default 127.0.0.1)
  --seed FILE            JSON or YAML seed file (default: the bundled demo seed)
  --build-duration-ms N  how long a build runs before it finishes (default 2000)
  --log-delay-ms N       how long a new build's log answers 404 (default 200; the service: about 15 s)
  --rebuild-delay-ms N   how long after a pipeline rebuild its new attempt shows (default 3000)
  --log-archive-delay-ms N
                         how long after a build ends its log is archived (default 1000)
  --max-builds N         builds kept in memory; older ones and their logs are dropped (default 10000)
  --time-scale N         run the clock N times faster than the wall clock (default 1; the bench)
  --time-origin MS       the wall-clock instant (ms since 1970) the scaled clock starts from (default: now)
  --enable-faults        enable POST /_emulator/faults
  --replay FILE          answer the API from a wire trace (the action's trace: true file), in order
  --require-control-token
                         make the /_emulator endpoints need a token even on loopback
                         (always needed when --host is not a loopback address)
  --help                 show this text`

function integer(flag: string, value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value))
    throw new Error(`${flag} needs a non-negative integer; got "${value ?? ''}"`)
  return Number(value)
}

function text(flag: string, value: string | undefined, what: string): string {
  if (!value) throw new Error(`${flag} needs ${what}`)
  return value
}

/** Turns command line arguments into emulator options; throws an error naming the bad flag. */
export function parseArgs(argv: string[]): EmulatorOptions | 'help' {
  const options: EmulatorOptions = {}
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2)
    const value = (): string | undefined => inline ?? argv[++i]
    switch (flag) {
      case '--port': {
        const port = integer(flag, value())
        if (port > 65535) throw new Error('--port must be at most 65535')
        options.port = port
        break
      }
      case '--host':
        options.host = text(flag, value(), 'a value')
        break
      case '--seed':
        options.seedFile = text(flag, value(), 'a file path')
        break
      case '--build-duration-ms':
        options.buildDurationMs = integer(flag, value())
        break
      case '--rebuild-delay-ms':
        options.rebuildDelayMs = integer(flag, value())
        break
      case '--log-delay-ms':
        options.logDelayMs = integer(flag, value())
        break
      case '--log-archive-delay-ms':
        options.logArchiveDelayMs = integer(flag, value())
        break
      case '--max-builds':
        options.maxBuilds = Math.max(1, integer(flag, value()))
        break
      case '--replay':
        options.replayFile = text(flag, value(), 'a trace file path')
        break
      case '--time-scale':
        options.timeScale = Math.max(1, integer(flag, value()))
        break
      case '--time-origin':
        options.timeOrigin = integer(flag, value())
        break
      case '--enable-faults':
        options.enableFaults = true
        break
      case '--require-control-token':
        options.requireControlToken = true
        break
      case '--help':
      case '-h':
        return 'help'
      default:
        throw new Error(`unknown option ${flag}`)
    }
  }
  return options
}
