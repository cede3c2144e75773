/**
 * Trigger requests to the emulator: their shape and encodings, refusals, and the rules that pick
 * the workflow, checkout, environment and configuration.
 */
import { describe, expect, it } from '@jest/globals'
import type { RunningEmulator } from '../../../emulator/server.js'
import { randomBytes, randomInt, randomSlug } from '../../helpers/random.js'
import { buildOf, call, SAME_REPOSITORY, stateOf, TOKENS, trigger, triggerBody, withEmulator } from '../helpers.js'

let emu: RunningEmulator
withEmulator({ buildDurationMs: 300, logDelayMs: 200 }, (started) => (emu = started))

describe('trigger requests: shape and encodings', () => {
  it('answers 201 in the published shape and records the build', async () => {
    const res = await trigger(emu, { branch: 'main', commit_message: 'hello' })
    expect(res.status).toBe(201)
    const slug = res.json.build_slug
    const item = {
      build_slug: slug,
      build_number: 1,
      build_url: `${emu.origin}/build/${slug}`,
      triggered_workflow: 'deploy',
      triggered_pipeline: '',
      status: 'ok',
      message: 'webhook processed'
    }
    expect(res.json).toEqual({
      status: 'ok',
      message: 'webhook processed',
      slug: 'ios-app',
      service: 'service',
      results: [item],
      build_slug: slug,
      build_number: 1,
      build_url: item.build_url,
      triggered_workflow: 'deploy'
    })
    expect((await trigger(emu, { branch: 'main' })).json.build_number).toBe(2)
  })

  it.each([
    [
      'the whole body as a JSON string',
      () => ({ rawBody: JSON.stringify(JSON.stringify(triggerBody({ branch: 'develop' }))) })
    ],
    ['an object under payload', () => ({ body: { payload: triggerBody({ branch: 'develop' }) } })],
    [
      'a form payload parameter',
      () => ({
        rawBody: new URLSearchParams({ payload: JSON.stringify(triggerBody({ branch: 'develop' })) }).toString(),
        contentType: 'application/x-www-form-urlencoded'
      })
    ]
  ])('accepts %s', async (_name, encode) => {
    const res = await call(emu, 'POST', '/apps/ios-app/builds', { token: TOKENS.developer, ...encode() })
    expect(res.status).toBe(201)
    expect(res.json.triggered_workflow).toBe('primary')
    expect((await buildOf(emu, res.json.build_slug)).json.data.branch).toBe('develop')
  })
})

