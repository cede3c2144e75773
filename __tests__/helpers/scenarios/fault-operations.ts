/**
 * The fault suite's operations as data: for each of the 19, its inputs, the call a fault is
 * injected into, its retry mode and a good answer (fault-cases.ts re-exports them).
 */
import type { Reply, Routes } from '../fake-service.js'
import { SSH_PUBLIC_KEY } from '../secrets.js'

const BUILD = '/apps/app-1/builds/b-1'
export const BUILD_PATH = BUILD
export const RUNNING: Reply = { body: { data: { slug: 'b-1', status: 0, status_text: 'in-progress' } } }
export const SUCCEEDED: Reply = { body: { data: { slug: 'b-1', status: 1, status_text: 'success' } } }
export const TRIGGERED: Reply = {
  status: 201,
  body: { results: [{ build_slug: 'b-1', build_number: 7, build_url: 'https://service.example/b-1' }] }
}
const APP = { slug: 'app-1', title: 'Demo', project_type: 'ios', repo_url: 'https://github.com/acme/demo.git' }
/** The service's check of a service.yml, finding nothing. */
const ACCEPTED: Reply = { body: { errors: [], warnings: [] } }

/** One operation of the action, as the fault suite drives it. */
export interface OperationCase {
  operation: string
  inputs: Record<string, string>
  /** "METHOD /path" of the call faults are injected into. */
  target: string
  mode: 'idempotent' | 'once'
  /** A good answer to the target call. */
  ok: Reply
  /** Whether the target's good answer has a body the operation needs. */
  needsBody: boolean
  /** The other calls the operation makes, answered well. */
  routes?: Routes
  /** Needs a workspace holding a valid service.yml. */
  configFile?: boolean
}

