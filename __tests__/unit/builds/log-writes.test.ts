/**
 * The log goes straight to file descriptor 1. When the descriptor is non-blocking and
 * full (EAGAIN), the write waits and tries again: nothing is lost, the order holds, and
 * nothing is queued in process.stdout (whose queue has no bound).
 */
import { describe, expect, it, jest } from '@jest/globals'
import * as fs from 'node:fs'
import { random, randomString } from '../../helpers/random.js'

const calls: string[] = []
let answers: Array<number | 'EAGAIN'> = []
jest.unstable_mockModule('node:fs', () => ({
  ...fs,
  writeSync: (fd: number, data: Uint8Array, offset = 0): number => {
    if (fd !== 1) throw new Error(`the module wrote to descriptor ${fd}`)
    const answer = answers.shift() ?? Infinity
    if (answer === 'EAGAIN')
      throw Object.assign(new Error('EAGAIN: resource temporarily unavailable, write'), { code: 'EAGAIN' })
    const bytes = Buffer.from(data).subarray(offset, offset + answer)
    calls.push(bytes.toString('utf8'))
    return bytes.length
  }
}))
const commands = await import('../../../src/runner/workflow-commands.js')

describe('log writes', () => {
  it('write the whole text across short writes, and wait for a full descriptor instead of queueing', () => {
    const [first, second, third] = [
      `first ${randomString(20)}`,
      `second ${randomString(20)}`,
      `third ${randomString(20)}`
    ]
    const cut = 1 + Math.floor(random() * 5)
    const streamed: string[] = []
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      streamed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
      return true
    })
    try {
      answers = [cut, Infinity]
      commands.info(first)
      expect(calls).toEqual([first.slice(0, cut), `${first.slice(cut)}\n`])
      expect(streamed).toEqual([])

      calls.length = 0
      const fulls = 1 + Math.floor(random() * 4)
      answers = [cut, ...Array.from({ length: fulls }, () => 'EAGAIN' as const), Infinity, 'EAGAIN', Infinity]
      commands.info(second)
      commands.info(third)
      expect(calls).toEqual([second.slice(0, cut), `${second.slice(cut)}\n`, `${third}\n`])
      expect(answers).toEqual([])
      expect(streamed).toEqual([])
    } finally {
      spy.mockRestore()
    }
  })
})
