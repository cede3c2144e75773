import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/**
 * The rooms of src/ and the rooms each may import from, lowest first: an import into a room
 * not listed (an upward one, or across to a peer) fails lint, static, type-only and dynamic
 * alike, so no circle can form between rooms. The root's ground floor (constants, safe-text,
 * sleep) imports no room; main.ts and index.ts are imported by none. A room's sub-rooms are
 * rooms of their own: a room may not import its sub-rooms unless it lists them, and a sub-room
 * lists its parent when it imports it.
 * __tests__/unit/project/import-rooms.test.ts plants a bad import in each room to prove the rule fires,
 * and walks every import of src/ for circles inside a room.
 */
/** What the features (builds/ and its rooms) and the operations build on; runner/ is not among them. */
const BELOW_FEATURES = ['summary', 'http', 'api', 'inputs', 'github', 'service-yml', 'step']

export const ROOMS = {
  summary: [],
  runner: ['summary'],
  http: [],
  api: ['http'],
  inputs: ['http', 'api'],
  github: ['http', 'api', 'inputs'],
  'service-yml': ['http', 'api', 'inputs'],
  step: ['summary', 'runner', 'http', 'inputs'],
  // Above step/, no room lists runner/: operations, and the features they call, reach the
  // runner only through the context (step/context.ts) they are given.
  // builds/: what happens to a build, in four rooms. What the step says of a build (report/)
  // and what it aborts (abort/) know no wait; the waits report and abort; the start waits.
  'builds/abort': BELOW_FEATURES,
  'builds/report': BELOW_FEATURES,
  'builds/report/artifacts': BELOW_FEATURES,
  'builds/report/github-status': [...BELOW_FEATURES, 'builds/report'],
  'builds/wait': [...BELOW_FEATURES, 'builds/abort', 'builds/report', 'builds/report/artifacts'],
  'builds/start': [...BELOW_FEATURES, 'builds/report', 'builds/wait'],
  operations: [
    ...BELOW_FEATURES,
    'builds/abort',
    'builds/report',
    'builds/report/artifacts',
    'builds/report/github-status',
    'builds/wait',
    'builds/start'
  ]
}

/** An import source naming a folder of `room` (its last segment: folder names are unique in src/). */
const into = (room) => `(^|/)${room.split('/').pop()}/`
const TOP = '^(\\.\\./)+(main|index)\\.js$'

/** A room's own files: its folder's, less those of its sub-rooms. */
function filesOf(room) {
  return Object.keys(ROOMS).some((other) => other.startsWith(`${room}/`)) ? `src/${room}/*.ts` : `src/${room}/**/*.ts`
}

/**
 * The seams inside a room's reach, as [regex, message]: the rooms above step/ (those listing it)
 * reach the step through its context, never through step/setup.ts, which makes the context (the
 * post step gets its client and log through a context too); step/context.ts, the contract every
 * operation and feature sees, owns its types and imports no runner module.
 */
const SETUP = [
  '(^|/)step/setup\\.js$',
  "only main.ts imports step/setup.ts: operations and features get what they need through the step's context (step/context.ts)"
]
const CONTEXT_OWN_TYPES = [
  '(^|/)runner/',
  'step/context.ts owns its types: it imports nothing from src/runner (the writers implement it, in step/)'
]