describe('trigger requests: refusals', () => {
  it.each([
    ['a wrong hook_info.type', { hook_info: { type: 'github' }, build_params: { branch: 'main' } }, 'hook_info.type'],
    ['no hook_info', { build_params: { branch: 'main' } }, 'hook_info.type'],
    ['no build_params', { hook_info: { type: 'service' } }, 'build_params'],
    ['none of tag, commit, branch, workflow', triggerBody({ commit_message: 'x' }), 'at least one of'],
    ['a string pull_request_id', triggerBody({ branch: 'main', pull_request_id: '12' }), 'pull_request_id'],
    ['a fractional pull_request_id', triggerBody({ branch: 'main', pull_request_id: 1.5 }), 'pull_request_id'],
    ['a numeric branch', triggerBody({ branch: 5 }), 'build_params.branch'],
    [
      'a string skip_git_status_report',
      triggerBody({ branch: 'main', skip_git_status_report: 'yes' }),
      'skip_git_status_report'
    ],
    ['environments that are not an array', triggerBody({ branch: 'main', environments: {} }), 'environments'],
    [
      'an environment without a name',
      triggerBody({ branch: 'main', environments: [{ value: 'x' }] }),
      'environments[0].mapped_to'
    ],
    [
      'an invalid environment name',
      triggerBody({ branch: 'main', environments: [{ mapped_to: '1-BAD', value: 'x' }] }),
      'environments[0].mapped_to'
    ],
    [
      'a non-string environment value',
      triggerBody({ branch: 'main', environments: [{ mapped_to: 'A', value: 1 }] }),
      'environments[0].value'
    ],
    [
      'a non-boolean is_expand',
      triggerBody({ branch: 'main', environments: [{ mapped_to: 'A', value: 'x', is_expand: 'no' }] }),
      'is_expand'
    ],
    ['an unknown workflow', triggerBody({ workflow_id: 'nope' }), 'workflow_id'],
    ['a priority over 100', triggerBody({ branch: 'main', priority: 101 + randomInt(1000) }), 'priority'],
    ['a priority under -100', triggerBody({ branch: 'main', priority: -101 - randomInt(1000) }), 'priority'],
    ['a fractional priority', triggerBody({ branch: 'main', priority: 0.5 }), 'priority'],
    ['a string priority', triggerBody({ branch: 'main', priority: '5' }), 'priority'],
    ['a numeric stack', triggerBody({ branch: 'main', stack: 16 }), 'build_params.stack'],
    ['a numeric machine_type_id', triggerBody({ branch: 'main', machine_type_id: 4 }), 'build_params.machine_type_id'],
    ['secrets that are not an array', triggerBody({ branch: 'main', secrets: {} }), 'build_params.secrets'],
    [
      'a secret named by mapped_to only',
      triggerBody({ branch: 'main', secrets: [{ mapped_to: 'A', value: 'x' }] }),
      'secrets[0].key'
    ],
    [
      'a non-string secret value',
      triggerBody({ branch: 'main', secrets: [{ key: 'A', value: 1 }] }),
      'secrets[0].value'
    ]
  ])('refuses %s with 400 naming the field', async (_name, body, field) => {
    const res = await call(emu, 'POST', '/apps/ios-app/builds', { token: TOKENS.developer, body })
    expect(res.status).toBe(400)
    expect(res.json.message).toContain(field)
  })

  it('refuses a body that is not JSON', async () => {
    const res = await call(emu, 'POST', '/apps/ios-app/builds', { token: TOKENS.developer, rawBody: '{nope' })
    expect(res.status).toBe(400)
  })
})

