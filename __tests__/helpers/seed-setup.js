/**
 * Chooses the run's random seed once, before any test file loads, so every worker draws from
 * it (each file mixes in its own path): TEST_SEED=<n> replays a run, or one file of it.
 */
export default function chooseSeed() {
  process.env.TEST_SEED ??= String(Date.now() % 1_000_000_007)
}
