import { beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type FakeService, fakeServices } from '../../helpers/fake-service.js'
import { errorLine } from '../../helpers/run-action.js'
import { runOperation, SSH_PRIVATE_KEY, SSH_PUBLIC_KEY } from '../../helpers/scenarios/operation-steps.js'
import { tempDir } from '../../helpers/temp-dirs.js'

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
      const workspace = tempDir('ops-bad-')
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