/** The lint block of one room (or of `files` of it, with `extra` seams): every other room it may not import from, and main/index. */
function zone(room, files = [filesOf(room)], extra = []) {
  const closed = Object.keys(ROOMS).filter((other) => other !== room && !ROOMS[room].includes(other))
  const message = `src/${room} may import only from ${ROOMS[room].length ? ROOMS[room].map((r) => `src/${r}`).join(', ') + ' and ' : ''}the ground floor (see ROOMS in eslint.config.js)`
  const seams = [...extra, ...(ROOMS[room].includes('step') ? [SETUP] : [])]
  const patterns = [
    ...[...closed.map(into), TOP].map((regex) => ({ regex, message })),
    ...seams.map(([regex, seamMessage]) => ({ regex, message: seamMessage }))
  ]
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      'no-restricted-syntax': [
        'error',
        ...patterns.map(({ regex, message }) => ({
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

/**
 * The service's words stay at the API: src/api/ maps the service's snake_case fields to the
 * action's own camelCase types once, and the features use those types. This rule refuses a
 * snake_case property read (`record.build_slug`, `record['build_slug']`, `{ build_slug } =`)
 * everywhere in src/ but src/api/. src/github/ reads GitHub's payloads, whose words are GitHub's:
 * there the rule lets through the words of GITHUB_WORDS and refuses any other, so no service word
 * is read there either. Elsewhere a word that is not the service's (GitHub's event payload where
 * an operation reads it, a conventional environment variable) carries an inline exception with
 * its reason. __tests__/unit/project/import-rooms.test.ts plants reads and sees them refused.
 */
const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/
/** The fields of GitHub's event payloads and REST answers that src/github/ reads (GitHub's webhook and REST references). */
const GITHUB_WORDS = [
  'author_association',
  'base_ref',
  'changed_files',
  'clone_url',
  'commit_id',
  'full_name',
  'head_branch',
  'head_commit',
  'head_ref',
  'head_repository',
  'head_sha',
  'html_url',
  'merge_group',
  'merged_at',
  'previous_filename',
  'pull_request',
  'pull_requests',
  'ssh_url',
  'tag_name',
  'workflow_run'
]
const serviceWords = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false
      }
    ],
    messages: {
      snake:
        "'{{name}}' is the service's word: map it to a camelCase field in src/api/ and read that (see house/service-words in eslint.config.js)"
    }
  },
  create(context) {
    const allowed = new Set(context.options[0]?.allow ?? [])
    const check = (node, name) => {
      if (typeof name === 'string' && SNAKE.test(name) && !allowed.has(name))
        context.report({ node, messageId: 'snake', data: { name } })
    }
    const nameOf = (node, computed) =>
      !computed && node.type === 'Identifier' ? node.name : node.type === 'Literal' ? node.value : undefined
    return {
      MemberExpression: (node) => check(node.property, nameOf(node.property, node.computed)),
      'ObjectPattern > Property': (node) => check(node.key, nameOf(node.key, node.computed))
    }
  }
}
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
  // --- emulator/: import zones. Folders import one way: the root (cli, args,
  // server) over control/ over routes/ over http/ over model/; github/ (a fake GitHub for tests)
  // stands apart. An import that runs back up fails here; __tests__/emulator/server/layers.test.ts proves
  // the rule on planted imports and walks the imports for circles.
  ...emulatorZones(),
  {
    // The same small pieces as src/: a route file, a model part or a helper that outgrows these is split.
    files: ['emulator/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 60 }]
    }
  },
  // --- end of emulator/ block
  {
    // A test file (or a helper of the tests) that outgrows this is split by subject, its shared
    // setup moved to __tests__/helpers/; __tests__/unit/project/test-sizes.test.ts plants one over it.
    files: ['__tests__/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] }
  },
  {
    // A test's temporary folder comes from tempDir() (__tests__/helpers/temp-dirs.ts), which removes
    // it after the file's tests, so a run leaves nothing behind; temp-dirs.test.ts plants an mkdtemp.
    // The scaled-clock bundle's folder is removed by its own remove().
    files: ['__tests__/**/*.ts'],
    ignores: ['__tests__/helpers/temp-dirs.ts', '__tests__/helpers/scaled-clock-bundle.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportSpecifier[imported.name=/^mkdtemp(Sync)?$/]',
          'MemberExpression[property.name=/^mkdtemp(Sync)?$/]'
        ].map((selector) => ({
          selector,
          message:
            'Make a temporary folder with tempDir() (__tests__/helpers/temp-dirs.ts): it is removed after the tests.'
        }))
      ]
    }
  },
  {
    // Small pieces: an operation, a client piece or a helper that outgrows these is split.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 60 }]
    }
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/api/**'],
    plugins: { house: { rules: { 'service-words': serviceWords } } },
    rules: { 'house/service-words': 'error' }
  },
  { files: ['src/github/**/*.ts'], rules: { 'house/service-words': ['error', { allow: GITHUB_WORDS }] } },
  ground,
  ...Object.keys(ROOMS).map((room) => zone(room)),
  zone('step', ['src/step/context.ts'], [CONTEXT_OWN_TYPES])
)
