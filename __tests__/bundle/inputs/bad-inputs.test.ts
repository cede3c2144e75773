/**
 * Fuzz-style bad inputs, generated from one table: every input of every operation
 * gets malformed values of its kind (wrong type, empty where required, whitespace
 * only, 100 KB, unicode where a slug is expected, newline-injected KEY=value lines,
 * path traversal, credentials in URLs, ...). Each case must fail with exit code 1 and
 * an ::error:: line "Input "<name>": ..." naming the right input, send nothing, print
 * no stack trace and leak no secret.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type FakeService, fakeServices, startFakeService } from '../../helpers/fake-service.js'
import { errorLine, runAction } from '../../helpers/run-action.js'
import { expectNoSecrets, TOKEN } from '../../helpers/secrets.js'
import {
  Checks,
  failure,
  operationCase,
  pool,
  ScenarioTable,
  SECRET_ENV_VALUE,
  SECRET_INPUTS
} from '../../helpers/scenarios/fault-cases.js'
import { runOperation, SSH_PRIVATE_KEY, SSH_PUBLIC_KEY } from '../../helpers/scenarios/operation-steps.js'

interface Bad {
  value: string
  /** What the error must say after `Input "<name>": `. */
  says: RegExp
  what: string
}

const HUGE = 'a'.repeat(100_000)
const huge: Bad = { value: HUGE, says: /is 100000 characters long; at most (1000|20000) are accepted/, what: '100 KB' }
const injected = (valid: string): Bad => ({
  value: `${valid}\nOTHER=x`,
  says: /must be a single line without control characters/,
  what: 'newline-injected KEY=value'
})
const required: Bad = { value: '', says: /is required/, what: 'empty where required' }
const blank: Bad = { value: ' \t  ', says: /is required/, what: 'whitespace only' }

