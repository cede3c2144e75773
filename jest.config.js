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
  // on a build's clock) rather than in its worker, so two workers more than the cores keep every
  // core busy. Measured on a fresh clone in CI mode, 2 cores, 2026-12-07, one after the other:
  // 3 workers 162 s, 4 workers 143 s, every test passing both times (`--maxWorkers=N` overrides).
  maxWorkers: availableParallelism() + 2,
  // The run's random seed (random.ts), outside CI a fresh dev bundle (bundle.js), and the tests'
  // build that reads the test hooks (HOOKS_BUNDLE in bundle.js), built once a run, then removed.
  globalSetup: '<rootDir>/__tests__/helpers/global-setup.js',
  globalTeardown: '<rootDir>/__tests__/helpers/global-teardown.js',
  reporters: ['default', '<rootDir>/__tests__/helpers/seed-reporter.js'],
  testTimeout: 30000
}
