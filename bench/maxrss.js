/**
 * Preloaded with `node --import` by the bench: writes the process's peak resident
 * set size (getrusage ru_maxrss, a high-water mark kept by the kernel, in KiB) to
 * BENCH_MAXRSS_FILE when the process exits, so no peak between samples is missed.
 */
import { writeFileSync } from 'node:fs'

const file = process.env.BENCH_MAXRSS_FILE
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)))
