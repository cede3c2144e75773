/**
 * Loaded with `--import` (through NODE_OPTIONS) into a step under test that reasons about
 * addresses off this machine: every connection to a host that is not loopback is refused
 * before it is made (and before its name is looked up), so no packet leaves the machine
 * whatever the code under test decides. Each refused host is appended to the file
 * LOOPBACK_GUARD_LOG names, so a test can tell that the step tried.
 */
import fs from 'node:fs'
import net from 'node:net'

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/i

function hostOf(args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0]
  // A pipe has a path and no port; http's options carry the URL's path too, with a port.
  if (first !== null && typeof first === 'object')
    return first.path !== undefined && first.port == null ? undefined : String(first.host ?? 'localhost')
  if (typeof first === 'string' && !/^\d+$/.test(first)) return undefined
  return typeof args[1] === 'string' ? args[1] : 'localhost'
}

const connect = net.Socket.prototype.connect
net.Socket.prototype.connect = function guardedConnect(...args) {
  const host = hostOf(args)
  if (host !== undefined && !LOOPBACK.test(host.replace(/^\[|\]$/g, ''))) {
    if (process.env.LOOPBACK_GUARD_LOG) fs.appendFileSync(process.env.LOOPBACK_GUARD_LOG, `${host}\n`)
    const error = Object.assign(new Error(`loopback guard: a connection to ${host} was refused`), {
      code: 'ECONNREFUSED'
    })
    process.nextTick(() => this.destroy(error))
    return this
  }
  return connect.apply(this, args)
}