describe('trigger rules: workflow, checkout and environment', () => {
  it.each([
    [{ branch: 'main' }, 'deploy'],
    [{ branch: 'release/1.2' }, 'deploy'],
    [{ branch: 'feature/login' }, 'primary'],
    [{ tag: 'v1.2.0' }, 'deploy'],
    [{ branch: 'feature/x', pull_request_id: 7, ...SAME_REPOSITORY, branch_dest: 'main' }, 'primary'],
    [{ branch: 'main', workflow_id: 'primary' }, 'primary']
  ])('selects the workflow for %j', async (params, workflow) => {
    const res = await trigger(emu, params)
    expect(res.status).toBe(201)
    expect(res.json.results[0].triggered_workflow).toBe(workflow)
  })

  it('refuses a trigger when no trigger map item matches', async () => {
    const tag = await trigger(emu, { tag: 'nightly' })
    expect(tag.status).toBe(400)
    expect(tag.json.message).toMatch(/no trigger map item matched/)
    const commit = await trigger(emu, { commit_hash: 'abc123' })
    expect(commit.status).toBe(400)
  })

  it('records the checkout choice: commit, then tag, then branch', async () => {
    const all = await trigger(emu, { branch: 'main', tag: 'v1', commit_hash: 'abc', workflow_id: 'primary' })
    expect((await stateOf(emu, all.json.build_slug)).checkout).toEqual({ kind: 'commit_hash', value: 'abc' })
    const tagged = await trigger(emu, { branch: 'main', tag: 'v1', workflow_id: 'primary' })
    expect((await stateOf(emu, tagged.json.build_slug)).checkout).toEqual({ kind: 'tag', value: 'v1' })
    const branch = await trigger(emu, { branch: 'main' })
    const state = await stateOf(emu, branch.json.build_slug)
    expect(state.checkout).toEqual({ kind: 'branch', value: 'main' })
    expect(state.original_build_params).toEqual({ branch: 'main' })
  })

  it("records the clone step's pull request checkout: the merge ref, else a merge into the destination branch; commit exactly without either", async () => {
    const [commit, number, branch] = [randomBytes(20).toString('hex'), 1 + randomInt(90_000), randomSlug('feature-')]
    const owners = { branch_repo_owner: 'acme', branch_dest_repo_owner: 'acme', workflow_id: 'primary' }
    const pr = { ...owners, branch, commit_hash: commit, pull_request_id: number }
    const merged = await trigger(emu, { ...pr, branch_dest: 'main', pull_request_merge_branch: `pull/${number}/merge` })
    expect((await stateOf(emu, merged.json.build_slug)).checkout).toEqual({
      kind: 'pull_request_merge_branch',
      value: `pull/${number}/merge`
    })
    const manual = await trigger(emu, { ...pr, branch_dest: 'main' })
    expect((await stateOf(emu, manual.json.build_slug)).checkout).toEqual({
      kind: 'merge',
      value: commit,
      into: 'main'
    })
    const forkUrl = `https://github.com/${randomSlug('fork-')}/ios.git`
    const fork = await trigger(emu, { ...pr, branch_dest: 'main', pull_request_repository_url: forkUrl })
    expect((await stateOf(emu, fork.json.build_slug)).checkout).toEqual({
      kind: 'merge',
      value: `${forkUrl} ${branch}`,
      into: 'main'
    })
    const exact = await trigger(emu, { ...pr, pull_request_head_branch: `pull/${number}/head` })
    expect((await stateOf(emu, exact.json.build_slug)).checkout).toEqual({ kind: 'commit_hash', value: commit })
  })

  it('lets app envs and secrets win over additional envs', async () => {
    const res = await trigger(emu, {
      branch: 'main',
      environments: [
        { mapped_to: 'APP_ENV', value: 'staging' },
        { mapped_to: 'SIGNING_PASSWORD', value: 'mine' },
        { key: 'EXTRA', mapped_to: 'EXTRA', value: '$HOME/x', is_expand: false }
      ]
    })
    const state = await stateOf(emu, res.json.build_slug)
    expect(state.effective_env).toMatchObject({
      APP_ENV: 'production',
      EXTRA: '[redacted]',
      SIGNING_PASSWORD: '[secret]'
    })
    expect(state.env_sources).toMatchObject({ APP_ENV: 'app', EXTRA: 'additional', SIGNING_PASSWORD: 'secret' })
    expect(state.additional_envs).toContainEqual({ name: 'EXTRA', value: '[redacted]', is_expand: false })
    expect(JSON.stringify(state)).not.toContain('emulator-secret')
  })

  it('lets a trigger’s secrets win over app envs and app secrets, keeps their values out, and records the stack and machine type', async () => {
    const value = randomBytes(12).toString('hex')
    const res = await trigger(emu, {
      branch: 'main',
      stack: 'linux-x',
      machine_type_id: 'big.2',
      secrets: [
        { key: 'API_URL', value },
        { key: 'SIGNING_PASSWORD', value, is_expand: false }
      ]
    })
    expect(res.status).toBe(201)
    const state = await stateOf(emu, res.json.build_slug)
    expect(state.env_sources).toMatchObject({
      API_URL: 'build_secret',
      SIGNING_PASSWORD: 'build_secret',
      APP_ENV: 'app'
    })
    expect(state).toMatchObject({ stack_identifier: 'linux-x', machine_type_id: 'big.2', priority: 0 })
    expect(state.original_build_params.secrets).toEqual([
      { key: 'API_URL', value: '[redacted]' },
      { key: 'SIGNING_PASSWORD', value: '[redacted]', is_expand: false }
    ])
    expect(JSON.stringify(state)).not.toContain(value)
    // main runs deploy, whose own meta.service names g2-m1.8core: a workflow's stack beats the default.
    const plain = await stateOf(emu, (await trigger(emu, { branch: 'main' })).json.build_slug)
    expect(plain).toMatchObject({ stack_identifier: 'osx-xcode-16.0.x', machine_type_id: 'g2-m1.8core' })
  })
})

describe('trigger rules: configuration location', () => {
  it('fails every trigger when the configuration lives in a repository without one', async () => {
    const res = await call(emu, 'POST', '/apps/android-app/builds', {
      token: TOKENS.developer,
      body: triggerBody({ branch: 'main' })
    })
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/configuration file service\.yml was not found in the repository/)
  })

  it('fails after switching a service-hosted app to repository', async () => {
    expect((await trigger(emu, { branch: 'main' })).status).toBe(201)
    await call(emu, 'PUT', '/apps/ios-app/service.yml/config', { body: { location: 'repository' } })
    const res = await trigger(emu, { branch: 'main' })
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/not found in the repository/)
  })
})
