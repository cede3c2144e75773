import js from '@eslint/js'
import tseslint from 'typescript-eslint'

// --- emulator/ import zones: used in the emulator block below.
/** The emulator's folders, lowest first, and what each may not import (anything above it). */
function emulatorZones() {
  const root = { regex: '^\\.\\./(cli|args|server)\\.js$', message: 'emulator/: the root (process, options, composition) is imported by no folder.' }
  const above = (folders, from) => ({
    regex: `^\\.\\./(${folders.join('|')})/`,
    message: `emulator/${from}/ may not import emulator/{${folders.join(',')}}/: imports run down, root > control > routes > http > model.`
  })
  const zone = (folder, forbidden) => ({
    files: [`emulator/${folder}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [root, ...(forbidden.length ? [above(forbidden, folder)] : [])] }] }
  })
  return [
    zone('model', ['http', 'routes', 'control', 'github']),
    zone('http', ['routes', 'control', 'github']),
    zone('routes', ['control', 'github']),
    zone('control', ['github']),
    zone('github', ['model', 'http', 'routes', 'control'])
  ]
}
// --- end of emulator/ import zones

export default tseslint.config(
  { ignores: ['dist/**', 'emulator/dist/**', 'node_modules/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', URL: 'readonly', setInterval: 'readonly', clearInterval: 'readonly' }
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }]
    }
  },
  // --- emulator/: import zones (issue #22). Folders import one way: the root (cli, args,
  // server) over control/ over routes/ over http/ over model/; github/ (a fake GitHub for tests)
  // stands apart. An import that runs back up fails here; __tests__/emulator/layers.test.ts proves
  // the rule on planted imports and walks the imports for circles.
  ...emulatorZones(),
  // --- end of emulator/ block
  {
    // Small pieces: an operation, a client piece or a helper that outgrows these is split.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 60 }]
    }
  }
)
