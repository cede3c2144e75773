/**
 * The event a workflow of the documentation is run for: the first of its `on:` the fixtures
 * have (a step list, a push; one reading a dispatch's inputs, a dispatch), shaped as its types
 * say: `closed` closes the pull request, `labeled` has a maintainer add the label the recipes
 * gate on to a fork's pull request (its author never approves its own build), and a review
 * approves.
 */
import {
  forkPullRequest,
  issueCommentCreated,
  pullRequestOpened,
  pullRequestReviewSubmitted,
  pushBranch,
  pushTag,
  workflowDispatch,
  workflowRunCompleted,
  type Payload
} from '../../fixtures/events/events.js'
import { randomSlug } from '../random.js'
import type { DocBlock } from '../../workflows/doc-blocks.js'
import { isMapping, type Mapping } from '../../workflows/workflow-files.js'

/** The event a block's workflow is run for: its name and payload, with the ref and commit GitHub sets. */
export interface DocEvent {
  name: string
  payload: Payload
  ref: string
  sha: string
}

function pullRequestEvent(types: string[]): Payload {
  // The label gates a fork's build: the labeled pull request comes from a fork.
  const payload = types.includes('labeled') ? forkPullRequest() : pullRequestOpened()
  if (types.includes('closed')) {
    payload.action = 'closed'
    Object.assign(payload.pull_request, { state: 'closed', closed_at: payload.pull_request.updated_at })
  }
  if (types.includes('labeled')) {
    payload.action = 'labeled'
    payload.label = { name: 'safe to build' }
    payload.sender = { ...payload.sender, login: randomSlug('maintainer-'), id: 7001 }
  }
  return payload
}

/** The event a workflow answers, as the test sends it. */
export function eventFor(entry: DocBlock): DocEvent {
  const fallback = /\binputs\./.test(entry.text) ? 'workflow_dispatch' : 'push'
  const on = isMapping(entry.doc) && 'on' in entry.doc ? entry.doc.on : fallback
  const names = typeof on === 'string' ? [on] : Array.isArray(on) ? on.map(String) : Object.keys(on as Mapping)
  const spec = (name: string): Mapping => (isMapping(on) && isMapping(on[name]) ? on[name] : {})
  for (const name of names) {
    if (name === 'push') return withRef(name, Array.isArray(spec(name).tags) ? pushTag() : pushBranch())
    if (name === 'pull_request' || name === 'pull_request_target') {
      const types = Array.isArray(spec(name).types) ? (spec(name).types as string[]) : []
      return withRef(name, pullRequestEvent(types))
    }
    if (name === 'issue_comment') return withRef(name, issueCommentCreated())
    if (name === 'pull_request_review') {
      // The recipes build on an approving review.
      const payload = pullRequestReviewSubmitted()
      payload.review.state = 'approved'
      return withRef(name, payload)
    }
    if (name === 'workflow_run') return withRef(name, workflowRunCompleted())
    if (name === 'workflow_dispatch' || name === 'schedule') return withRef(name, workflowDispatch())
  }
  throw new Error(`${entry.where}: no fixture for the events ${names.join(', ')}`)
}

function withRef(name: string, payload: Payload): DocEvent {
  const ref =
    payload.ref ??
    (payload.pull_request
      ? `refs/pull/${payload.pull_request.number}/merge`
      : `refs/heads/${payload.workflow_run?.head_branch ?? 'main'}`)
  const sha =
    payload.after ??
    payload.pull_request?.head?.sha ??
    payload.workflow_run?.head_sha ??
    '6113728f27ae82c7b1a177c8d03f9e96e0adf246'
  return { name, payload, ref, sha }
}
