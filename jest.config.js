/** Jest runs the TypeScript sources as native ESM through ts-jest. */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  testMatch: ['**/__tests__/**/*.test.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true }]
  },
  // One seed a run for every random draw of the tests (__tests__/helpers/random.ts).
  globalSetup: '<rootDir>/__tests__/helpers/seed-setup.js',
  reporters: ['default', '<rootDir>/__tests__/helpers/seed-reporter.js'],
  testTimeout: 30000
}
