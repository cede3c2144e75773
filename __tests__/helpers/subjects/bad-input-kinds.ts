/**
 * The bad-input suite's table of malformed values: each kind of input and the values that break
 * it, the inputs of each operation and their kind, and the case shape. The suite
 * (bundle/inputs/bad-inputs.test.ts) generates its cases from here.
 */

export interface Bad {
  value: string
  /** What the error must say after `Input "<name>": `. */
  says: RegExp
  what: string
}

export const HUGE = 'a'.repeat(100_000)
export const huge: Bad = {
  value: HUGE,
  says: /is 100000 characters long; at most (1000|20000) are accepted/,
  what: '100 KB'
}
export const injected = (valid: string): Bad => ({
  value: `${valid}\nOTHER=x`,
  says: /must be a single line without control characters/,
  what: 'newline-injected KEY=value'
})
export const required: Bad = { value: '', says: /is required/, what: 'empty where required' }
export const blank: Bad = { value: ' \t  ', says: /is required/, what: 'whitespace only' }

/** Malformed values for each kind of input. */
export const KINDS: Record<string, Bad[]> = {
  slug: [
    { value: 'приложение', says: /is not a valid slug/, what: 'unicode slug' },
    injected('app-1'),
    { value: '../etc', says: /is not a valid slug/, what: 'path traversal' },
    huge,
    { value: 'app 1', says: /is not a valid slug/, what: 'space in a slug' },
    { value: '{"slug":"app-1"}', says: /is not a valid slug/, what: 'JSON where a slug is expected' },
    { value: 'app%2F..%2Fx', says: /is not a valid slug/, what: 'percent-encoded traversal' }
  ],
  bool: [
    { value: 'yes', says: /is not a boolean; expected true or false/, what: 'yes' },
    { value: '1', says: /is not a boolean/, what: 'number' },
    { value: 'ｔｒｕｅ', says: /is not a boolean/, what: 'full-width unicode' },
    { value: 'true\nOTHER=x', says: /is not a boolean/, what: 'newline-injected' }
  ],
  duration: [
    { value: '-5', says: /is not a duration/, what: 'negative' },
    { value: 'soon', says: /is not a duration/, what: 'word' },
    { value: '１０', says: /is not a duration/, what: 'unicode digits' },
    { value: '1e3', says: /is not a duration/, what: 'exponent' },
    { value: '10 days', says: /is not a duration/, what: 'unknown unit' },
    { value: '999999', says: /is not a duration/, what: 'too large' }
  ],
  integer: [
    { value: '0', says: /is not a whole number from 1 to/, what: 'zero' },
    { value: '1.5', says: /is not a whole number/, what: 'fraction' },
    { value: '0x10', says: /is not a whole number/, what: 'hex' },
    { value: 'four', says: /is not a whole number/, what: 'word' },
    { value: '99999999999', says: /is not a whole number/, what: 'too large' }
  ],
  ref: [
    { value: 'feature..x', says: /is not a valid git ref name/, what: 'double dot' },
    { value: 'my branch', says: /is not a valid git ref name/, what: 'space' },
    { value: '-x', says: /is not a valid git ref name/, what: 'leading dash' },
    injected('main'),
    huge
  ],
  commit: [
    { value: 'xyz1234', says: /is not a commit hash/, what: 'not hex' },
    { value: 'abc', says: /is not a commit hash/, what: 'too short' },
    { value: 'ａｂｃ１２３４', says: /is not a commit hash/, what: 'unicode' }
  ],
  gitUrl: [
    {
      value: 'https://bob:hunter2@github.com/o/r.git',
      says: /must not contain a password or token/,
      what: 'URL with credentials'
    },
    { value: 'file:///etc/passwd', says: /is not a git URL/, what: 'file URL' },
    { value: 'not a url', says: /is not a git URL/, what: 'not a URL' },
    injected('https://github.com/o/r.git')
  ],
  line: [injected('Title'), huge],
  longText: [huge],
  envList: [
    { value: 'KEY=value\nOTHER', says: /line 2 "OTHER" is not NAME=value/, what: 'newline-injected line without =' },
    { value: 'MY-VAR=1', says: /"MY-VAR" is not a valid environment variable name/, what: 'bad name' },
    { value: '[1, 2]', says: /item 1 is not an object/, what: 'JSON list of numbers' },
    { value: '- {foo: bar}', says: /unknown field "foo"/, what: 'YAML list, unknown field' },
    { value: '[not yaml', says: /is not a valid YAML or JSON list/, what: 'broken YAML' }
  ],
  machine: [
    { value: 'g2 4core', says: /is not a machine type identifier/, what: 'space' },
    { value: '../g2', says: /is not a machine type identifier/, what: 'path traversal' },
    { value: 'g2‐4core', says: /is not a machine type identifier/, what: 'unicode hyphen' }
  ]
}

export interface Field {
  input: string
  kind: keyof typeof KINDS
  required?: boolean
  /** Malformed values in all, taken in turn from the kind's list. */
  count?: number
  /** Other inputs the field needs to be read at all. */
  with?: Record<string, string>
  /** What the error says instead, for the kinds of value this field reads its own way. */
  says?: Record<string, RegExp>
}

