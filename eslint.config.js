import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/**
 * The rooms of src/ and the rooms each may import from, lowest first: an import into a room
 * not listed (an upward one, or across to a peer) fails lint, static, type-only and dynamic
 * alike, so no circle can form between rooms. The root's ground floor (constants, safe-text,
 * sleep) imports no room; main.ts and index.ts are imported by none.
 * __tests__/unit/import-rooms.test.ts plants a bad import in each room to prove the rule fires,
 * and walks every import of src/ for circles inside a room.
 */
export const ROOMS = {
  runner: [],
  http: [],
  inputs: ['http'],
  api: ['http', 'inputs'],
  github: ['http', 'inputs', 'api'],
  'service-yml': ['http', 'inputs', 'api'],
  step: ['runner', 'http', 'inputs'],
  builds: ['runner', 'http', 'inputs', 'api', 'github', 'service-yml', 'step'],
  'builds/artifacts': ['runner', 'http', 'inputs', 'api', 'github', 'step', 'builds'],
  'builds/github-status': ['runner', 'http', 'inputs', 'api', 'github', 'step', 'builds'],
  'builds/many': [
    'runner',
    'http',
    'inputs',
    'api',
    'github',
    'step',
    'builds',
    'builds/artifacts',
    'builds/github-status'
  ],
  operations: [
    'runner',
    'http',
    'inputs',
    'api',
    'github',
    'service-yml',
    'step',
    'builds',
    'builds/artifacts',
    'builds/github-status',
    'builds/many'
  ]
}

/** An import source naming a folder of `room` (its last segment: folder names are unique in src/). */
const into = (room) => `(^|/)${room.split('/').pop()}/`
const TOP = '^(\\.\\./)+(main|index)\\.js$'

/** The lint block of one room: every other room it may not import from, and main/index. */
function zone(room) {
  const closed = Object.keys(ROOMS).filter(
    (other) => other !== room && !ROOMS[room].includes(other) && !(room.startsWith('builds/') && other === 'builds')
  )
  const sources = [...closed.map(into), TOP]
  const message = `src/${room} may import only from ${ROOMS[room].length ? ROOMS[room].map((r) => `src/${r}`).join(', ') + ' and ' : ''}the ground floor (see ROOMS in eslint.config.js)`
  return {
    files: [room === 'builds' ? 'src/builds/*.ts' : `src/${room}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: sources.map((regex) => ({ regex, message })) }],
      'no-restricted-syntax': [
        'error',
        ...sources.map((regex) => ({
          selector: `ImportExpression[source.value=/${regex.replace(/\//g, '\\/')}/]`,
          message
        }))
      ]
    }
  }
}

/** The ground floor and the entry files of the root. */
const ground = {
  files: ['src/constants.ts', 'src/safe-text.ts', 'src/sleep.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '^\\./.+/', message: 'the ground floor of src/ imports no room' },
          { regex: '^\\./(main|index)\\.js$', message: 'the ground floor of src/ imports no room' }
        ]
      }
    ]
  }
}

// --- emulator/ import zones: used in the emulator block below.
/** The emulator's folders, lowest first, and what each may not import (anything above it). */
function emulatorZones() {
  const root = {
    regex: '^\\.\\./(cli|args|server)\\.js$',
    message: 'emulator/: the root (process, options, composition) is imported by no folder.'
  }
  const above = (folders, from) => ({
    regex: `^\\.\\./(${folders.join('|')})/`,
    message: `emulator/${from}/ may not import emulator/{${folders.join(',')}}/: imports run down, root > control > routes > http > model.`
  })
  const zone = (folder, forbidden) => ({
    files: [`emulator/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [root, ...(forbidden.length ? [above(forbidden, folder)] : [])] }]
    }
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
  { ignores: ['dist/**', 'dev-dist/**', 'emulator/dist/**', 'node_modules/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly'
      }
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
  },
  ground,
  ...Object.keys(ROOMS).map(zone)
)