/** Malformed values for each kind of input. */
const KINDS: Record<string, Bad[]> = {
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

interface Field {
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
const SECRET_LIST_SAYS: Record<string, RegExp> = {
  'newline-injected line without =': /line 2 is not NAME=value \(the line is not shown/,
  'bad name': /line 1 does not start with a variable name and "="/,
  'YAML list, unknown field': /item 1 has a field other than mapped_to, value and is_expand/
}
const WAIT = { wait: 'true' }
/** abort with a filter instead of a build slug. */
const NO_BUILD_SLUG = { 'build-slug': '' }
const FIELDS: Record<string, Field[]> = {
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

interface Case {
  operation: string
  input: string
  value: string
  says: RegExp
  what: string
  /** Inputs replaced for the case (undefined removes one). */
  inputs?: Record<string, string | undefined>
  workspaceFile?: boolean
}

/** Cases the kinds above do not express: enums, cross-field rules, tokens, base URLs, paths. */
const SPECIAL: Case[] = [
  {
    operation: 'get-app',
    input: 'operation',
    value: 'deploy',
    says: /"deploy" is not an operation; expected one of: trigger/,
    what: 'unknown operation'
  },
  {
    operation: 'get-app',
    input: 'operation',
    value: 'Get-App',
    says: /"Get-App" is not an operation/,
    what: 'wrong case'
  },
  {
    operation: 'get-app',
    input: 'operation',
    value: 'get-app\nOTHER=x',
    says: /is not an operation/,
    what: 'newline-injected'
  },
  {
    operation: 'list-branches',
    input: 'operation',
    value: '',
    says: /is required; one of: trigger/,
    what: 'empty where required'
  },
  {
    operation: 'get-roles',
    input: 'token',
    value: '',
    says: /is required: pass the access token from a secret/,
    what: 'empty where required'
  },
  { operation: 'get-roles', input: 'token', value: '   ', says: /is required/, what: 'whitespace only' },
  {
    operation: 'trigger',
    input: 'token',
    value: `${TOKEN}\nINJECT=x`,
    says: /contains white space or a line break/,
    what: 'newline-injected'
  },
  {
    operation: 'abort',
    input: 'token',
    value: TOKEN.replace(/-(?=[^-]*$)/, ' '),
    says: /contains white space or a line break/,
    what: 'space inside'
  },
  {
    operation: 'get-app',
    input: 'base-url',
    value: `https://robot:${TOKEN}@192.0.2.1/v0.1`,
    says: /must not contain a user name or password \(it holds an "@"\); pass the access token in the token input/,
    what: 'URL with credentials'
  },
  {
    operation: 'trigger',
    input: 'base-url',
    value: 'http://192.0.2.1/v0.1',
    says: /uses plain http:\/\/ to a host that is not this machine/,
    what: 'http to a remote host'
  },
  {
    operation: 'list-apps',
    input: 'base-url',
    value: 'ftp://192.0.2.1/v0.1',
    says: /must use https:\/\//,
    what: 'ftp scheme'
  },
  {
    operation: 'set-roles',
    input: 'base-url',
    value: 'https://192.0.2.1/',
    says: /must end in the API version segment/,
    what: 'no version segment'
  },
  { operation: 'wait', input: 'base-url', value: 'not a url', says: /"not a url" is not a URL/, what: 'not a URL' },
  {
    operation: 'abort',
    input: 'base-url',
    value: 'https://192.0.2.1/v0.1?x=1',
    says: /must not have a query or fragment/,
    what: 'query string'
  },
  {
    operation: 'get-config',
    input: 'base-url',
    value: 'https://192.0.2.1/v0.1\nOTHER=x',
    says: /is not a URL|must|v0\.1/,
    what: 'newline-injected'
  },
  { operation: 'delete-app', input: 'base-url', value: HUGE, says: /is not a URL/, what: '100 KB' },
  {
    operation: 'get-app',
    input: 'request-timeout',
    value: '0',
    says: /"0" is not a duration from 1 to 600 seconds/,
    what: 'zero'
  },
  { operation: 'list-groups', input: 'request-timeout', value: '１', says: /is not a duration/, what: 'unicode digit' },
  { operation: 'update-app', input: 'request-timeout', value: '601', says: /is not a duration/, what: 'too large' },
  {
    operation: 'set-config-location',
    input: 'max-attempts',
    value: '11',
    says: /"11" is not a whole number from 1 to 10/,
    what: 'too many'
  },
  { operation: 'get-roles', input: 'max-attempts', value: '-1', says: /is not a whole number/, what: 'negative' },
  {
    operation: 'get-config',
    input: 'config-path',
    value: '../outside.yml',
    says: /points outside the workspace/,
    what: 'path traversal'
  },
  {
    operation: 'get-config',
    input: 'config-path',
    value: '/etc/passwd',
    says: /points outside the workspace/,
    what: 'absolute path'
  },
  {
    operation: 'upload-config',
    input: 'config-path',
    value: 'sub/../../../x.yml',
    says: /points outside the workspace/,
    what: 'nested traversal'
  },
  {
    operation: 'upload-config',
    input: 'config-path',
    value: '.',
    says: /points outside the workspace/,
    what: 'the workspace itself'
  },
  {
    operation: 'get-config',
    input: 'config-path',
    value: 'service.yml\nOTHER=x',
    says: /must be a single line/,
    what: 'newline-injected'
  },
  {
    operation: 'upload-config',
    input: 'config-path',
    value: 'missing.yml',
    says: /"missing.yml" does not exist in the workspace/,
    what: 'missing file'
  },
  {
    operation: 'set-config-location',
    input: 'location',
    value: 'everywhere',
    says: /"everywhere" is not allowed; expected one of: service, repository/,
    what: 'unknown value'
  },
  { operation: 'set-config-location', input: 'location', value: 'Service', says: /is not allowed/, what: 'wrong case' },
  { operation: 'set-config-location', input: 'location', value: '', says: /is required/, what: 'empty where required' },
  { operation: 'get-roles', input: 'role', value: 'owner', says: /"owner" is not a role/, what: 'unknown role' },
  { operation: 'get-roles', input: 'role', value: 'ａｄｍｉｎ', says: /is not a role/, what: 'full-width unicode' },
  { operation: 'set-roles', input: 'role', value: ' ', says: /is required/, what: 'whitespace only' },
  {
    operation: 'set-roles',
    input: 'groups',
    value: '[not json',
    says: /starts with \[ but is not a JSON array/,
    what: 'broken JSON'
  },
  {
    operation: 'set-roles',
    input: 'groups',
    value: '["g-1", 3]',
    says: /must be a JSON array of strings/,
    what: 'wrong item type'
  },
  {
    operation: 'set-roles',
    input: 'groups',
    value: 'g-1\n../x',
    says: /"..\/x" is not a valid slug/,
    what: 'path traversal in a line'
  },
  {
    operation: 'set-roles',
    input: 'groups',
    value: '',
    says: /is empty, which would remove every group/,
    what: 'empty'
  },
  {
    operation: 'set-roles',
    input: 'allow-empty-groups',
    value: 'yes',
    says: /is not a boolean/,
    what: 'yes',
    inputs: { groups: '' }
  },
  {
    operation: 'delete-app',
    input: 'confirm',
    value: 'other-app',
    says: /must repeat the app slug "app-1"/,
    what: 'wrong slug'
  },
  {
    operation: 'delete-app',
    input: 'confirm',
    value: '',
    says: /must repeat the app slug "app-1" .*got nothing/,
    what: 'empty where required'
  },
  { operation: 'delete-app', input: 'confirm', value: 'APP-1', says: /must repeat the app slug/, what: 'wrong case' },
  {
    operation: 'set-email-notifications',
    input: 'on-failure',
    value: 'sometimes',
    says: /"sometimes" is not allowed; expected one of: always, never, change/,
    what: 'unknown value'
  },
  {
    operation: 'set-email-notifications',
    input: 'on-success',
    value: 'ａｌｗａｙｓ',
    says: /is not allowed/,
    what: 'full-width unicode'
  },
  {
    operation: 'set-email-notifications',
    input: 'on-success',
    value: '',
    says: /and on-failure are both empty/,
    what: 'both empty',
    inputs: { 'on-failure': undefined }
  },
  {
    operation: 'migrate-machine-types',
    input: 'to-machine',
    value: 'g2.4core',
    says: /is the same as from-machine/,
    what: 'same as from-machine'
  },
  {
    operation: 'migrate-machine-types',
    input: 'user-slug',
    value: 'user-1',
    says: /cannot be combined with org-slug/,
    what: 'both scopes'
  },
  {
    operation: 'migrate-machine-types',
    input: 'org-slug',
    value: '',
    says: /or user-slug is required/,
    what: 'no scope'
  },
  {
    operation: 'list-apps',
    input: 'user-slug',
    value: 'user-1',
    says: /cannot be combined with org-slug/,
    what: 'both scopes'
  },
  {
    operation: 'register-app',
    input: 'provider',
    value: 'sourceforge',
    says: /is not allowed; expected one of: github, gitlab, gitlab-self-hosted, bitbucket, custom/,
    what: 'unknown provider'
  },
  {
    operation: 'register-app',
    input: 'ssh-private-key',
    value: 'not a key',
    says: /does not look like a private key/,
    what: 'not a key'
  },
  {
    operation: 'register-app',
    input: 'ssh-public-key',
    value: 'AAAAC3Nza',
    says: /does not look like an OpenSSH public key/,
    what: 'no key type'
  },
  {
    operation: 'register-app',
    input: 'ssh-public-key',
    value: '',
    says: /is required with ssh-private-key/,
    what: 'empty where required'
  },
  {
    operation: 'register-app',
    input: 'project-type',
    value: 'iOS app!',
    says: /is not a project type/,
    what: 'punctuation'
  },
  {
    operation: 'register-app',
    input: 'stack-id',
    value: '../stack',
    says: /is not a stack identifier/,
    what: 'path traversal'
  },
  {
    operation: 'register-app',
    input: 'config-name',
    value: 'my config',
    says: /is not a configuration name/,
    what: 'space'
  },
  {
    operation: 'update-app',
    input: 'title',
    value: '',
    says: /update-app needs at least one field to change/,
    what: 'nothing to change'
  },
  {
    operation: 'trigger',
    input: 'secret-environments',
    value: `DEPLOY_KEY=${SECRET_ENV_VALUE}\nOTHER`,
    says: /line 2 is not NAME=value/,
    what: 'newline-injected, value never quoted'
  },
  {
    operation: 'trigger',
    input: 'build-secrets',
    value: `DEPLOY_KEY=${SECRET_ENV_VALUE}\nOTHER`,
    says: /line 2 is not NAME=value/,
    what: 'newline-injected, value never quoted'
  },
  {
    operation: 'trigger',
    input: 'priority',
    value: '101',
    says: /"101" is not a whole number from -100 to 100/,
    what: 'out of range'
  },
  {
    operation: 'trigger',
    input: 'priority',
    value: '１',
    says: /is not a whole number from -100 to 100/,
    what: 'unicode digit'
  },
  {
    operation: 'trigger',
    input: 'priority',
    value: '5\nOTHER=x',
    says: /must be a single line/,
    what: 'newline-injected'
  },
  {
    operation: 'trigger',
    input: 'stack',
    value: '../stack',
    says: /is not a stack identifier/,
    what: 'path traversal'
  },
  {
    operation: 'abort',
    input: 'build-slug',
    value: 'b-1',
    says: /cannot be used together with pull-request-id/,
    what: 'build slug and a filter',
    inputs: { 'pull-request-id': '7' }
  },
  {
    operation: 'abort',
    input: 'branch',
    value: 'main',
    says: /cannot be used together with pull-request-id/,
    what: 'two filters',
    inputs: { ...NO_BUILD_SLUG, 'pull-request-id': '7' }
  }
]

/** The generated cases: each field's malformed values, taken in turn from its kind. */
function generate(): Case[] {
  const cursor = new Map<string, number>()
  const cases: Case[] = []
  for (const [operation, fields] of Object.entries(FIELDS)) {
    for (const field of fields) {
      const values = KINDS[field.kind]
      const picked: Bad[] = field.required ? [required, blank] : []
      for (let n = 0; n < (field.count ?? 1); n++) {
        const at = cursor.get(field.kind) ?? 0
        cursor.set(field.kind, at + 1)
        picked.push(values[at % values.length])
      }
      for (const bad of picked)
        cases.push({
          operation,
          input: field.input,
          ...bad,
          says: field.says?.[bad.what] ?? bad.says,
          inputs: field.with
        })
    }
  }
  return [...cases, ...SPECIAL]
}

const CASES = generate()

/** Valid inputs of each operation, the ones a case does not break. */
function validInputs(operation: string): Record<string, string> {
  const inputs = { ...operationCase(operation).inputs }
  if (operation === 'wait') inputs['wait-timeout'] = '60'
  if (operation === 'trigger') inputs['skip-git-status-report'] = 'false'
  if (operation === 'register-app') inputs['ssh-public-key'] = SSH_PUBLIC_KEY
  return inputs
}

const table = new ScenarioTable('Generated bad inputs')
afterAll(() => table.print())

describe('bad inputs, generated from a table', () => {
  it(`has at least 100 cases, covering every operation`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(100)
    expect(new Set(CASES.map((c) => c.operation)).size).toBe(19)
    const kinds = new Set(CASES.map((c) => c.what))
    for (const what of [
      'empty where required',
      'whitespace only',
      '100 KB',
      'unicode slug',
      'newline-injected KEY=value',
      'path traversal',
      'URL with credentials',
      'JSON where a slug is expected'
    ]) {
      expect({ what, generated: kinds.has(what) }).toEqual({ what, generated: true })
    }
  })

  it(`each of the ${CASES.length} cases fails, names its input, sends nothing and leaks nothing`, async () => {
    const checks = new Checks()
    await pool(CASES, 6, async (c) => {
      const label = `${c.operation} ${c.input}=${JSON.stringify(c.value.slice(0, 24))} (${c.what})`
      const service = await startFakeService({})
      try {
        const merged: Record<string, string | undefined> = {
          operation: c.operation,
          'base-url': service.url,
          'request-timeout': '5',
          ...SECRET_INPUTS,
          ...validInputs(c.operation),
          ...c.inputs,
          [c.input]: c.value
        }
        const given = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >
        const result = await runAction(given, { timeoutMs: 25_000 })
        const error = failure(result)
        checks.equal(label, 'exit code', { code: result.code, timedOut: result.timedOut }, { code: 1, timedOut: false })
        checks.equal(label, 'names the input', error.startsWith(`Input "${c.input}": `), true)
        checks.match(label, 'says what is wrong', error, c.says)
        checks.match(label, 'says nothing was sent', error, /Nothing was sent to the service\.$/)
        checks.equal(label, 'error is short', error.length < 1500, true)
        checks.equal(label, 'requests', service.requests.length, 0)
        checks.noStackTrace(label, result)
        checks.noSecrets(label, result)
        table.add({
          scenario: label,
          expected: `exit 1, Input "${c.input}", 0 requests`,
          observed: `exit ${result.code}, ${service.requests.length} request(s): ${error.slice(0, 80)}`,
          failed: checks.failed(label)
        })
      } finally {
        await service.close()
      }
    })
    expect(checks.problems).toEqual([])
  }, 180_000)
})

describe('the common inputs and trigger, case by case', () => {
  let service: FakeService
  const serve = fakeServices('suite')
  beforeAll(async () => {
    service = await serve({})
  })

  /** Defaults for a valid trigger; each case overrides what it breaks. */
  const base = (): Record<string, string> => ({
    operation: 'trigger',
    token: TOKEN,
    'base-url': service.url,
    'app-slug': 'app-1',
    branch: 'main'
  })

  const cases: Array<{
    name: string
    inputs: Record<string, string | undefined>
    input: string
    message: RegExp
    env?: Record<string, string>
  }> = [
    {
      name: 'unknown operation',
      inputs: { operation: 'deploy' },
      input: 'operation',
      message: /"deploy" is not an operation; expected one of: trigger, wait, abort, register-app/
    },
    {
      name: 'missing operation',
      inputs: { operation: undefined },
      input: 'operation',
      message: /is required; one of: trigger/
    },
    {
      name: 'missing token',
      inputs: { token: undefined },
      input: 'token',
      message: /is required: pass the access token from a secret/
    },
    {
      name: 'token with a line break',
      inputs: { token: 'abc\ndef' },
      input: 'token',
      message: /contains white space or a line break/
    },
    {
      name: 'missing base URL',
      inputs: { 'base-url': undefined },
      input: 'base-url',
      message: /is required \(or set SERVICE_API_URL\)/
    },
    {
      name: 'malformed base URL',
      inputs: { 'base-url': 'not a url' },
      input: 'base-url',
      message: /"not a url" is not a URL/
    },
    {
      name: 'plain http to a remote host',
      inputs: { 'base-url': 'http://api.example.com/v0.1' },
      input: 'base-url',
      message: /uses plain http:\/\/ to a host that is not this machine/
    },
    {
      name: 'base URL with credentials',
      inputs: { 'base-url': 'https://user:pw@api.example.com/v0.1' },
      input: 'base-url',
      message: /must not contain a user name or password/
    },
    {
      name: 'base URL without the version segment',
      inputs: { 'base-url': 'https://api.example.com/' },
      input: 'base-url',
      message: /must end in the API version segment/
    },
    {
      name: 'ftp base URL',
      inputs: { 'base-url': 'ftp://api.example.com/v0.1' },
      input: 'base-url',
      message: /must use https:\/\//
    },
    {
      name: 'bad SERVICE_API_URL fallback',
      inputs: { 'base-url': undefined },
      env: { SERVICE_API_URL: 'http://10.1.2.3/v0.1' },
      input: 'base-url',
      message: /\(from SERVICE_API_URL\) uses plain http:\/\//
    },
    {
      name: 'missing app slug',
      inputs: { 'app-slug': undefined },
      input: 'app-slug',
      message: /is required for this operation/
    },
    {
      name: 'app slug with a path',
      inputs: { 'app-slug': '../other' },
      input: 'app-slug',
      message: /"..\/other" is not a valid slug/
    },
    {
      name: 'bad environment variable name',
      inputs: { environments: 'MY-VAR=1' },
      input: 'environments',
      message: /"MY-VAR" is not a valid environment variable name/
    },
    {
      name: 'environments line without =',
      inputs: { environments: 'JUSTTEXT' },
      input: 'environments',
      message: /line 1 "JUSTTEXT" is not NAME=value/
    },
    {
      name: 'non-numeric pull request id',
      inputs: { 'pull-request-id': 'abc' },
      input: 'pull-request-id',
      message: /"abc" is not a whole number from 1 to/
    },
    {
      name: 'negative pull request id',
      inputs: { 'pull-request-id': '-3' },
      input: 'pull-request-id',
      message: /"-3" is not a whole number/
    },
    {
      name: 'negative request timeout',
      inputs: { 'request-timeout': '-5' },
      input: 'request-timeout',
      message: /"-5" is not a duration from 1 to 600 seconds/
    },
    {
      name: 'zero request timeout',
      inputs: { 'request-timeout': '0' },
      input: 'request-timeout',
      message: /"0" is not a duration/
    },
    {
      name: 'wait timeout with a bad unit',
      inputs: { wait: 'true', 'wait-timeout': '10 days' },
      input: 'wait-timeout',
      message: /"10 days" is not a duration/
    },
    {
      name: 'poll interval not a number',
      inputs: { wait: 'true', 'poll-interval': 'often' },
      input: 'poll-interval',
      message: /"often" is not a duration/
    },
    {
      name: 'boolean that is not one',
      inputs: { wait: 'yes' },
      input: 'wait',
      message: /"yes" is not a boolean; expected true or false/
    },
    {
      name: 'max attempts out of range',
      inputs: { 'max-attempts': '50' },
      input: 'max-attempts',
      message: /"50" is not a whole number from 1 to 10/
    },
    {
      name: 'short commit hash',
      inputs: { 'commit-hash': 'abc' },
      input: 'commit-hash',
      message: /"abc" is not a commit hash/
    },
    {
      name: 'newline injected into a branch',
      inputs: { branch: 'main\nOTHER=x' },
      input: 'branch',
      message: /must be a single line without control characters/
    },
    {
      name: 'invalid git ref',
      inputs: { branch: 'feature..x' },
      input: 'branch',
      message: /"feature..x" is not a valid git ref name/
    },
    {
      name: 'repository URL with credentials',
      inputs: { 'pull-request-repository-url': 'https://bob:hunter2@github.com/o/r.git' },
      input: 'pull-request-repository-url',
      message: /must not contain a password or token/
    },
    {
      name: 'nothing to build',
      inputs: { branch: undefined },
      input: 'branch',
      message: /no branch, tag, commit-hash or workflow was given/
    },
    {
      name: 'wait without a build slug',
      inputs: { operation: 'wait' },
      input: 'build-slug',
      message: /is required for this operation/
    },
    {
      name: 'abort with a bad boolean',
      inputs: { operation: 'abort', 'build-slug': 'b1', branch: undefined, 'abort-with-success': 'maybe' },
      input: 'abort-with-success',
      message: /"maybe" is not a boolean/
    },
    // With build-slug, a filter input is refused: branch and build-slug together say two different things.
    {
      name: 'abort with build-slug and a filter',
      inputs: { operation: 'abort', 'build-slug': 'b1' },
      input: 'build-slug',
      message: /cannot be used together with branch/
    },
    {
      name: 'secret environment given twice',
      inputs: { environments: 'KEY=1', 'secret-environments': 'KEY=2' },
      input: 'secret-environments',
      message: /KEY is also in environments/
    }
  ]

  describe('bad inputs fail the step, name the input and send nothing', () => {
    it.each(cases)('$name', async ({ inputs, input, message, env }) => {
      const merged = { ...base(), ...inputs }
      const given = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >
      const before = service.requests.length
      const result = await runAction(given, { env })
      expect(result.code).toBe(1)
      const error = errorLine(result)
      expect(error.startsWith(`Input "${input}": `)).toBe(true)
      expect(error).toMatch(message)
      expect(error).toContain('Nothing was sent to the service.')
      expect(result.stderr).not.toMatch(/\bat .+\.js:\d+/)
      expect(service.requests.length).toBe(before)
      expectNoSecrets(result, [TOKEN, 'hunter2'])
    })

    it('covers at least 15 cases', () => {
      expect(cases.length).toBeGreaterThanOrEqual(15)
    })
  })
})

/**
 * Bad inputs of the management operations: each fails the step with an error naming
 * the input, and the service receives nothing. One table, each case starting from a
 * valid set of inputs for its operation and overriding what it breaks.
 */
describe('the management operations, case by case', () => {
  let service: FakeService
  const serve = fakeServices('suite')
  beforeAll(async () => {
    service = await serve({})
  })

  /** Valid inputs of each operation (without operation, token and base-url). */
  const VALID: Record<string, Record<string, string>> = {
    'register-app': {
      'repo-url': 'git@github.com:acme/demo.git',
      'org-slug': 'org-acme',
      'project-type': 'ios',
      'stack-id': 'osx-xcode-16.0.x',
      'ssh-private-key': SSH_PRIVATE_KEY,
      'ssh-public-key': SSH_PUBLIC_KEY
    },
    'list-apps': {},
    'get-app': { 'app-slug': 'app-1' },
    'update-app': { 'app-slug': 'app-1', title: 'New title' },
    'delete-app': { 'app-slug': 'app-1', confirm: 'app-1' },
    'list-branches': { 'app-slug': 'app-1' },
    'get-config': { 'app-slug': 'app-1' },
    'upload-config': { 'app-slug': 'app-1' },
    'get-config-location': { 'app-slug': 'app-1' },
    'set-config-location': { 'app-slug': 'app-1', location: 'service' },
    'get-roles': { 'app-slug': 'app-1', role: 'admin' },
    'set-roles': { 'app-slug': 'app-1', role: 'admin', groups: 'platform' },
    'list-groups': { 'org-slug': 'org-acme' },
    'migrate-machine-types': { 'org-slug': 'org-acme', 'from-machine': 'g2-m1.4core', 'to-machine': 'g2-m2.4core' },
    'set-email-notifications': { 'app-slug': 'app-1', 'on-failure': 'never' }
  }

  interface Case {
    name: string
    operation: string
    inputs: Record<string, string | undefined>
    input: string
    message: RegExp
    /** Files to put in the workspace first. */
    files?: Record<string, string>
  }

  const cases: Case[] = [
    {
      name: 'get-app without app-slug',
      operation: 'get-app',
      inputs: { 'app-slug': undefined },
      input: 'app-slug',
      message: /is required for this operation/
    },
    {
      name: 'get-config-location without app-slug',
      operation: 'get-config-location',
      inputs: { 'app-slug': undefined },
      input: 'app-slug',
      message: /is required for this operation/
    },
    {
      name: 'list-branches with a path in app-slug',
      operation: 'list-branches',
      inputs: { 'app-slug': 'a/b' },
      input: 'app-slug',
      message: /"a\/b" is not a valid slug/
    },
    {
      name: 'get-roles with an unknown role',
      operation: 'get-roles',
      inputs: { role: 'owner' },
      input: 'role',
      message: /"owner" is not a role; expected admin, platform_engineer, manager/
    },
    {
      name: 'set-roles without a role',
      operation: 'set-roles',
      inputs: { role: undefined },
      input: 'role',
      message: /is required for this operation/
    },
    {
      name: 'set-roles with empty groups',
      operation: 'set-roles',
      inputs: { groups: undefined },
      input: 'groups',
      message: /is empty, which would remove every group from the admin role; .*allow-empty-groups: true/
    },
    {
      name: 'set-roles with a bad group slug',
      operation: 'set-roles',
      inputs: { groups: 'ok-group, bad group' },
      input: 'groups',
      message: /"bad group" is not a valid slug/
    },
    {
      name: 'set-config-location with a bad location',
      operation: 'set-config-location',
      inputs: { location: 'github' },
      input: 'location',
      message: /"github" is not allowed; expected one of: service, repository/
    },
    {
      name: 'set-config-location without a location',
      operation: 'set-config-location',
      inputs: { location: undefined },
      input: 'location',
      message: /is required for this operation/
    },
    {
      name: 'migrate with the same from and to machine',
      operation: 'migrate-machine-types',
      inputs: { 'to-machine': 'g2-m1.4core' },
      input: 'to-machine',
      message: /"g2-m1.4core" is the same as from-machine; nothing would change/
    },
    {
      name: 'migrate with both org-slug and user-slug',
      operation: 'migrate-machine-types',
      inputs: { 'user-slug': 'user-sam' },
      input: 'user-slug',
      message: /cannot be combined with org-slug/
    },
    {
      name: 'migrate with neither org-slug nor user-slug',
      operation: 'migrate-machine-types',
      inputs: { 'org-slug': undefined },
      input: 'org-slug',
      message: /or user-slug is required/
    },
    {
      name: 'migrate without from-machine',
      operation: 'migrate-machine-types',
      inputs: { 'from-machine': undefined },
      input: 'from-machine',
      message: /is required for this operation/
    },
    {
      name: 'dry run with a bad boolean',
      operation: 'migrate-machine-types',
      inputs: { 'dry-run': 'yes' },
      input: 'dry-run',
      message: /"yes" is not a boolean/
    },
    {
      name: 'list-apps with both org-slug and user-slug',
      operation: 'list-apps',
      inputs: { 'org-slug': 'org-acme', 'user-slug': 'user-sam' },
      input: 'user-slug',
      message: /cannot be combined with org-slug/
    },
    {
      name: 'list-groups without org-slug',
      operation: 'list-groups',
      inputs: { 'org-slug': undefined },
      input: 'org-slug',
      message: /is required for this operation/
    },
    {
      name: 'delete-app without confirm',
      operation: 'delete-app',
      inputs: { confirm: undefined },
      input: 'confirm',
      message: /must repeat the app slug "app-1" to delete the app .*got nothing/
    },
    {
      name: 'delete-app with a different confirm',
      operation: 'delete-app',
      inputs: { confirm: 'app-2' },
      input: 'confirm',
      message: /must repeat the app slug "app-1".*got "app-2"/
    },
    {
      name: 'update-app with no field',
      operation: 'update-app',
      inputs: { title: undefined },
      input: 'title',
      message: /update-app needs at least one field to change/
    },
    {
      name: 'update-app with a bad is-public',
      operation: 'update-app',
      inputs: { 'is-public': 'nope' },
      input: 'is-public',
      message: /"nope" is not a boolean/
    },
    {
      name: 'set-email-notifications with no setting',
      operation: 'set-email-notifications',
      inputs: { 'on-failure': undefined },
      input: 'on-success',
      message: /and on-failure are both empty/
    },
    {
      name: 'set-email-notifications with a bad value',
      operation: 'set-email-notifications',
      inputs: { 'on-success': 'sometimes' },
      input: 'on-success',
      message: /"sometimes" is not allowed; expected one of: always, never, change/
    },
    {
      name: 'get-config with a config-path outside the workspace',
      operation: 'get-config',
      inputs: { 'config-path': '../outside.yml' },
      input: 'config-path',
      message: /"..\/outside.yml" points outside the workspace/
    },
    {
      name: 'upload-config with an absolute config-path elsewhere',
      operation: 'upload-config',
      inputs: { 'config-path': '/etc/hostname' },
      input: 'config-path',
      message: /"\/etc\/hostname" points outside the workspace/
    },
    {
      name: 'upload-config with a missing file',
      operation: 'upload-config',
      inputs: { 'config-path': 'missing.yml' },
      input: 'config-path',
      message: /"missing.yml" does not exist in the workspace/
    },
    {
      name: 'upload-config with broken YAML',
      operation: 'upload-config',
      inputs: {},
      files: { 'service.yml': 'workflows:\n  primary:\n    steps: []\n   bad: x\n' },
      input: 'config-path',
      message: /"service.yml" is not valid YAML: bad indentation of a mapping entry at line 4, column 4/
    },
    {
      name: 'upload-config with YAML that has no workflows',
      operation: 'upload-config',
      inputs: { 'config-path': 'ci/other.yml' },
      files: { 'ci/other.yml': 'format_version: "13"\nworkflows: []\n' },
      input: 'config-path',
      message: /"ci\/other.yml" has no top-level "workflows" mapping/
    },
    {
      name: 'upload-config with a YAML list instead of a mapping',
      operation: 'upload-config',
      inputs: {},
      files: { 'service.yml': '- workflows\n' },
      input: 'config-path',
      message: /is not valid YAML: the document is a list, not a mapping/
    },
    {
      name: 'register-app without org-slug',
      operation: 'register-app',
      inputs: { 'org-slug': undefined },
      input: 'org-slug',
      message: /is required for this operation/
    },
    {
      name: 'register-app with an SSH key for an HTTPS URL',
      operation: 'register-app',
      inputs: { 'repo-url': 'https://github.com/acme/demo-ios.git' },
      input: 'ssh-private-key',
      message: /is an HTTPS URL, for which no SSH key is registered/
    },
    {
      name: 'register-app with an SSH URL and no key',
      operation: 'register-app',
      inputs: { 'ssh-private-key': undefined },
      input: 'ssh-private-key',
      message: /is required for the SSH repository URL/
    },
    {
      name: 'register-app with something that is not a private key',
      operation: 'register-app',
      inputs: { 'ssh-private-key': 'SSHSECRETLINE-not-a-key' },
      input: 'ssh-private-key',
      message: /does not look like a private key/
    },
    {
      name: 'register-app with a bad public key',
      operation: 'register-app',
      inputs: { 'ssh-public-key': 'hello' },
      input: 'ssh-public-key',
      message: /"hello" does not look like an OpenSSH public key/
    },
    {
      name: 'register-app without project-type',
      operation: 'register-app',
      inputs: { 'project-type': undefined },
      input: 'project-type',
      message: /is required for this operation/
    },
    {
      name: 'register-app with a repo URL holding a password',
      operation: 'register-app',
      inputs: { 'repo-url': 'https://bob:pw@github.com/acme/demo.git' },
      input: 'repo-url',
      message: /must not contain a password or token/
    }
  ]

  describe('bad inputs of the management operations fail the step, name the input and send nothing', () => {
    it('covers every management operation', () => {
      const covered = new Set(cases.map((c) => c.operation))
      expect(Object.keys(VALID).filter((operation) => !covered.has(operation))).toEqual([])
    })

    it.each(cases)('$name', async ({ operation, inputs, input, message, files }) => {
      const merged = { ...VALID[operation], ...inputs }
      const given = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >
      const workspace = mkdtempSync(join(tmpdir(), 'ops-bad-'))
      try {
        for (const [name, text] of Object.entries(files ?? {})) {
          const path = join(workspace, name)
          mkdirSync(join(path, '..'), { recursive: true })
          writeFileSync(path, text)
        }
        const before = service.requests.length
        const result = await runOperation(service, operation, given, { workspace }, ['SSHSECRETLINE-not-a-key'])
        expect(result.code).toBe(1)
        const error = errorLine(result)
        expect(error.startsWith(`Input "${input}": `)).toBe(true)
        expect(error).toMatch(message)
        expect(error).toContain('Nothing was sent to the service.')
        expect(service.requests.length - before).toBe(0)
      } finally {
        rmSync(workspace, { recursive: true, force: true })
      }
    })
  })
})