/** What a secret input's refusals say instead of quoting its text. */
export const SECRET_LIST_SAYS: Record<string, RegExp> = {
  'newline-injected line without =': /line 2 is not NAME=value \(the line is not shown/,
  'bad name': /line 1 does not start with a variable name and "="/,
  'YAML list, unknown field': /item 1 has a field other than mapped_to, value and is_expand/
}
export const WAIT = { wait: 'true' }
/** abort with a filter instead of a build slug. */
export const NO_BUILD_SLUG = { 'build-slug': '' }
export const FIELDS: Record<string, Field[]> = {
  trigger: [
    // A line break separates apps here, so the injected line is read as a second, invalid slug.
    {
      input: 'app-slug',
      kind: 'slug',
      required: true,
      count: 2,
      says: { 'newline-injected KEY=value': /"OTHER=x" is not a valid slug/ }
    },
    { input: 'branch', kind: 'ref', count: 2 },
    { input: 'tag', kind: 'ref' },
    { input: 'commit-hash', kind: 'commit', count: 2 },
    { input: 'commit-message', kind: 'longText' },
    { input: 'workflow', kind: 'line' },
    { input: 'branch-dest', kind: 'ref' },
    { input: 'branch-repo-owner', kind: 'slug' },
    { input: 'branch-dest-repo-owner', kind: 'slug' },
    { input: 'pull-request-id', kind: 'integer', count: 2 },
    { input: 'pull-request-merge-branch', kind: 'ref' },
    { input: 'pull-request-head-branch', kind: 'ref' },
    { input: 'pull-request-repository-url', kind: 'gitUrl', count: 2 },
    { input: 'skip-git-status-report', kind: 'bool' },
    { input: 'environments', kind: 'envList', count: 3 },
    // A secret input's text is never quoted back: a line is named by its number, a list item's field not at all.
    { input: 'secret-environments', kind: 'envList', count: 2, says: SECRET_LIST_SAYS },
    { input: 'build-secrets', kind: 'envList', count: 2, says: SECRET_LIST_SAYS },
    { input: 'machine-type', kind: 'machine', count: 2 },
    { input: 'from-event', kind: 'bool' },
    { input: 'wait', kind: 'bool' },
    { input: 'wait-timeout', kind: 'duration', with: WAIT },
    { input: 'poll-interval', kind: 'duration', with: WAIT },
    { input: 'fail-on-build-failure', kind: 'bool', with: WAIT },
    { input: 'stream-logs', kind: 'bool', with: WAIT }
  ],
  wait: [
    { input: 'app-slug', kind: 'slug', required: true },
    { input: 'build-slug', kind: 'slug', required: true, count: 2 },
    { input: 'wait-timeout', kind: 'duration' },
    { input: 'poll-interval', kind: 'duration' },
    { input: 'fail-on-build-failure', kind: 'bool' }
  ],
  abort: [
    { input: 'app-slug', kind: 'slug', required: true },
    { input: 'build-slug', kind: 'slug', required: true, count: 2 },
    { input: 'pull-request-id', kind: 'integer', count: 2, with: NO_BUILD_SLUG },
    { input: 'branch', kind: 'ref', count: 2, with: NO_BUILD_SLUG },
    { input: 'branch-repo-owner', kind: 'slug', with: { ...NO_BUILD_SLUG, branch: 'main' } },
    { input: 'workflow', kind: 'line', with: { ...NO_BUILD_SLUG, 'pull-request-id': '7' } },
    { input: 'abort-reason', kind: 'longText' },
    { input: 'abort-with-success', kind: 'bool' },
    { input: 'skip-notifications', kind: 'bool' }
  ],
  'register-app': [
    { input: 'repo-url', kind: 'gitUrl', required: true, count: 3 },
    { input: 'git-owner', kind: 'slug' },
    { input: 'git-repo-slug', kind: 'slug' },
    { input: 'org-slug', kind: 'slug', required: true },
    { input: 'is-public', kind: 'bool' },
    { input: 'title', kind: 'line' },
    { input: 'register-key-at-provider', kind: 'bool' },
    { input: 'app-envs', kind: 'envList', count: 2 }
  ],
  'list-apps': [
    { input: 'org-slug', kind: 'slug' },
    { input: 'user-slug', kind: 'slug' }
  ],
  'get-app': [{ input: 'app-slug', kind: 'slug', required: true, count: 3 }],
  'update-app': [
    { input: 'app-slug', kind: 'slug', required: true },
    { input: 'title', kind: 'line' },
    { input: 'default-branch', kind: 'ref' },
    { input: 'is-public', kind: 'bool' },
    { input: 'repository-url', kind: 'gitUrl' },
    { input: 'apple-credential-user-id', kind: 'line' },
    { input: 'apple-credential-user-slug', kind: 'slug' },
    { input: 'services-credential-user-id', kind: 'line' }
  ],
  'delete-app': [{ input: 'app-slug', kind: 'slug', required: true, count: 2 }],
  'list-branches': [{ input: 'app-slug', kind: 'slug', required: true }],
  'get-config': [{ input: 'app-slug', kind: 'slug', required: true }],
  'upload-config': [
    { input: 'app-slug', kind: 'slug', required: true },
    { input: 'validate', kind: 'bool' }
  ],
  'validate-config': [{ input: 'app-slug', kind: 'slug' }],
  'get-config-location': [{ input: 'app-slug', kind: 'slug', required: true }],
  'set-config-location': [{ input: 'app-slug', kind: 'slug', required: true }],
  'get-roles': [{ input: 'app-slug', kind: 'slug', required: true }],
  'set-roles': [{ input: 'app-slug', kind: 'slug', required: true }],
  'list-groups': [{ input: 'org-slug', kind: 'slug', required: true, count: 2 }],
  'migrate-machine-types': [
    { input: 'org-slug', kind: 'slug' },
    { input: 'from-machine', kind: 'machine', required: true, count: 2 },
    { input: 'to-machine', kind: 'machine', required: true },
    { input: 'dry-run', kind: 'bool' }
  ],
  'set-email-notifications': [{ input: 'app-slug', kind: 'slug', required: true }]
}

export interface Case {
  operation: string
  input: string
  value: string
  says: RegExp
  what: string
  /** Inputs replaced for the case (undefined removes one). */
  inputs?: Record<string, string | undefined>
  workspaceFile?: boolean
}
