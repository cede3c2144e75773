/**
 * The signal of one attempt: aborted when its time is up or the job is cancelled. A plain
 * controller with a timer and one listener, released when the attempt ends: AbortSignal.timeout
 * and AbortSignal.any cost about a twentieth of a dry run's 5,000 requests.
 */
export function attemptSignal(
  timeoutMs: number,
  cancel: AbortSignal | undefined
): { signal: AbortSignal; timedOut: () => boolean; release: () => void } {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'))
  }, timeoutMs)
  const onCancel = (): void => controller.abort(cancel?.reason)
  if (cancel?.aborted) onCancel()
  else cancel?.addEventListener('abort', onCancel, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    release: () => {
      clearTimeout(timer)
      cancel?.removeEventListener('abort', onCancel)
    }
  }
}
