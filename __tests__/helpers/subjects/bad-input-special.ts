/** The bad-input cases the kinds do not express (bundle/inputs/bad-inputs.test.ts runs them). */
import { TOKEN } from '../secrets.js'
import { SECRET_ENV_VALUE } from '../scenarios/fault-cases.js'
import { type Case, NO_BUILD_SLUG, HUGE } from './bad-input-kinds.js'

/** Cases the kinds above do not express: enums, cross-field rules, tokens, base URLs, paths. */
export const SPECIAL: Case[] = [
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
