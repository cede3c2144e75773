/**
 * Slugs that come from the service, checked before they go into a request path: the
 * trigger answer's build_slug, the register answer's slug, and the apps of the list a
 * migration dry run reads. The bad slugs are random per run (`.`/`..` steps,
 * separators, percent escapes, control characters).
 */
import { describe, expect, it } from '@jest/globals'
import { randomUnsafeSlug } from '../../helpers/random.js'
import { errorLine } from '../../helpers/run-action.js'
import { expectSuccess, runOperation } from '../../helpers/scenarios/operation-steps.js'
import { fakeServices } from '../../helpers/fake-service.js'

const serve = fakeServices()

/** The slugs of one run: a few random bad ones, always with `..` itself among them. */
const SLUGS = ['..', randomUnsafeSlug(), randomUnsafeSlug(), randomUnsafeSlug()]

/** The error's quoted, cut form of a value, as the action shows it. */
const quoted = (value: string): string => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value)

describe.each(SLUGS.map((slug) => ({ slug, shown: JSON.stringify(slug) })))('service slug $shown', ({ slug }) => {
  it('trigger: the build_slug of the answer fails the step, naming the field and the value; no other call is made', async () => {
    const fake = await serve({
      'POST /apps/app-1/builds': { status: 201, body: { results: [{ build_slug: slug, build_number: 3 }] } }
    })
    const result = await runOperation(fake, 'trigger', {
      'app-slug': 'app-1',
      branch: 'main',
      'from-event': 'false',
      wait: 'true',
      'poll-interval': '0.05',
      'wait-timeout': '5'
    })
    expect(result.code).toBe(1)
    const error = errorLine(result)
    expect(error).toContain(
      `POST /apps/app-1/builds answered 201, but its build_slug ${quoted(slug)} cannot be used in a request path`
    )
    expect(error).toMatch(/the build may have started/)
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /apps/app-1/builds'])
    expect(result.outputs['build-slug']).toBeUndefined()
    expect(result.state['pending-work'] ?? '').toBe('')
  })

  it('register-app: the slug of the answer fails the step, naming the field and the value; no other call is made', async () => {
    const fake = await serve({ 'POST /apps/register': { body: { slug, status: 'ok' } } })
    const result = await runOperation(fake, 'register-app', {
      'repo-url': 'https://github.com/acme/demo.git',
      'org-slug': 'org-acme',
      'project-type': 'ios',
      'stack-id': 'osx-xcode-16.0.x'
    })
    expect(result.code).toBe(1)
    expect(errorLine(result)).toContain(
      `POST /apps/register answered 200, but its slug ${quoted(slug)} cannot be used in a request path`
    )
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /apps/register'])
    expect(result.outputs['app-slug']).toBeUndefined()
  })

  it('migrate dry run: the app is listed as not checked, and no path is built from its slug', async () => {
    const yml = 'meta:\n  service:\n    machine_type_id: g2-m1.4core\nworkflows:\n  primary: {}\n'
    const fake = await serve({
      'GET /organizations/org-acme/apps': {
        body: {
          data: [
            { slug: 'good-app', title: 'Good' },
            { slug, title: 'Odd' }
          ]
        }
      },
      'GET /apps/good-app/service.yml': { raw: yml },
      'POST /validate-bitrise-yml': { body: { errors: [], warnings: [] } }
    })
    const result = await runOperation(fake, 'migrate-machine-types', {
      'org-slug': 'org-acme',
      'from-machine': 'g2-m1.4core',
      'to-machine': 'g2-m2.4core',
      'dry-run': 'true'
    })
    expectSuccess(result)
    // The good app is read once; the service then checks to-machine in it (as it is, and migrated).
    expect(fake.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /apps/good-app/service.yml',
      'GET /organizations/org-acme/apps',
      'POST /validate-bitrise-yml',
      'POST /validate-bitrise-yml'
    ])
    expect(fake.calls('POST /validate-bitrise-yml').map((r) => r.query)).toEqual([
      { app_slug: 'good-app' },
      { app_slug: 'good-app' }
    ])
    expect(JSON.parse(result.outputs['migrated-apps'])).toEqual(['Good (good-app)'])
    const errors = JSON.parse(result.outputs.errors) as Array<{ app: string; error: string }>
    expect(errors).toEqual([
      {
        app: `Odd (slug ${quoted(slug)})`,
        error: expect.stringContaining(`its slug ${quoted(slug)} cannot be used in a request path`)
      }
    ])
    expect(result.summary).toContain('Not checked: Odd (slug ')
  })
})
