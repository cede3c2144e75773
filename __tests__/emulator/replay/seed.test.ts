import { describe, expect, it } from '@jest/globals'
import { bundledSeed, checkSeed } from '../../../emulator/model/seed.js'
import { migrateMachineType } from '../../../emulator/model/service-config.js'
import { globMatch, selectWorkflow } from '../../../emulator/model/trigger-map.js'
import { EmulatorState } from '../../../emulator/model/state.js'
import { randomToken } from '../../helpers/random.js'

const base = () => ({
  users: [
    { slug: 'u', name: 'U' },
    { slug: 'v', name: 'V' }
  ],
  tokens: { t: 'u' },
  organizations: [{ slug: 'o', name: 'O', owners: ['u'], groups: [{ slug: 'g', name: 'G', members: ['v'] }] }],
  apps: [{ slug: 'a', owner: { account_type: 'organization', slug: 'o' }, team: {}, group_roles: { member: ['g'] } }]
})

/** A trust policy of Workspace o that checkSeed takes, with `changes`. */
const policy = (changes: Record<string, unknown>) => ({
  id: 'p',
  workspace: 'o',
  rules: { sub: 'repo:o/a:ref:refs/heads/main' },
  role: 'developer',
  session_duration_s: 60,
  ...changes
})

describe('checkSeed', () => {
  it('accepts the bundled seed', () => {
    expect(bundledSeed().apps?.length).toBe(6)
  })

  it('accepts a trust policy with a sub rule', () => {
    expect(checkSeed({ ...base(), oidc: { trust_policies: [policy({})] } }).oidc?.trust_policies?.[0].id).toBe('p')
  })

  it.each([
    [
      'a token for an unknown user',
      (s: ReturnType<typeof base>) => (s.tokens = { t: 'nobody' }),
      /unknown user "nobody"/
    ],
    [
      'an app of an unknown organization',
      (s: ReturnType<typeof base>) => (s.apps[0].owner.slug = 'x'),
      /unknown organization "x"/
    ],
    [
      'a grant to an unknown group',
      (s: ReturnType<typeof base>) => (s.apps[0].group_roles = { member: ['nope'] }),
      /unknown group "nope"/
    ],
    [
      'an unknown team role',
      (s: ReturnType<typeof base>) => (s.apps[0].team = { u: 'boss' } as never),
      /unknown role "boss"/
    ],
    ['a duplicate app slug', (s: ReturnType<typeof base>) => s.apps.push(s.apps[0]), /used twice/],
    [
      'a trust policy without a sub rule',
      (s: ReturnType<typeof base>) =>
        Object.assign(s, { oidc: { trust_policies: [policy({ rules: { repository: 'o/a' } })] } }),
      /needs a sub rule/
    ],
    [
      'a trust policy of an unknown Workspace',
      (s: ReturnType<typeof base>) => Object.assign(s, { oidc: { trust_policies: [policy({ workspace: 'x' })] } }),
      /unknown organization "x"/
    ],
    [
      'a trust policy with an unknown role',
      (s: ReturnType<typeof base>) => Object.assign(s, { oidc: { trust_policies: [policy({ role: 'boss' })] } }),
      /unknown role "boss"/
    ],
    [
      'a trust policy without a session duration',
      (s: ReturnType<typeof base>) =>
        Object.assign(s, { oidc: { trust_policies: [policy({ session_duration_s: 0 })] } }),
      /positive session_duration_s/
    ],
    [
      'subject token types that are no list of names',
      (s: ReturnType<typeof base>) => Object.assign(s, { oidc: { subject_token_types: 'id_token' } }),
      /oidc\.subject_token_types must be a list/
    ]
  ])('refuses %s', (_name, spoil, message) => {
    const seed = base()
    spoil(seed)
    expect(() => checkSeed(seed)).toThrow(message)
  })

  it('never prints a token, not even its start, in its errors', () => {
    const token = randomToken()
    let message = ''
    try {
      checkSeed({ ...base(), tokens: { [token]: 'nobody' } })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/a token names unknown user "nobody"/)
    expect(message).not.toContain(token.slice(0, 4))
  })
})

describe('effective role', () => {
  const state = new EmulatorState(checkSeed(base()))
  const app = state.apps.get('a')!

  it('gives the Workspace owner the Owner role', () => {
    expect(state.roleOf('u', app)).toBe('owner')
  })

  it('gives a group member the group role, and the stronger one of two', () => {
    expect(state.roleOf('v', app)).toBe('member')
    app.groupRoles.admin = ['g']
    expect(state.roleOf('v', app)).toBe('admin')
    app.team.set('v', 'manager')
    expect(state.roleOf('v', app)).toBe('admin')
  })
})

describe('service.yml helpers', () => {
  it.each([
    ['*', 'anything', true],
    ['release/*', 'release/1.2', true],
    ['release/*', 'main', false],
    ['v*.0', 'v1.0', true],
    ['a.b', 'axb', false]
  ])('globMatch(%s, %s) is %s', (pattern, value, expected) => {
    expect(globMatch(pattern, value)).toBe(expected)
  })

  it('picks the first matching trigger map item', () => {
    const config = {
      trigger_map: [
        { push_branch: 'main', workflow: 'a' },
        { push_branch: '*', workflow: 'b' },
        { pull_request_target_branch: 'main', workflow: 'c' }
      ]
    }
    expect(selectWorkflow(config, { branch: 'main' })).toBe('a')
    expect(selectWorkflow(config, { branch: 'dev' })).toBe('b')
    expect(selectWorkflow(config, { branch: 'dev', pullRequest: { sourceBranch: 'dev', targetBranch: 'main' } })).toBe(
      'c'
    )
    expect(selectWorkflow(config, { tag: 'v1' })).toBeNull()
  })

  it('leaves a configuration without the machine type alone', () => {
    expect(migrateMachineType('meta:\n  service:\n    machine_type_id: a\n', 'b', 'c')).toBeNull()
    expect(migrateMachineType('meta:\n  service:\n    machine_type_id: a\n', 'a', 'c')).toContain('machine_type_id: c')
  })
})
