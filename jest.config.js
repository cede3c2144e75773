import { availableParallelism } from 'node:os'

/** Jest runs the TypeScript sources as native ESM through ts-jest. */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  testMatch: ['**/__tests__/**/*.test.ts'],
  // The bundles hold no tests; leaving them out keeps jest's file map small and free of name clashes.
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/dev-dist/', '<rootDir>/emulator/dist/'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true }]
  },
  // jest's default is one worker less than the cores: a single worker on a 2-core machine. A
  // bundle test spends much of its time waiting (on the child processes it starts, on sockets,
  // on a build's clock) rather than in its worker, so one worker more than the cores keeps every
  // core busy (on 2 cores, 3 workers ran the suite in 214 s where 2 took 243 s, on one busy
  // machine; `--maxWorkers=N` overrides).
  maxWorkers: availableParallelism() + 1,
  // The run's random seed (random.ts), outside CI a fresh dev bundle (bundle.js), and where the
  // scaled-clock bundle goes (built once a run by the first file that needs it, then removed).
  globalSetup: '<rootDir>/__tests__/helpers/global-setup.js',
  globalTeardown: '<rootDir>/__tests__/helpers/global-teardown.js',
  reporters: ['default', '<rootDir>/__tests__/helpers/seed-reporter.js'],
  testTimeout: 30000
}