export const OPERATIONS: OperationCase[] = [
  {
    operation: 'trigger',
    inputs: { 'app-slug': 'app-1', branch: 'main', 'from-event': 'false' },
    target: 'POST /apps/app-1/builds',
    mode: 'once',
    ok: TRIGGERED,
    needsBody: true
  },
  {
    operation: 'wait',
    inputs: {
      'app-slug': 'app-1',
      'build-slug': 'b-1',
      'poll-interval': '0.05',
      'stream-logs': 'false',
      'wait-timeout': '20'
    },
    target: `GET ${BUILD}`,
    mode: 'idempotent',
    ok: SUCCEEDED,
    needsBody: true
  },
  {
    operation: 'abort',
    inputs: { 'app-slug': 'app-1', 'build-slug': 'b-1' },
    target: `POST ${BUILD}/abort`,
    mode: 'idempotent',
    ok: { body: { status: 'ok' } },
    needsBody: false
  },
  {
    operation: 'register-app',
    // An SSH URL, so the private key every run carries is used (and sent) here.
    inputs: {
      'repo-url': 'git@github.com:acme/demo.git',
      'ssh-public-key': SSH_PUBLIC_KEY,
      'org-slug': 'org-1',
      'project-type': 'ios',
      'stack-id': 'osx-xcode-16'
    },
    target: 'POST /apps/register',
    mode: 'once',
    ok: { body: { slug: 'app-new', status: 'ok' } },
    needsBody: true,
    routes: {
      'POST /apps/app-new/register-ssh-key': { body: { status: 'ok' } },
      'POST /apps/app-new/finish': { body: { status: 'ok' } }
    }
  },
  {
    operation: 'list-apps',
    inputs: { 'org-slug': 'org-1' },
    target: 'GET /organizations/org-1/apps',
    mode: 'idempotent',
    ok: { body: { data: [APP] } },
    needsBody: true
  },
  {
    operation: 'get-app',
    inputs: { 'app-slug': 'app-1' },
    target: 'GET /apps/app-1',
    mode: 'idempotent',
    ok: { body: { data: APP } },
    needsBody: true
  },
  {
    operation: 'update-app',
    inputs: { 'app-slug': 'app-1', title: 'New title' },
    target: 'PATCH /apps/app-1',
    mode: 'idempotent',
    ok: { body: { data: APP } },
    needsBody: false
  },
  {
    operation: 'delete-app',
    inputs: { 'app-slug': 'app-1', confirm: 'app-1' },
    target: 'DELETE /apps/app-1',
    mode: 'idempotent',
    ok: { status: 200, raw: '' },
    needsBody: false
  },
  {
    operation: 'list-branches',
    inputs: { 'app-slug': 'app-1' },
    target: 'GET /apps/app-1/branches',
    mode: 'idempotent',
    ok: { body: { data: ['main', 'dev'] } },
    needsBody: true
  },
  {
    operation: 'get-config',
    inputs: { 'app-slug': 'app-1' },
    target: 'GET /apps/app-1/service.yml',
    mode: 'idempotent',
    ok: { raw: "format_version: '13'\nworkflows:\n  primary: {}\n", headers: { 'content-type': 'text/plain' } },
    needsBody: true
  },
  {
    operation: 'upload-config',
    inputs: { 'app-slug': 'app-1' },
    target: 'POST /apps/app-1/service.yml',
    mode: 'idempotent',
    ok: { body: { status: 'ok' } },
    needsBody: false,
    configFile: true,
    routes: { 'POST /validate-bitrise-yml': ACCEPTED }
  },
  {
    operation: 'validate-config',
    inputs: { 'app-slug': 'app-1', 'config-path': 'service.yml' },
    target: 'POST /validate-bitrise-yml',
    mode: 'idempotent',
    ok: ACCEPTED,
    needsBody: true,
    configFile: true
  },
  {
    operation: 'get-config-location',
    inputs: { 'app-slug': 'app-1' },
    target: 'GET /apps/app-1/service.yml/config',
    mode: 'idempotent',
    ok: { body: { location: 'service' } },
    needsBody: true
  },
  {
    operation: 'set-config-location',
    inputs: { 'app-slug': 'app-1', location: 'service' },
    target: 'PUT /apps/app-1/service.yml/config',
    mode: 'idempotent',
    ok: { status: 204 },
    needsBody: false
  },
  {
    operation: 'get-roles',
    inputs: { 'app-slug': 'app-1', role: 'admin' },
    target: 'GET /apps/app-1/roles/admin',
    mode: 'idempotent',
    ok: { body: { groups: ['g-1'] } },
    needsBody: true
  },
  {
    operation: 'set-roles',
    inputs: { 'app-slug': 'app-1', role: 'admin', groups: 'g-1' },
    target: 'PUT /apps/app-1/roles/admin',
    mode: 'idempotent',
    ok: { body: { groups: ['g-1'] } },
    needsBody: false
  },
  {
    operation: 'check-access',
    inputs: { 'app-slug': 'app-1', operations: 'get-app' },
    target: 'GET /apps/app-1',
    mode: 'idempotent',
    ok: { body: { data: APP } },
    needsBody: false,
    routes: { 'GET /me': { body: { data: { slug: 'u-1', username: 'u-1' } } } }
  },
  {
    operation: 'report-parked',
    inputs: { 'app-slug': 'app-1', 'github-token': 'ghs_fault0case0token0000000000000000' },
    target: 'GET /apps/app-1/builds',
    mode: 'idempotent',
    ok: { body: { data: [], paging: { total_item_count: 0, page_item_limit: 50 } } },
    needsBody: false
  },
  {
    operation: 'list-groups',
    inputs: { 'org-slug': 'org-1' },
    target: 'GET /organizations/org-1/groups',
    mode: 'idempotent',
    ok: { status: 201, body: [{ slug: 'g-1', name: 'Group' }] },
    needsBody: true
  },
  {
    operation: 'migrate-machine-types',
    inputs: { 'org-slug': 'org-1', 'from-machine': 'g2.4core', 'to-machine': 'g2.8core', 'dry-run': 'false' },
    target: 'PATCH /organizations/org-1/apps/machine_types',
    mode: 'once',
    ok: { body: { message: 'done', migrated_apps: ['Demo (app-1)'] } },
    needsBody: true,
    // The check of to-machine before the migration: the first app using from-machine, and the service's check of it.
    routes: {
      'GET /organizations/org-1/apps': { body: { data: [APP] } },
      'GET /apps/app-1/service.yml': {
        raw: 'meta:\n  service:\n    machine_type_id: g2.4core\nworkflows:\n  primary: {}\n',
        headers: { 'content-type': 'text/plain' }
      },
      'POST /validate-bitrise-yml': ACCEPTED
    }
  },
  {
    operation: 'set-email-notifications',
    inputs: { 'app-slug': 'app-1', 'on-failure': 'always' },
    target: 'PATCH /apps/app-1/update-email-notifications',
    mode: 'idempotent',
    ok: { body: { status: 'ok' } },
    needsBody: false
  },
  {
    operation: 'list-build-requests',
    inputs: { 'app-slug': 'app-1' },
    target: 'GET /apps/app-1/build-requests',
    mode: 'idempotent',
    ok: {
      body: {
        data: [
          {
            slug: 'req-1',
            pull_request_url: 'https://github.com/acme/demo/pull/7',
            created_at: '2024-01-01T00:00:00Z',
            build_params: { branch: 'fix' }
          }
        ]
      }
    },
    needsBody: true
  },
  {
    operation: 'approve-build-request',
    // A rejection of a named request is one PATCH; an approval first lists the requests to find the one of its commit.
    inputs: { 'app-slug': 'app-1', 'build-request-slug': 'req-1', approve: 'false' },
    target: 'PATCH /apps/app-1/build-requests/req-1',
    mode: 'idempotent',
    ok: { body: { data: { slug: 'req-1' } } },
    needsBody: false
  }
]

export function operationCase(name: string): OperationCase {
  const found = OPERATIONS.find((op) => op.operation === name)
  if (!found) throw new Error(`no operation ${name}`)
  return found
}
