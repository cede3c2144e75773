#!/usr/bin/env node
/** Command line entry: `service-emulator [--port N] [--host H] [--seed FILE] [--build-duration-ms N] [--enable-faults] [--require-control-token]`. */
import { parseArgs, USAGE } from './args.js'
import { startEmulator, type EmulatorOptions } from './server.js'

async function main(): Promise<void> {
  let options: EmulatorOptions | 'help'
  try {
    options = parseArgs(process.argv.slice(2))
  } catch (error) {
    console.error(`service-emulator: ${(error as Error).message}\n${USAGE}`)
    process.exit(2)
  }
  if (options === 'help') {
    console.log(USAGE)
    return
  }
  const emulator = await startEmulator(options)
  console.log(`service emulator listening on ${emulator.url}`)
  if (options.replayFile) console.log(`replaying the wire trace ${options.replayFile}`)
  if ((options.timeScale ?? 1) !== 1)
    console.log(`clock ${options.timeScale}x the wall clock from ${emulator.timeOrigin} (SERVICE_TIME_ORIGIN)`)
  // Printed once, here only: whoever reads this terminal may use the control endpoints.
  if (emulator.controlToken !== null)
    console.log(`control endpoints need the header x-emulator-control-token: ${emulator.controlToken}`)
  const stop = (): void => {
    // A hard deadline, so a stuck connection can never keep the process past a second.
    setTimeout(() => process.exit(0), 900).unref()
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(`service-emulator: ${(error as Error).message}`)
  process.exit(1)
})
