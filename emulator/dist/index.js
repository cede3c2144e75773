#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
var __webpack_exports__ = {};

;// CONCATENATED MODULE: ./emulator/args.ts
const USAGE = `usage: service-emulator [options]
  --port N               port to listen on (0 = any free port; default 0)
  --host HOST            interface to bind (default 127.0.0.1)
  --seed FILE            JSON or YAML seed file (default: the bundled demo seed)
  --build-duration-ms N  how long a build runs before it finishes (default 2000)
  --log-delay-ms N       how long a new build's log answers 404 (default 200; the service: about 15 s)
  --log-archive-delay-ms N
                         how long after a build ends its log is archived (default 1000)
  --max-builds N         builds kept in memory; older ones and their logs are dropped (default 10000)
  --time-scale N         run the clock N times faster than the wall clock (default 1; the bench)
  --time-origin MS       the wall-clock instant (ms since 1970) the scaled clock starts from (default: now)
  --enable-faults        enable POST /_emulator/faults
  --replay FILE          answer the API from a wire trace (the action's trace: true file), in order
  --require-control-token
                         make the /_emulator endpoints need a token even on loopback
                         (always needed when --host is not a loopback address)
  --help                 show this text`;
function integer(flag, value) {
    if (value === undefined || !/^\d+$/.test(value))
        throw new Error(`${flag} needs a non-negative integer; got "${value ?? ''}"`);
    return Number(value);
}
function args_text(flag, value, what) {
    if (!value)
        throw new Error(`${flag} needs ${what}`);
    return value;
}
/** Turns command line arguments into emulator options; throws an error naming the bad flag. */
function parseArgs(argv) {
    const options = {};
    for (let i = 0; i < argv.length; i++) {
        const [flag, inline] = argv[i].split(/=(.*)/s, 2);
        const value = () => inline ?? argv[++i];
        switch (flag) {
            case '--port': {
                const port = integer(flag, value());
                if (port > 65535)
                    throw new Error('--port must be at most 65535');
                options.port = port;
                break;
            }
            case '--host':
                options.host = args_text(flag, value(), 'a value');
                break;
            case '--seed':
                options.seedFile = args_text(flag, value(), 'a file path');
                break;
            case '--build-duration-ms':
                options.buildDurationMs = integer(flag, value());
                break;
            case '--log-delay-ms':
                options.logDelayMs = integer(flag, value());
                break;
            case '--log-archive-delay-ms':
                options.logArchiveDelayMs = integer(flag, value());
                break;
            case '--max-builds':
                options.maxBuilds = Math.max(1, integer(flag, value()));
                break;
            case '--replay':
                options.replayFile = args_text(flag, value(), 'a trace file path');
                break;
            case '--time-scale':
                options.timeScale = Math.max(1, integer(flag, value()));
                break;
            case '--time-origin':
                options.timeOrigin = integer(flag, value());
                break;
            case '--enable-faults':
                options.enableFaults = true;
                break;
            case '--require-control-token':
                options.requireControlToken = true;
                break;
            case '--help':
            case '-h':
                return 'help';
            default:
                throw new Error(`unknown option ${flag}`);
        }
    }
    return options;
}

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:http"
const external_node_http_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");
;// CONCATENATED MODULE: ./emulator/model/errors.ts
/** A refusal of the model, with the message the caller reads. */
class ModelError extends Error {
    kind;
    constructor(kind, message) {
        super(message);
        this.kind = kind;
        this.name = 'ModelError';
    }
}
const invalid = (message) => new ModelError('invalid', message);
const conflict = (message) => new ModelError('conflict', message);
const forbidden = (message) => new ModelError('forbidden', message);
const notFound = (message) => new ModelError('not-found', message);
const unknownReference = (message) => new ModelError('unknown-reference', message);
const unreadable = (message) => new ModelError('unreadable', message);

;// CONCATENATED MODULE: ./emulator/model/access.ts
/**
 * Who may call a route. Each route of the table carries one of these; the server checks it
 * before the handler runs, and the emulator README's role table is written from the same values.
 */

const ANY_ROLE = ['owner', 'admin', 'manager', 'member'];
const OWNER_OR_ADMIN = ['owner', 'admin'];
const OWNER_ADMIN_DEVELOPER = ['owner', 'admin', 'manager'];
/**
 * The app rules the route tables use, each named for the weakest role it lets in: APP_ADMIN is
 * Owner or Admin, APP_DEVELOPER is Owner, Admin or Developer.
 */
const APP_ANY_ROLE = { kind: 'app', roles: ANY_ROLE };
const APP_ADMIN = { kind: 'app', roles: OWNER_OR_ADMIN };
const APP_DEVELOPER = { kind: 'app', roles: OWNER_ADMIN_DEVELOPER };
/** The rules on a Workspace or a user that the route tables use (see Access). */
const WORKSPACE_MEMBER = { kind: 'workspace-member' };
const WORKSPACE_LISTING = { kind: 'workspace-listing' };
const WORKSPACE_OWNER = { kind: 'workspace-owner' };
const USER_SELF = { kind: 'user-self' };
const ROLE_LABEL = {
    owner: 'Owner',
    admin: 'Admin',
    manager: 'Developer',
    member: 'Tester/QA'
};
const orList = (words) => words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
/** The rule in words, as the README's role table shows it. */
function access_describeAccess(access) {
    switch (access.kind) {
        case 'app':
            return access.roles.length === ANY_ROLE.length
                ? 'any role on the app'
                : orList(access.roles.map((r) => ROLE_LABEL[r]));
        case 'workspace-member':
            return 'Workspace owner or group member';
        case 'workspace-listing':
            return 'any caller; only a Workspace owner or group member gets apps, anyone else an empty list';
        case 'workspace-owner':
            return 'Workspace owner';
        case 'user-self':
            return 'that user only; covers the apps he owns';
        case 'caller':
            return access.rule;
    }
}
function appWithRole(state, user, slug, allowed) {
    const app = state.apps.get(slug);
    if (!app)
        throw notFound(`app "${slug}" not found`);
    const role = state.roleOf(user, app);
    if (role === null)
        throw forbidden(`you have no role on the team of app "${app.slug}"`);
    if (!allowed.includes(role)) {
        const needed = allowed.map((r) => ROLE_LABEL[r]).join(' or ');
        throw forbidden(`this operation needs the ${needed} role on app "${app.slug}"; you are ${ROLE_LABEL[role]}`);
    }
    return app;
}
function organization(state, slug) {
    const org = state.organizations.get(slug);
    if (!org)
        throw notFound(`organization "${slug}" not found`);
    return org;
}
/** Checks the caller against the route's rule; a refusal is a 404 (nothing by that name) or a 403. */
function authorize(access, state, user, params) {
    switch (access.kind) {
        case 'app':
            return { app: appWithRole(state, user, params.app, access.roles) };
        case 'workspace-listing':
            return { org: organization(state, params.org) };
        case 'workspace-member': {
            const org = organization(state, params.org);
            if (!state.isWorkspaceMember(user, org))
                throw forbidden(`you are not a member of organization "${org.slug}"`);
            return { org };
        }
        case 'workspace-owner': {
            const org = organization(state, params.org);
            if (!org.owners.has(user))
                throw forbidden(`migrating machine types needs the owner role of organization "${org.slug}"`);
            return { org };
        }
        case 'user-self':
            if (!state.users.has(params.user))
                throw notFound(`user "${params.user}" not found`);
            if (user !== params.user)
                throw forbidden(`only user "${params.user}" may migrate the machine types of his own apps`);
            return {};
        case 'caller':
            return {};
    }
}

;// CONCATENATED MODULE: ./emulator/http/errors.ts
/**
 * Errors as HTTP answers: the plumbing's own refusals (`HttpError`), and the one place that
 * gives each of the model's error kinds its status code.
 */

/** An error that the router turns into an HTTP answer with a message body. */
class HttpError extends Error {
    status;
    headers;
    constructor(status, message, headers = {}) {
        super(message);
        this.status = status;
        this.headers = headers;
        this.name = 'HttpError';
    }
}
const badRequest = (message) => new HttpError(400, message);
const errors_notFound = (message) => new HttpError(404, message);
/**
 * The status code of each kind of model refusal, as the service answers it: it answers a
 * request the state does not allow (abort a finished build) with 400, like a malformed one,
 * a roles body naming a group outside the Workspace with 422, and a configuration it cannot
 * read at all, given to its check, with 422.
 */
const STATUS_OF_KIND = {
    invalid: 400,
    conflict: 400,
    forbidden: 403,
    'not-found': 404,
    'unknown-reference': 422,
    // The published contract's "Validation failed" of POST /validate-bitrise-yml.
    unreadable: 422
};
/** The error as an HTTP error, or null when it is neither the plumbing's nor the model's (a 500). */
function asHttpError(error) {
    if (error instanceof HttpError)
        return error;
    if (error instanceof ModelError)
        return new HttpError(STATUS_OF_KIND[error.kind], error.message);
    return null;
}

;// CONCATENATED MODULE: ./emulator/http/io.ts

const MAX_BODY_BYTES = 1024 * 1024;
const tooLarge = (limit) => new HttpError(413, `request body is larger than ${limit} bytes`);
/** Whether the request declares a body (a length above zero or a chunked one) that has not been read to its end. */
function bodyPending(req) {
    if (req.complete)
        return false;
    const length = req.headers['content-length'];
    return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0');
}
/**
 * Reads the whole body. A declared length above `limit` is refused before a byte is read, and
 * a body that grows past `limit` is refused as soon as it does: nothing past the limit is kept,
 * and the rest is left unread (the caller answers and closes the connection).
 */
function readBody(req, res, limit = MAX_BODY_BYTES) {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit)
        return Promise.reject(tooLarge(limit));
    // The client waited for a go-ahead before sending; give it only now that the request is accepted.
    if (/100-continue/i.test(req.headers.expect ?? ''))
        res.writeContinue();
    return new Promise((resolve, reject) => {
        const chunks = [];
        let size = 0;
        const stop = () => {
            req.off('data', onData);
            req.off('end', onEnd);
            req.off('error', onError);
            req.off('close', onClose);
        };
        const onData = (chunk) => {
            size += chunk.length;
            if (size > limit) {
                stop();
                chunks.length = 0;
                req.pause();
                reject(tooLarge(limit));
                return;
            }
            chunks.push(chunk);
        };
        const onEnd = () => {
            stop();
            resolve(Buffer.concat(chunks).toString('utf8'));
        };
        const onError = (error) => {
            stop();
            reject(error);
        };
        // A client that goes away mid-body emits no 'end'; without this the chunks would be held forever.
        const onClose = () => {
            if (req.complete)
                return;
            stop();
            reject(new HttpError(400, 'the connection closed before the request body ended'));
        };
        req.on('data', onData);
        req.on('end', onEnd);
        req.on('error', onError);
        req.on('close', onClose);
    });
}
/** Parses a body as JSON or as a form; an empty body is `undefined`. */
function parseBody(raw, contentType) {
    if (raw.trim() === '')
        return undefined;
    // A JSON text sent with a form content type (curl -d does this) is still read as JSON.
    const looksLikeJson = /^\s*[[{"]/.test(raw);
    if ((contentType ?? '').includes('application/x-www-form-urlencoded') && !looksLikeJson) {
        return Object.fromEntries(new URLSearchParams(raw));
    }
    try {
        return JSON.parse(raw);
    }
    catch {
        throw new HttpError(400, 'request body is not valid JSON');
    }
}
/** Writes a reply; a body is sent with its length so keep-alive clients see the end. */
function send(res, reply) {
    if (res.headersSent || res.destroyed)
        return;
    const headers = { ...(reply.headers ?? {}) };
    let payload;
    if (reply.json !== undefined) {
        payload = JSON.stringify(reply.json);
        headers['content-type'] = 'application/json; charset=utf-8';
    }
    else if (reply.text !== undefined) {
        payload = reply.text;
        headers['content-type'] ??= 'text/plain; charset=utf-8';
    }
    if (payload !== undefined)
        headers['content-length'] = String(Buffer.byteLength(payload));
    res.writeHead(reply.status, headers);
    res.end(payload);
}
/** Writes a reply; when the request's body was left unread, the connection is closed after it instead of reading on. */
function answer(req, res, reply) {
    send(res, bodyPending(req) ? { ...reply, headers: { ...(reply.headers ?? {}), connection: 'close' } } : reply);
}

;// CONCATENATED MODULE: ./emulator/http/router.ts

/** Decodes one path segment; malformed percent-encoding (a lone `%`, `%zz`, a cut UTF-8 sequence) is a 400. */
function decodeSegment(segment, name) {
    try {
        return decodeURIComponent(segment);
    }
    catch {
        throw badRequest(`path parameter ${name} is not valid percent-encoding: every % must start a %XX escape of UTF-8 bytes`);
    }
}
/**
 * The raw parameters of a path that fits a route pattern, or null: segment by segment, a
 * `:name` segment takes any one segment and a literal one must equal it as sent. One pass over
 * each string, so the cost is linear in the two lengths whatever the pattern holds.
 */
function matchPattern(pattern, path) {
    const segments = pattern.split('/').filter(Boolean);
    const parts = path.split('/').filter(Boolean);
    if (segments.length !== parts.length)
        return null;
    if (!segments.every((segment, i) => segment.startsWith(':') || segment === parts[i]))
        return null;
    return Object.fromEntries(segments.flatMap((segment, i) => (segment.startsWith(':') ? [[segment.slice(1), parts[i]]] : [])));
}
/**
 * Finds the route for a method and a path below the API prefix. Literal segments are compared
 * as sent; parameters are decoded, so a malformed one throws a 400 (only once the route matched).
 */
function matchRoute(routes, method, path) {
    for (const route of routes) {
        if (route.method !== method)
            continue;
        const params = matchPattern(route.pattern, path);
        if (params !== null)
            return { route, params };
    }
    return null;
}
/** The route's parameters, decoded. */
function decodeParams(match) {
    return Object.fromEntries(Object.entries(match.params).map(([name, raw]) => [name, decodeSegment(raw, name)]));
}

;// CONCATENATED MODULE: ./emulator/http/handler.ts




const API_PREFIX = '/v0.1';
/** Reads the token from `Authorization: <token>`, `token <token>` or `Bearer <token>`. */
function tokenOf(req) {
    const header = req.headers.authorization;
    if (!header || header.trim() === '')
        return undefined;
    return header.trim().replace(/^(token|bearer)\s+/i, '');
}
/** An error as an answer in the endpoint's error shape; anything but an HTTP or a model error is a 500. */
function errorReply(error, style) {
    const known = asHttpError(error);
    if (known !== null)
        return { status: known.status, json: { [style]: known.message }, headers: known.headers };
    // Only the message goes to the console: request data may carry keys or tokens.
    console.error(`service emulator: internal error: ${error?.message ?? String(error)}`);
    return { status: 500, json: { [style]: 'internal emulator error' } };
}
/** Who is calling, or the refusal to send without reading the body. */
function authenticate(model, req) {
    const token = tokenOf(req);
    if (token === undefined)
        return { refusal: new HttpError(401, 'missing access token in the Authorization header') };
    const user = model.state.tokens.get(token);
    if (user === undefined)
        return { refusal: new HttpError(401, 'invalid access token') };
    const expiresAt = model.state.tokenExpiry.get(token);
    if (expiresAt !== undefined && model.now() >= expiresAt)
        return { refusal: new HttpError(401, 'the access token has expired') };
    return { user };
}
function found(value, what) {
    if (value === undefined)
        throw new Error(`the route's access rule provides no ${what}`);
    return value;
}
/** Checks the route's access rule, then runs its handler. */
function dispatch(server, route, base) {
    const { model } = server;
    model.settle();
    const target = authorize(route.access, model.state, base.user, base.params);
    return route.handler({
        ...base,
        model,
        origin: server.origin(),
        logDelayMs: server.logDelayMs,
        logArchiveDelayMs: server.logArchiveDelayMs,
        app: () => found(target.app, 'app'),
        org: () => found(target.org, 'Workspace')
    });
}
/** Handles a request whose path starts with the API prefix. */
async function handleApi(server, req, res, url) {
    const method = req.method ?? 'GET';
    const apiPath = url.pathname.slice(API_PREFIX.length) || '/';
    const match = matchRoute(server.routes, method, apiPath);
    const style = match?.route.errorStyle ?? 'message';
    // Refusals come before the body is read: an unknown path or a caller without a valid token costs no buffering.
    const caller = match
        ? authenticate(server.model, req)
        : { refusal: new HttpError(404, `no endpoint ${method} ${url.pathname}`) };
    const logAndFault = (raw) => server.intercept(req, res, url, apiPath, raw);
    if ('refusal' in caller) {
        if (!(await logAndFault(null)))
            answer(req, res, errorReply(caller.refusal, style));
        return;
    }
    let raw;
    try {
        raw = await readBody(req, res);
    }
    catch (error) {
        answer(req, res, errorReply(error, style));
        return;
    }
    if (await logAndFault(raw))
        return;
    try {
        const base = {
            method,
            path: apiPath,
            params: decodeParams(match),
            query: url.searchParams,
            headers: req.headers,
            user: caller.user
        };
        answer(req, res, dispatch(server, match.route, { ...base, body: parseBody(raw, req.headers['content-type']) }));
    }
    catch (error) {
        answer(req, res, errorReply(error, style));
    }
}

;// CONCATENATED MODULE: ./emulator/model/build-progress.ts
const STATUS_TEXT = {
    0: 'in-progress',
    1: 'success',
    2: 'error',
    3: 'aborted',
    4: 'aborted-with-success'
};
/** Where a build stands at `now`. */
function progressOf(build, now) {
    if (build.abort) {
        const status = build.abort.withSuccess ? 4 : 3;
        return { status, statusText: STATUS_TEXT[status], onHold: false, finishedAt: build.abort.at };
    }
    if (build.startedAt === null)
        return { status: 0, statusText: 'on-hold', onHold: true, finishedAt: null };
    const end = build.startedAt + build.durationMs;
    if (now >= end) {
        const status = build.outcome === 'success' ? 1 : 2;
        return { status, statusText: STATUS_TEXT[status], onHold: false, finishedAt: end };
    }
    return { status: 0, statusText: STATUS_TEXT[0], onHold: false, finishedAt: null };
}

;// CONCATENATED MODULE: ./emulator/routes/build-views.ts
/**
 * A build as the API and `/_emulator/state` show it: views computed from the build's record and
 * its progress, never stored.
 */

const iso = (ms) => (ms === null ? null : new Date(ms).toISOString());
/** The build record as `GET /apps/{app}/builds/{build}` returns it. */
function buildJson(build, now) {
    const progress = progressOf(build, now);
    return {
        slug: build.slug,
        build_number: build.buildNumber,
        status: progress.status,
        status_text: progress.statusText,
        is_on_hold: progress.onHold,
        abort_reason: build.abort ? build.abort.reason : null,
        triggered_workflow: build.triggeredWorkflow,
        branch: build.branch,
        commit_hash: build.commitHash,
        commit_message: typeof build.originalParams.commit_message === 'string' ? build.originalParams.commit_message : null,
        tag: build.tag,
        // A build of no pull request has 0, not null: recorded real answers show it (see README).
        pull_request_id: build.pullRequestId ?? 0,
        triggered_at: iso(build.triggeredAt),
        started_on_worker_at: iso(build.startedAt),
        finished_at: iso(progress.finishedAt),
        credit_cost: creditCost(build, progress.finishedAt),
        original_build_params: build.originalParams,
        stack_identifier: build.stackIdentifier,
        machine_type_id: build.machineTypeId,
        ...(build.pipelineWorkflowId === undefined ? {} : { pipeline_workflow_id: build.pipelineWorkflowId })
    };
}
/**
 * What a finished build cost: its app's credits for each started minute on a worker, the
 * emulator's own rule. Null on a plan without credits, as recorded real answers show
 * (kevalpatel2106/pocket-ci, GetBuildsResponses.kt), and while the build has not finished.
 */
function creditCost(build, finishedAt) {
    if (build.creditsPerMinute === null || finishedAt === null)
        return null;
    if (build.startedAt === null)
        return 0;
    return Math.ceil(Math.max(0, finishedAt - build.startedAt) / 60_000) * build.creditsPerMinute;
}
/** The build with everything the emulator recorded about it, for `/_emulator/state`. */
function buildStateJson(build, now) {
    return {
        app: build.appSlug,
        ...buildJson(build, now),
        duration_ms: build.durationMs,
        planned_outcome: build.outcome,
        checkout: build.checkout,
        additional_envs: build.additionalEnvs,
        priority: build.priority,
        effective_env: build.effectiveEnv,
        env_sources: build.envSources,
        skip_git_status_report: build.skipGitStatusReport,
        build_request: build.buildRequest,
        git_status_report: build.gitStatusReport,
        abort: build.abort && {
            at: iso(build.abort.at),
            reason: build.abort.reason,
            with_success: build.abort.withSuccess,
            skip_notifications: build.abort.skipNotifications,
            skip_git_status_report: build.abort.skipGitStatusReport,
            notification_sent: build.abort.notificationSent,
            by: build.abort.by
        }
    };
}

;// CONCATENATED MODULE: ./emulator/control/endpoints.ts
/**
 * Emulator-only endpoints under `/_emulator/`, as a route table: state dump, reset, request
 * log, event log, concurrency slots, faults. State changes go through the model.
 */



const NO_CONTENT = { status: 204 };
/** The fault endpoints exist only with `--enable-faults`. */
function withFaults(handler) {
    return (ctx) => {
        if (!ctx.faultsEnabled)
            throw errors_notFound('fault injection is off; start the emulator with --enable-faults');
        return handler(ctx);
    };
}
function state(ctx) {
    const now = ctx.model.now();
    return {
        status: 200,
        json: { ...ctx.model.state.snapshot(now, buildStateJson), faults: ctx.faults.pending() }
    };
}
function endpoints_reset(ctx) {
    ctx.model.reset();
    ctx.requests.clear();
    ctx.faults.clear();
    return { status: 200, json: { status: 'ok' } };
}
/** Sets how many of an app's builds may run at once (`{slots: n}`, null: unlimited); more wait on hold. */
function concurrency(ctx) {
    const app = ctx.model.state.apps.get(ctx.params.app);
    if (!app)
        throw errors_notFound(`app "${ctx.params.app}" not found`);
    const slots = ctx.body?.slots;
    if (slots !== null && !(Number.isInteger(slots) && slots >= 0))
        throw badRequest('slots must be a whole number, 0 or more, or null');
    ctx.model.setConcurrency(app, slots);
    return { status: 200, json: { status: 'ok', app: app.slug, concurrency: app.concurrency } };
}
const CONTROL_ROUTES = [
    { method: 'GET', pattern: '/state', handler: state },
    { method: 'POST', pattern: '/reset', handler: endpoints_reset },
    { method: 'GET', pattern: '/requests', handler: (ctx) => ({ status: 200, json: ctx.requests.entries }) },
    { method: 'DELETE', pattern: '/requests', handler: (ctx) => (ctx.requests.clear(), NO_CONTENT) },
    { method: 'GET', pattern: '/events', handler: (ctx) => ({ status: 200, json: ctx.model.events() }) },
    { method: 'DELETE', pattern: '/events', handler: (ctx) => (ctx.model.clearEvents(), NO_CONTENT) },
    { method: 'PUT', pattern: '/apps/:app/concurrency', handler: concurrency },
    {
        method: 'POST',
        pattern: '/faults',
        handler: withFaults((ctx) => ({ status: 201, json: { status: 'ok', fault: ctx.faults.add(ctx.body) } }))
    },
    { method: 'GET', pattern: '/faults', handler: withFaults((ctx) => ({ status: 200, json: ctx.faults.pending() })) },
    { method: 'DELETE', pattern: '/faults', handler: withFaults((ctx) => (ctx.faults.clear(), NO_CONTENT)) }
];
/** Answers a control request; `path` is the part after `/_emulator`. */
function handleControl(method, path, ctx) {
    const match = matchRoute(CONTROL_ROUTES, method, path);
    if (!match)
        throw errors_notFound(`no emulator control endpoint ${method} /_emulator${path}`);
    ctx.model.settle();
    return match.route.handler({ ...ctx, params: decodeParams(match) });
}

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: ./emulator/model/artifacts.ts
/**
 * A build's artifacts: what the app's artifact list says a successful build produces, named
 * per build, with download links that are signed and expire. The signature is keyed by a
 * secret of this process, so a link needs no token and no state, and cannot be forged or
 * stretched past its expiry.
 */


/** Where the signed download links live, outside the API (they carry no token). */
const DOWNLOAD_PREFIX = '/_downloads';
/** How long a download link works. */
const DOWNLOAD_TTL_MS = 10 * 60_000;
const SIGNING_KEY = (0,external_node_crypto_namespaceObject.randomBytes)(32);
/** What a build of an app with no artifact list produces. */
const DEFAULT_ARTIFACTS = [
    { title: 'app-release.apk', artifact_type: 'android-apk', file_size_bytes: 4096, is_public_page_enabled: true },
    { title: 'test-results.xml', artifact_type: 'file', file_size_bytes: 512, is_public_page_enabled: false }
];
/** The build's artifacts: none until it has succeeded. */
function artifactsOf(app, build, now) {
    if (progressOf(build, now).status !== 1)
        return [];
    return (app.artifacts ?? DEFAULT_ARTIFACTS).map((artifact, index) => ({
        ...artifact,
        slug: (0,external_node_crypto_namespaceObject.createHash)('sha256').update(`${build.slug}/${index}`).digest('hex').slice(0, 16),
        buildSlug: build.slug
    }));
}
function signature(buildSlug, artifactSlug, expires) {
    return (0,external_node_crypto_namespaceObject.createHmac)('sha256', SIGNING_KEY).update(`${buildSlug}/${artifactSlug}/${expires}`).digest();
}
/** The signed link to an artifact's content, working until `now + DOWNLOAD_TTL_MS`. */
function signedDownloadPath(artifact, now) {
    const expires = now + DOWNLOAD_TTL_MS;
    const sig = signature(artifact.buildSlug, artifact.slug, expires).toString('hex');
    return `${DOWNLOAD_PREFIX}/${artifact.buildSlug}/${artifact.slug}?expires=${expires}&signature=${sig}`;
}
/** Whether a download link's signature holds and it has not expired. */
function checkDownloadLink(buildSlug, artifactSlug, expiresText, signatureText, now) {
    const expires = Number(expiresText);
    if (!/^\d{1,16}$/.test(expiresText ?? '') || !/^[0-9a-f]{64}$/.test(signatureText ?? ''))
        return 'forged';
    if (!(0,external_node_crypto_namespaceObject.timingSafeEqual)(signature(buildSlug, artifactSlug, expires), Buffer.from(signatureText, 'hex')))
        return 'forged';
    return now > expires ? 'expired' : 'ok';
}
/** The made-up content of an artifact: its declared size of a repeated line naming it. */
function artifactContent(artifact) {
    const line = Buffer.from(`${artifact.title} of build ${artifact.buildSlug}\n`);
    const content = Buffer.alloc(artifact.file_size_bytes);
    for (let at = 0; at < content.length; at += line.length)
        line.copy(content, at);
    return content;
}

;// CONCATENATED MODULE: ./emulator/routes/downloads.ts



/** Answers `GET /_downloads/{build}/{artifact}?expires=…&signature=…` with the artifact's bytes. */
async function serveDownload(model, req, res, url) {
    const [buildSlug, artifactSlug, ...rest] = url.pathname.slice(DOWNLOAD_PREFIX.length + 1).split('/');
    const build = model.state.builds.get(buildSlug ?? '');
    const app = build && model.state.apps.get(build.appSlug);
    const artifact = app && build && rest.length === 0 ? model.artifacts(app, build).find((a) => a.slug === artifactSlug) : undefined;
    if (req.method !== 'GET' || !artifact) {
        answer(req, res, { status: 404, json: { message: 'no such download' } });
        return;
    }
    const check = checkDownloadLink(artifact.buildSlug, artifact.slug, url.searchParams.get('expires'), url.searchParams.get('signature'), model.now());
    if (check !== 'ok') {
        answer(req, res, {
            status: 403,
            json: { message: check === 'expired' ? 'the download link has expired' : 'the download link is not valid' }
        });
        return;
    }
    const content = artifactContent(artifact);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(content.length) });
    res.end(content);
}

;// CONCATENATED MODULE: ./emulator/routes/log-chunks.ts
/**
 * What a build writes to its log, chunk by chunk, as recorded real builds show it: 10 to 51
 * chunks a build, each up to 8192 characters, cut wherever the writer flushed, so most end
 * inside a line; positions count from 1. Sources: the answers Kesin11/CIAnalyzer recorded
 * (tests/fixture/bitrise_build_log/: 42, 51 and 10 chunks, the longest 8192 characters, 8 of
 * 10 in one answer ending inside a line, positions 1 to 10 of 10 in another), the service's CLI
 * ("positions are 1-indexed, not 0": bitrise-io/bitrise-cli, commit 98a1d52) and its MCP server
 * (a log holding position 1 has its start: bitrise-io/bitrise-mcp
 * internal/tool/builds/get_build_log.go).
 *
 * The chunks are spread evenly over the build's run, the first at its start; the last, written
 * when the build ends (or is aborted), holds the rest of the last line and the closing line.
 * Everything is drawn from the build's slug, so every read of the same build sees the same text
 * and nothing is kept between reads.
 */


/** Chunks of a whole log: the fewest and the most the recorded builds show. */
const MIN_CHUNKS = 10;
const MAX_CHUNKS = 51;
/** The longest chunk the recorded builds show, in characters. */
const MAX_CHUNK_CHARS = 8192;
/** A small seeded generator (mulberry32): the same build draws the same log every time. */
function drawsFor(slug) {
    let state = (0,external_node_crypto_namespaceObject.createHash)('sha256').update(`log/${slug}`).digest().readUInt32LE(0);
    return () => {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
}
const between = (draw, low, high) => low + Math.floor(draw() * (high - low + 1));
/** A chunk's length: mostly a few lines, sometimes kilobytes, as in the recorded answers. */
function chunkLength(draw) {
    const kind = draw();
    if (kind < 0.55)
        return between(draw, 12, 200);
    if (kind < 0.9)
        return between(draw, 200, 2000);
    return between(draw, 2000, MAX_CHUNK_CHARS);
}
/** The lines a build prints: its opening line, numbered step lines, now and then a long progress line. */
class LineSource {
    build;
    draw;
    steps = 0;
    opened = false;
    constructor(build, draw) {
        this.build = build;
        this.draw = draw;
    }
    next(offsetMs) {
        if (!this.opened) {
            this.opened = true;
            const { buildNumber, triggeredWorkflow, checkout } = this.build;
            return `Build #${buildNumber} of workflow ${triggeredWorkflow} started (checkout ${checkout.kind} ${checkout.value})\n`;
        }
        if (this.draw() < 0.01)
            return `[${offsetMs} ms] progress ${'#'.repeat(between(this.draw, 80, 400))}\n`;
        return `[${offsetMs} ms] step output line ${++this.steps}\n`;
    }
}
/** The chunks the build has written by `until`, and the text that would follow the last of them. */
function writtenChunks(build, startedAt, until) {
    const draw = drawsFor(build.slug);
    const bodyChunks = between(draw, MIN_CHUNKS, MAX_CHUNKS) - 1;
    const lines = new LineSource(build, draw);
    const chunks = [];
    let pending = '';
    for (let k = 0; k < bodyChunks; k++) {
        const at = startedAt + Math.floor((k * build.durationMs) / bodyChunks);
        if (at > until)
            break;
        const length = chunkLength(draw);
        while (pending.length < length)
            pending += lines.next(at - startedAt);
        chunks.push({ chunk: pending.slice(0, length), position: k + 1, at });
        pending = pending.slice(length);
    }
    return { chunks, rest: pending };
}
/**
 * The log as it stands at `now`, or null before it exists (a build on hold, or within
 * `logDelayMs` of its start: the service's log answers 404 for a while after a trigger).
 */
function logAt(build, now, logDelayMs) {
    if (build.startedAt === null || now < build.startedAt + logDelayMs)
        return null;
    const progress = progressOf(build, now);
    const { chunks, rest } = writtenChunks(build, build.startedAt, progress.finishedAt ?? now);
    if (progress.finishedAt === null)
        return { chunks, finishedAt: null };
    const reason = build.abort?.reason ? `: ${build.abort.reason}` : '';
    const closing = `${rest}Build finished with status ${progress.statusText}${reason}\n`;
    // An abort can come in the same millisecond as a read that found the build running: its closing
    // chunk is stamped a millisecond later, so that read's cursor still gets it.
    const at = progress.finishedAt + (build.abort ? 1 : 0);
    // One chunk, unless a long abort reason makes it longer than a chunk may be.
    for (let from = 0; from < closing.length; from += MAX_CHUNK_CHARS) {
        chunks.push({ chunk: closing.slice(from, from + MAX_CHUNK_CHARS), position: chunks.length + 1, at });
    }
    return { chunks, finishedAt: progress.finishedAt };
}

;// CONCATENATED MODULE: ./emulator/routes/build-log.ts
/**
 * The build log endpoint's answer as the service gives it, and the archived log behind its signed
 * URL. The chunks themselves are written by log-chunks.ts.
 *
 * - Without a cursor only the last LOG_WINDOW chunks come (recorded real answers hold 10
 *   chunks of 42: Kesin11/CIAnalyzer tests/fixture/bitrise_build_log/), with
 *   `generated_log_chunks_num` counting them all.
 * - The cursor is `after_timestamp`, an earlier answer's `next_after_timestamp`, as the service's
 *   CLI sends it (bitrise-io/bitrise-cli bitriseapi/builds.go, BuildLogManifest), or `timestamp`,
 *   as two community clients send it (lifeomic/bitrise src/build.js, deszip/BitBot
 *   Bitrise/Networking/Requests/BRLogsRequest.m): an ISO time or Unix seconds. It is honoured
 *   while the build runs, after it has ended and once the log is archived: the CLI's watch makes
 *   "one final call" with its last cursor after the build has ended (internal/build/service.go,
 *   Watch), and its own tests answer that call, for a finished build, with the tail of the log,
 *   not yet archived (internal/build/service_test.go, TestService_Watch_DeltaStreaming).
 * - The log is archived `archiveDelayMs` after the build has ended: `is_archived`, the cursor
 *   fields null, and the whole text at `expiring_raw_log_url`, signed, valid ten minutes (the
 *   published contract's description of the endpoint), fetched without an Authorization header
 *   (bitrise-cli streamRawLog; a signed storage URL refuses a second credential).
 */




/** Chunks an answer without a cursor holds. */
const LOG_WINDOW = 10;
/** Where the archived logs live, outside the API: their signed links carry no token. */
const RAW_LOG_PREFIX = '/_raw-logs';
/** How long an archived log's link works (the contract: "expiring in 10 minutes"). */
const RAW_LOG_TTL_MS = 10 * 60_000;
const build_log_SIGNING_KEY = (0,external_node_crypto_namespaceObject.randomBytes)(32);
const sign = (buildSlug, expires) => (0,external_node_crypto_namespaceObject.createHmac)('sha256', build_log_SIGNING_KEY).update(`raw-log/${buildSlug}/${expires}`).digest();
const build_log_iso = (ms) => new Date(ms).toISOString();
/** Whether the log is archived at `now`: some time after the build has ended. */
function archived(log, now, archiveDelayMs) {
    return log.finishedAt !== null && now >= log.finishedAt + archiveDelayMs;
}
/** The cursor of the request, in ms: `after_timestamp` (the service's CLI) or `timestamp` (older clients); undefined without one. */
function readCursor(query) {
    const name = query.get('after_timestamp') ? 'after_timestamp' : 'timestamp';
    const value = query.get(name);
    if (value === null || value === '')
        return undefined;
    const at = /^\d{1,12}(\.\d{1,9})?$/.test(value) ? Math.floor(Number(value) * 1000) : Date.parse(value);
    if (Number.isNaN(at))
        throw badRequest(`${name} is not a time: give the next_after_timestamp of an earlier answer (an ISO time) or Unix seconds`);
    return at;
}
/** The answer of `GET …/log` at `now`, or null while the log does not exist yet (a 404). */
function logAnswer(build, now, timing, query, origin) {
    const after = readCursor(query);
    const log = logAt(build, now, timing.delayMs);
    if (log === null)
        return null;
    const done = archived(log, now, timing.archiveDelayMs);
    const chunks = after === undefined ? log.chunks.slice(-LOG_WINDOW) : log.chunks.filter((c) => c.at > after);
    const expires = now + RAW_LOG_TTL_MS;
    // Every chunk written so far is in the log already, so a cursor at the latest of them (or now) misses none.
    const cursor = build_log_iso(Math.max(now, ...log.chunks.slice(-1).map((c) => c.at)));
    return {
        log_chunks: chunks.map(({ chunk, position }) => ({ chunk, position })),
        generated_log_chunks_num: log.chunks.length,
        is_archived: done,
        expiring_raw_log_url: done
            ? `${origin}${RAW_LOG_PREFIX}/${build.slug}?expires=${expires}&signature=${sign(build.slug, expires).toString('hex')}`
            : null,
        timestamp: done ? null : cursor,
        next_after_timestamp: done ? null : cursor
    };
}
/** Answers `GET /_raw-logs/{build}?expires=…&signature=…` with the whole archived log as text. */
function serveRawLog(model, req, res, url, timing) {
    const slug = url.pathname.slice(RAW_LOG_PREFIX.length + 1);
    const build = model.state.builds.get(slug);
    const log = build ? logAt(build, model.now(), 0) : null;
    if (req.method !== 'GET' || !log || !archived(log, model.now(), timing.archiveDelayMs)) {
        answer(req, res, { status: 404, json: { message: 'no such archived log' } });
        return Promise.resolve();
    }
    if (req.headers.authorization !== undefined) {
        answer(req, res, {
            status: 400,
            json: {
                message: 'only one auth mechanism allowed: the link is signed, so no Authorization header may come with it'
            }
        });
        return Promise.resolve();
    }
    const expiresText = url.searchParams.get('expires') ?? '';
    const signature = url.searchParams.get('signature') ?? '';
    const expires = Number(expiresText);
    const valid = /^\d{1,16}$/.test(expiresText) &&
        /^[0-9a-f]{64}$/.test(signature) &&
        (0,external_node_crypto_namespaceObject.timingSafeEqual)(sign(slug, expires), Buffer.from(signature, 'hex'));
    if (!valid || model.now() > expires) {
        answer(req, res, {
            status: 403,
            json: { message: valid ? 'the archived log link has expired' : 'the archived log link is not valid' }
        });
        return Promise.resolve();
    }
    const text = Buffer.from(log.chunks.map((c) => c.chunk).join(''), 'utf8');
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(text.length) });
    res.end(text);
    return Promise.resolve();
}

;// CONCATENATED MODULE: ./node_modules/js-yaml/dist/js-yaml.mjs
/*! js-yaml 5.5.0 https://github.com/nodeca/js-yaml @license MIT */
//#region src/tag.ts
/**
* Returned by a scalar resolver when the source does not match its tag.
*
* @category Tags
*/
var NOT_RESOLVED = Symbol("NOT_RESOLVED");
/**
* Create a normalized scalar tag definition.
*
* @category Tags
*/
function defineScalarTag(tagName, options) {
	return {
		tagName,
		nodeKind: "scalar",
		implicit: options.implicit ?? false,
		matchByTagPrefix: options.matchByTagPrefix ?? false,
		implicitFirstChars: options.implicitFirstChars ?? null,
		resolve: options.resolve,
		identify: options.identify,
		represent: options.represent ?? ((data) => String(data)),
		representTagName: options.representTagName ?? (() => tagName)
	};
}
/**
* Create a normalized sequence tag definition.
*
* @category Tags
*/
function defineSequenceTag(tagName, options) {
	const carrierIsResult = options.finalize === void 0;
	return {
		tagName,
		nodeKind: "sequence",
		implicit: false,
		matchByTagPrefix: options.matchByTagPrefix ?? false,
		create: options.create,
		addItem: options.addItem,
		finalize: options.finalize ?? ((carrier) => carrier),
		carrierIsResult,
		identify: options.identify,
		represent: options.represent ?? ((data) => data),
		representTagName: options.representTagName ?? (() => tagName)
	};
}
/**
* Create a normalized mapping tag definition.
*
* @category Tags
*/
function defineMappingTag(tagName, options) {
	const carrierIsResult = options.finalize === void 0;
	return {
		tagName,
		nodeKind: "mapping",
		implicit: false,
		matchByTagPrefix: options.matchByTagPrefix ?? false,
		create: options.create,
		addPair: options.addPair,
		has: options.has,
		keys: options.keys,
		get: options.get,
		finalize: options.finalize ?? ((carrier) => carrier),
		carrierIsResult,
		identify: options.identify,
		represent: options.represent ?? ((data) => data),
		representTagName: options.representTagName ?? (() => tagName)
	};
}
//#endregion
//#region src/tag/scalar/str.ts
/** @category Tags */
var strTag = defineScalarTag("tag:yaml.org,2002:str", {
	resolve: (source) => source,
	identify: (data) => typeof data === "string"
});
//#endregion
//#region src/tag/scalar/null_core.ts
var NULL_VALUES$1 = [
	"",
	"~",
	"null",
	"Null",
	"NULL"
];
/** @category Tags */
var nullCoreTag = defineScalarTag("tag:yaml.org,2002:null", {
	implicit: true,
	implicitFirstChars: [
		"",
		"~",
		"n",
		"N"
	],
	resolve: (source) => {
		if (NULL_VALUES$1.indexOf(source) !== -1) return null;
		return NOT_RESOLVED;
	},
	identify: (object) => object === null,
	represent: () => "null"
});
//#endregion
//#region src/tag/scalar/null_json.ts
/** @category Tags */
var nullJsonTag = defineScalarTag("tag:yaml.org,2002:null", {
	implicit: true,
	implicitFirstChars: ["n"],
	resolve: (source, isExplicit) => {
		if (source === "null" || isExplicit && source === "") return null;
		return NOT_RESOLVED;
	},
	identify: (object) => object === null,
	represent: () => "null"
});
//#endregion
//#region src/tag/scalar/null_yaml11.ts
var NULL_VALUES = [
	"",
	"~",
	"null",
	"Null",
	"NULL"
];
/** @category Tags */
var nullYaml11Tag = defineScalarTag("tag:yaml.org,2002:null", {
	implicit: true,
	implicitFirstChars: [
		"",
		"~",
		"n",
		"N"
	],
	resolve: (source) => {
		if (NULL_VALUES.indexOf(source) !== -1) return null;
		return NOT_RESOLVED;
	},
	identify: (object) => object === null,
	represent: () => "null"
});
//#endregion
//#region src/tag/scalar/bool_core.ts
var TRUE_VALUES$2 = [
	"true",
	"True",
	"TRUE"
];
var FALSE_VALUES$2 = [
	"false",
	"False",
	"FALSE"
];
/** @category Tags */
var boolCoreTag = defineScalarTag("tag:yaml.org,2002:bool", {
	implicit: true,
	implicitFirstChars: [
		"t",
		"T",
		"f",
		"F"
	],
	resolve: (source) => {
		if (TRUE_VALUES$2.indexOf(source) !== -1) return true;
		if (FALSE_VALUES$2.indexOf(source) !== -1) return false;
		return NOT_RESOLVED;
	},
	identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
	represent: (object) => object ? "true" : "false"
});
//#endregion
//#region src/tag/scalar/bool_json.ts
var TRUE_VALUES$1 = ["true"];
var FALSE_VALUES$1 = ["false"];
/** @category Tags */
var boolJsonTag = defineScalarTag("tag:yaml.org,2002:bool", {
	implicit: true,
	implicitFirstChars: ["t", "f"],
	resolve: (source) => {
		if (TRUE_VALUES$1.indexOf(source) !== -1) return true;
		if (FALSE_VALUES$1.indexOf(source) !== -1) return false;
		return NOT_RESOLVED;
	},
	identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
	represent: (object) => object ? "true" : "false"
});
//#endregion
//#region src/tag/scalar/bool_yaml11.ts
var TRUE_VALUES = [
	"true",
	"True",
	"TRUE",
	"y",
	"Y",
	"yes",
	"Yes",
	"YES",
	"on",
	"On",
	"ON"
];
var FALSE_VALUES = [
	"false",
	"False",
	"FALSE",
	"n",
	"N",
	"no",
	"No",
	"NO",
	"off",
	"Off",
	"OFF"
];
/** @category Tags */
var boolYaml11Tag = defineScalarTag("tag:yaml.org,2002:bool", {
	implicit: true,
	implicitFirstChars: [
		"y",
		"Y",
		"n",
		"N",
		"t",
		"T",
		"f",
		"F",
		"o",
		"O"
	],
	resolve: (source) => {
		if (TRUE_VALUES.indexOf(source) !== -1) return true;
		if (FALSE_VALUES.indexOf(source) !== -1) return false;
		return NOT_RESOLVED;
	},
	identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
	represent: (object) => object ? "true" : "false"
});
//#endregion
//#region src/tag/scalar/int_core.ts
var YAML_INTEGER_IMPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
var YAML_INTEGER_EXPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
function parseYamlInteger$2(source) {
	let value = source;
	let sign = 1;
	if (value[0] === "-" || value[0] === "+") {
		if (value[0] === "-") sign = -1;
		value = value.slice(1);
	}
	if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
	if (value.startsWith("0o")) return sign * parseInt(value.slice(2), 8);
	if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
	return sign * parseInt(value, 10);
}
function resolveYamlInteger$2(source, isExplicit) {
	if (isExplicit) {
		if (!YAML_INTEGER_EXPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
	} else if (!YAML_INTEGER_IMPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
	const result = parseYamlInteger$2(source);
	return Number.isFinite(result) ? result : NOT_RESOLVED;
}
/** @category Tags */
var intCoreTag = defineScalarTag("tag:yaml.org,2002:int", {
	implicit: true,
	implicitFirstChars: [
		"-",
		"+",
		..."0123456789"
	],
	resolve: resolveYamlInteger$2,
	identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
	represent: (object) => object.toString(10)
});
//#endregion
//#region src/tag/scalar/int_json.ts
var YAML_INTEGER_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)$");
var YAML_INTEGER_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
function parseYamlInteger$1(source) {
	let value = source;
	let sign = 1;
	if (value[0] === "-" || value[0] === "+") {
		if (value[0] === "-") sign = -1;
		value = value.slice(1);
	}
	if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
	if (value.startsWith("0o")) return sign * parseInt(value.slice(2), 8);
	if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
	return sign * parseInt(value, 10);
}
function resolveYamlInteger$1(source, isExplicit) {
	if (isExplicit) {
		if (!YAML_INTEGER_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
	} else if (!YAML_INTEGER_IMPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
	const result = parseYamlInteger$1(source);
	return Number.isFinite(result) ? result : NOT_RESOLVED;
}
/** @category Tags */
var intJsonTag = defineScalarTag("tag:yaml.org,2002:int", {
	implicit: true,
	implicitFirstChars: ["-", ..."0123456789"],
	resolve: resolveYamlInteger$1,
	identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
	represent: (object) => object.toString(10)
});
//#endregion
//#region src/tag/scalar/int_yaml11.ts
var YAML_INTEGER_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?0x[0-9a-fA-F_]+|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+|[-+]?(?:0|[1-9][0-9_]*))$");
function parseYamlInteger(source) {
	let value = source.replace(/_/g, "");
	let sign = 1;
	if (value[0] === "-" || value[0] === "+") {
		if (value[0] === "-") sign = -1;
		value = value.slice(1);
	}
	if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
	if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
	if (value.includes(":")) {
		let result = 0;
		for (const part of value.split(":")) result = result * 60 + Number(part);
		return sign * result;
	}
	if (value !== "0" && value[0] === "0") return sign * parseInt(value, 8);
	return sign * parseInt(value, 10);
}
function resolveYamlInteger(source) {
	if (!YAML_INTEGER_PATTERN.test(source)) return NOT_RESOLVED;
	const result = parseYamlInteger(source);
	return Number.isFinite(result) ? result : NOT_RESOLVED;
}
/** @category Tags */
var intYaml11Tag = defineScalarTag("tag:yaml.org,2002:int", {
	implicit: true,
	implicitFirstChars: [
		"-",
		"+",
		..."0123456789"
	],
	resolve: resolveYamlInteger,
	identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
	represent: (object) => object.toString(10)
});
//#endregion
//#region src/tag/scalar/float_core.ts
var YAML_FLOAT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
var YAML_FLOAT_SPECIAL_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat$2(source) {
	if (!YAML_FLOAT_PATTERN$1.test(source)) return NOT_RESOLVED;
	let value = source.toLowerCase();
	const sign = value[0] === "-" ? -1 : 1;
	if ("+-".includes(value[0])) value = value.slice(1);
	if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
	if (value === ".nan") return NaN;
	const result = sign * parseFloat(value);
	if (Number.isFinite(result) || YAML_FLOAT_SPECIAL_PATTERN$1.test(source)) return result;
	return NOT_RESOLVED;
}
function representYamlFloat$2(object) {
	if (isNaN(object)) return ".nan";
	if (object === Number.POSITIVE_INFINITY) return ".inf";
	if (object === Number.NEGATIVE_INFINITY) return "-.inf";
	if (Object.is(object, -0)) return "-0.0";
	const result = object.toString(10);
	return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
/** @category Tags */
var floatCoreTag = defineScalarTag("tag:yaml.org,2002:float", {
	implicit: true,
	implicitFirstChars: [
		"-",
		"+",
		".",
		..."0123456789"
	],
	resolve: resolveYamlFloat$2,
	identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
	represent: representYamlFloat$2
});
//#endregion
//#region src/tag/scalar/float_json.ts
var YAML_FLOAT_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$");
var YAML_FLOAT_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat$1(source, isExplicit) {
	if (isExplicit) {
		if (!YAML_FLOAT_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
		let value = source.toLowerCase();
		const sign = value[0] === "-" ? -1 : 1;
		if ("+-".includes(value[0])) value = value.slice(1);
		if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
		if (value === ".nan") return NaN;
		const result = sign * parseFloat(value);
		return Number.isFinite(result) ? result : NOT_RESOLVED;
	}
	if (!YAML_FLOAT_IMPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
	const result = Number(source);
	if (Number.isFinite(result)) return result;
	return NOT_RESOLVED;
}
function representYamlFloat$1(object) {
	if (isNaN(object)) return ".nan";
	if (object === Number.POSITIVE_INFINITY) return ".inf";
	if (object === Number.NEGATIVE_INFINITY) return "-.inf";
	if (Object.is(object, -0)) return "-0.0";
	const result = object.toString(10);
	return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
/** @category Tags */
var floatJsonTag = defineScalarTag("tag:yaml.org,2002:float", {
	implicit: true,
	implicitFirstChars: ["-", ..."0123456789"],
	resolve: resolveYamlFloat$1,
	identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
	represent: representYamlFloat$1
});
//#endregion
//#region src/tag/scalar/float_yaml11.ts
var YAML_FLOAT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?(?:(?:[0-9][0-9_]*)?\\.[0-9_]*)(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
var YAML_FLOAT_SPECIAL_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat(source) {
	if (!YAML_FLOAT_PATTERN.test(source)) return NOT_RESOLVED;
	let value = source.toLowerCase().replace(/_/g, "");
	const sign = value[0] === "-" ? -1 : 1;
	if ("+-".includes(value[0])) value = value.slice(1);
	if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
	if (value === ".nan") return NaN;
	let result = 0;
	if (value.includes(":")) {
		for (const part of value.split(":")) result = result * 60 + Number(part);
		result *= sign;
	} else result = sign * parseFloat(value);
	if (Number.isFinite(result) || YAML_FLOAT_SPECIAL_PATTERN.test(source)) return result;
	return NOT_RESOLVED;
}
function representYamlFloat(object) {
	if (isNaN(object)) return ".nan";
	if (object === Number.POSITIVE_INFINITY) return ".inf";
	if (object === Number.NEGATIVE_INFINITY) return "-.inf";
	if (Object.is(object, -0)) return "-0.0";
	const result = object.toString(10);
	return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
/** @category Tags */
var floatYaml11Tag = defineScalarTag("tag:yaml.org,2002:float", {
	implicit: true,
	implicitFirstChars: [
		"-",
		"+",
		".",
		..."0123456789"
	],
	resolve: resolveYamlFloat,
	identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
	represent: representYamlFloat
});
//#endregion
//#region src/tag/scalar/merge.ts
/**
* Enables merge keys in {@link CORE_SCHEMA} when added with
* {@link Schema.withTags}.
*
* @category Tags
*/
var mergeTag = defineScalarTag("tag:yaml.org,2002:merge", {
	implicit: true,
	implicitFirstChars: ["<"],
	resolve: (source, isExplicit) => {
		if (source === "<<" || isExplicit && source === "") return "<<";
		return NOT_RESOLVED;
	},
	identify: () => false
});
//#endregion
//#region src/tag/scalar/binary.ts
var BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;
function resolveYamlBinary(source) {
	const input = source.replace(/\s/g, "");
	if (input.length % 4 !== 0 || !BASE64_PATTERN.test(input)) return NOT_RESOLVED;
	const binary = atob(input);
	const result = new Uint8Array(binary.length);
	for (let index = 0; index < binary.length; index++) result[index] = binary.charCodeAt(index);
	return result;
}
function representYamlBinary(object) {
	let binary = "";
	for (let index = 0; index < object.length; index++) binary += String.fromCharCode(object[index]);
	return btoa(binary);
}
/**
* The `!!binary` tag, represented as a `Uint8Array`.
*
* @category Tags
*/
var binaryTag = defineScalarTag("tag:yaml.org,2002:binary", {
	resolve: resolveYamlBinary,
	identify: (object) => Object.prototype.toString.call(object) === "[object Uint8Array]",
	represent: representYamlBinary
});
//#endregion
//#region src/tag/scalar/timestamp.ts
var YAML_DATE_REGEXP = /* @__PURE__ */ new RegExp("^([0-9][0-9][0-9][0-9])-([0-9][0-9])-([0-9][0-9])$");
var YAML_TIMESTAMP_REGEXP = /* @__PURE__ */ new RegExp("^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:[Tt]|[ \\t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\\.([0-9]*))?(?:[ \\t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?$");
function makeUtcDate(year, month, day, hour = 0, minute = 0, second = 0, fraction = 0) {
	const date = new Date(Date.UTC(year, month, day, hour, minute, second, fraction));
	date.setUTCFullYear(year, month, day);
	return date;
}
function resolveYamlTimestamp(source) {
	let match = YAML_DATE_REGEXP.exec(source);
	if (match === null) match = YAML_TIMESTAMP_REGEXP.exec(source);
	if (match === null) return NOT_RESOLVED;
	const year = +match[1];
	const month = +match[2] - 1;
	const day = +match[3];
	if (!match[4]) {
		const date = makeUtcDate(year, month, day);
		if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return NOT_RESOLVED;
		return date;
	}
	const hour = +match[4];
	const minute = +match[5];
	const second = +match[6];
	let fraction = 0;
	if (hour > 23 || minute > 59 || second > 59) return NOT_RESOLVED;
	if (match[7]) {
		let value = match[7].slice(0, 3);
		while (value.length < 3) value += "0";
		fraction = +value;
	}
	const date = makeUtcDate(year, month, day, hour, minute, second, fraction);
	if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return NOT_RESOLVED;
	if (match[9]) {
		const offsetHour = +match[10];
		const offsetMinute = +(match[11] || 0);
		if (offsetHour > 23 || offsetMinute > 59) return NOT_RESOLVED;
		const offset = (offsetHour * 60 + offsetMinute) * 6e4;
		date.setTime(date.getTime() - (match[9] === "-" ? -offset : offset));
	}
	return date;
}
/**
* The YAML 1.1 `!!timestamp` tag, represented as a JavaScript `Date`.
*
* @category Tags
*/
var timestampTag = defineScalarTag("tag:yaml.org,2002:timestamp", {
	implicit: true,
	implicitFirstChars: [..."0123456789"],
	resolve: resolveYamlTimestamp,
	identify: (object) => object instanceof Date,
	represent: (object) => object.toISOString()
});
//#endregion
//#region src/tag/sequence/seq.ts
/** @category Tags */
var seqTag = defineSequenceTag("tag:yaml.org,2002:seq", {
	create: () => [],
	addItem: (container, item) => {
		container.push(item);
	},
	identify: Array.isArray
});
//#endregion
//#region src/common/object.ts
function isPlainObject(data) {
	if (data === null || typeof data !== "object" || Array.isArray(data)) return false;
	const prototype = Object.getPrototypeOf(data);
	return prototype === null || prototype === Object.prototype;
}
function pick(object, keys) {
	const result = {};
	for (const key of keys) if (object[key] !== void 0) result[key] = object[key];
	return result;
}
//#endregion
//#region src/tag/sequence/omap.ts
/**
* Provided only for YAML 1.1 compatibility and supported by the loader only.
* JavaScript has no dedicated class to represent this type, so it cannot be
* identified and dumped.
*
* ```yaml
* !!omap
*   - one: 1
*   - two: 2
* ```
*
* is loaded as
*
* ```javascript
* [
*   { one: 1 },
*   { two: 2 }
* ]
* ```
*
* @category Tags
*/
var omapTag = defineSequenceTag("tag:yaml.org,2002:omap", {
	create: () => ({
		list: [],
		seen: /* @__PURE__ */ new Set()
	}),
	addItem: (carrier, item) => {
		let key;
		if (item instanceof Map) {
			if (item.size !== 1) return "cannot resolve an ordered map item";
			key = item.keys().next().value;
		} else if (isPlainObject(item)) {
			const itemKeys = Object.keys(item);
			if (itemKeys.length !== 1) return "cannot resolve an ordered map item";
			key = itemKeys[0];
		} else return "cannot resolve an ordered map item";
		if (carrier.seen.has(key)) return "duplicate key in ordered map";
		carrier.seen.add(key);
		carrier.list.push(item);
		return "";
	},
	finalize: (carrier) => carrier.list,
	identify: () => false
});
//#endregion
//#region src/tag/sequence/pairs.ts
/**
* Provided only for YAML 1.1 compatibility and supported by the loader only.
* JavaScript has no dedicated class to represent this type, so it cannot be
* identified and dumped.
*
* ```yaml
* !!pairs
*   - one: 1
*   - two: 2
* ```
*
* is loaded as
*
* ```javascript
* [
*   ['one', 1],
*   ['two', 2]
* ]
* ```
*
* @category Tags
*/
var pairsTag = defineSequenceTag("tag:yaml.org,2002:pairs", {
	create: () => [],
	addItem: (container, item) => {
		if (item instanceof Map) {
			if (item.size !== 1) return "cannot resolve a pairs item";
			container.push(item.entries().next().value);
			return "";
		}
		if (Object.prototype.toString.call(item) !== "[object Object]") return "cannot resolve a pairs item";
		const object = item;
		const keys = Object.keys(object);
		if (keys.length !== 1) return "cannot resolve a pairs item";
		container.push([keys[0], object[keys[0]]]);
		return "";
	},
	identify: () => false
});
//#endregion
//#region src/tag/mapping/map.ts
/**
* This is the default mapping implementation. It uses `{}` objects and has only
* partial functionality due to language limitations. This choice was made
* because users expect to get JavaScript objects, and it was left unchanged to
* avoid too many breaking changes in the v5 release.
*
* Side effects:
*
* - `Object.hasOwn()` checks or `for...of` loops are required for safe use (to
*   avoid falling through to prototypes).
* - Only scalar string keys are supported properly.
* - Other scalar keys, such as `null` and numbers, are converted to strings.
*   This is historical behaviour, and it can cause side effects such as
*   problems with `!!merge`.
*
* Note that non-string scalar keys may be deprecated in future versions.
*
* Ideally, use {@link realMapTag} instead.
*
* @category Tags
*/
var mapTag = defineMappingTag("tag:yaml.org,2002:map", {
	create: () => ({}),
	identify: isPlainObject,
	represent: (o) => {
		const map = /* @__PURE__ */ new Map();
		for (const key of Object.keys(o)) map.set(key, o[key]);
		return map;
	},
	addPair: (container, key, value) => {
		if (key !== null && typeof key === "object") return "object-based map does not support complex keys";
		const normalizedKey = String(key);
		if (normalizedKey === "__proto__") Object.defineProperty(container, normalizedKey, {
			value,
			enumerable: true,
			configurable: true,
			writable: true
		});
		else container[normalizedKey] = value;
		return "";
	},
	has: (container, key) => {
		if (key !== null && typeof key === "object") return false;
		return Object.prototype.hasOwnProperty.call(container, String(key));
	},
	keys: (container) => Object.keys(container),
	get: (container, key) => {
		const normalizedKey = String(key);
		if (!Object.prototype.hasOwnProperty.call(container, normalizedKey)) return null;
		return container[normalizedKey];
	}
});
//#endregion
//#region src/tag/mapping/set.ts
/**
* The YAML 1.1 `!!set` tag, represented as a JavaScript `Set`.
*
* @category Tags
*/
var setTag = defineMappingTag("tag:yaml.org,2002:set", {
	create: () => /* @__PURE__ */ new Set(),
	identify: (data) => data instanceof Set,
	represent: (data) => {
		const map = /* @__PURE__ */ new Map();
		for (const key of data) map.set(key, null);
		return map;
	},
	addPair: (container, key, value) => {
		if (value !== null) return "cannot resolve a set item";
		container.add(key);
		return "";
	},
	has: (container, key) => container.has(key),
	keys: (container) => container.keys(),
	get: () => null
});
//#endregion
//#region src/schema.ts
function createTagDefinitionMap() {
	return {
		scalar: Object.create(null),
		sequence: Object.create(null),
		mapping: Object.create(null)
	};
}
function createTagDefinitionListMap() {
	return {
		scalar: [],
		sequence: [],
		mapping: []
	};
}
function compileTags(tags) {
	const result = [];
	for (const tag of tags) {
		let index = result.length;
		for (let previousIndex = 0; previousIndex < result.length; previousIndex++) {
			const previous = result[previousIndex];
			if (previous.nodeKind === tag.nodeKind && previous.tagName === tag.tagName && previous.matchByTagPrefix === tag.matchByTagPrefix) {
				index = previousIndex;
				break;
			}
		}
		result[index] = tag;
	}
	return result;
}
/**
* Controls tag resolution when loading and type selection when dumping.
*
* @category Schemas
*/
var Schema = class Schema {
	tags;
	/** @internal */
	implicitScalarTags;
	/**
	* Dispatch implicit scalar resolvers by `source.charAt(0)`. Each bucket holds
	* the resolvers that may match that key, in schema order; a key absent from
	* the map uses
	* {@link Schema.implicitScalarAnyFirstChar}
	* (resolvers that declared no first-char constraint, so they apply to any
	* first character).
	*/
	implicitScalarByFirstChar;
	implicitScalarAnyFirstChar;
	/**
	* The default scalar tag (`!!str`), resolved once so the composer's fallback
	* for unresolved plain scalars avoids a keyed lookup per scalar.
	*
	* @internal
	*/
	defaultScalarTag;
	/**
	* The default container tags (`!!seq` / `!!map`), used by the dumper: when a
	* value is identified by its default tag, the tag is implicit and not
	* printed. Undefined if the schema does not define them (then such values
	* can't be dumped).
	*
	* @internal
	*/
	defaultSequenceTag;
	/** @internal */
	defaultMappingTag;
	exact;
	prefix;
	constructor(tags) {
		const compiledTags = compileTags(tags);
		const implicitScalarTags = [];
		const exact = createTagDefinitionMap();
		const prefix = createTagDefinitionListMap();
		for (const tag of compiledTags) {
			if (tag.nodeKind === "scalar" && tag.implicit) {
				if (tag.matchByTagPrefix) throw new Error("Implicit scalar tags cannot match by tag prefix");
				implicitScalarTags.push(tag);
			}
			switch (tag.nodeKind) {
				case "scalar":
					if (tag.matchByTagPrefix) prefix.scalar.push(tag);
					else exact.scalar[tag.tagName] = tag;
					break;
				case "sequence":
					if (tag.matchByTagPrefix) prefix.sequence.push(tag);
					else exact.sequence[tag.tagName] = tag;
					break;
				case "mapping": if (tag.matchByTagPrefix) prefix.mapping.push(tag);
				else exact.mapping[tag.tagName] = tag;
			}
		}
		const implicitScalarAnyFirstChar = implicitScalarTags.filter((tag) => tag.implicitFirstChars === null);
		const keys = /* @__PURE__ */ new Set();
		for (const tag of implicitScalarTags) if (tag.implicitFirstChars !== null) for (const key of tag.implicitFirstChars) keys.add(key);
		const implicitScalarByFirstChar = /* @__PURE__ */ new Map();
		for (const key of keys) implicitScalarByFirstChar.set(key, implicitScalarTags.filter((tag) => tag.implicitFirstChars === null || tag.implicitFirstChars.indexOf(key) !== -1));
		const defaultScalarTag = exact.scalar["tag:yaml.org,2002:str"];
		if (!defaultScalarTag) throw new Error("schema does not define the default scalar tag (tag:yaml.org,2002:str)");
		this.tags = compiledTags;
		this.implicitScalarTags = implicitScalarTags;
		this.implicitScalarByFirstChar = implicitScalarByFirstChar;
		this.implicitScalarAnyFirstChar = implicitScalarAnyFirstChar;
		this.defaultScalarTag = defaultScalarTag;
		this.defaultSequenceTag = exact.sequence["tag:yaml.org,2002:seq"];
		this.defaultMappingTag = exact.mapping["tag:yaml.org,2002:map"];
		this.exact = exact;
		this.prefix = prefix;
	}
	/** @internal */
	lookupScalarTag(tagName) {
		const exactTag = this.exact.scalar[tagName];
		if (exactTag) return exactTag;
		for (const tag of this.prefix.scalar) if (tagName.startsWith(tag.tagName)) return tag;
	}
	/** @internal */
	lookupSequenceTag(tagName) {
		const exactTag = this.exact.sequence[tagName];
		if (exactTag) return exactTag;
		for (const tag of this.prefix.sequence) if (tagName.startsWith(tag.tagName)) return tag;
	}
	/** @internal */
	lookupMappingTag(tagName) {
		const exactTag = this.exact.mapping[tagName];
		if (exactTag) return exactTag;
		for (const tag of this.prefix.mapping) if (tagName.startsWith(tag.tagName)) return tag;
	}
	/** @internal */
	resolveImplicitScalarTag(source) {
		const candidates = this.implicitScalarByFirstChar.get(source.charAt(0)) ?? this.implicitScalarAnyFirstChar;
		for (const tag of candidates) {
			const value = tag.resolve(source, false, tag.tagName);
			if (value !== NOT_RESOLVED) return {
				value,
				tag
			};
		}
		const tag = this.defaultScalarTag;
		return {
			value: tag.resolve(source, false, tag.tagName),
			tag
		};
	}
	/**
	* Creates a new schema with the specified tags added. If a tag already
	* exists, it is replaced by the specified tag.
	*
	* @example
	*
	* ```javascript
	* import { CORE_SCHEMA, mergeTag, realMapTag } from 'js-yaml'
	*
	* const schema = CORE_SCHEMA.withTags(mergeTag, realMapTag)
	* ```
	*/
	withTags(...tags) {
		let flatTags = [];
		for (const tag of tags) flatTags = flatTags.concat(tag);
		return new Schema([...this.tags, ...flatTags]);
	}
};
/**
* The YAML 1.2 Failsafe Schema: strings, sequences, and mappings.
*
* @category Schemas
*/
var FAILSAFE_SCHEMA = new Schema([
	strTag,
	seqTag,
	mapTag
]);
/**
* The YAML 1.2 JSON Schema. It uses JSON scalar forms while retaining YAML
* collection syntax.
*
* @category Schemas
*/
var JSON_SCHEMA = new Schema([
	...FAILSAFE_SCHEMA.tags,
	nullJsonTag,
	boolJsonTag,
	intJsonTag,
	floatJsonTag
]);
/**
* The default schema for the loaders. Note, {@link CORE_SCHEMA} comes
* without the `!!merge` tag. You can easily enable it if needed.
*
* @example
* Enable {@link mergeTag}:
*
* ```javascript
* import { load, CORE_SCHEMA, mergeTag } from 'js-yaml'
*
* try {
*   load(data, { schema: CORE_SCHEMA.withTags(mergeTag) })
* } catch (e) {
*   console.error(e)
* }
* ```
*
* @category Schemas
*/
var CORE_SCHEMA = new Schema([
	...FAILSAFE_SCHEMA.tags,
	nullCoreTag,
	boolCoreTag,
	intCoreTag,
	floatCoreTag
]);
/**
* YAML 1.1-compatible schema.
*
* @category Schemas
*/
var YAML11_SCHEMA = new Schema([
	...FAILSAFE_SCHEMA.tags,
	nullYaml11Tag,
	boolYaml11Tag,
	intYaml11Tag,
	floatYaml11Tag,
	timestampTag,
	mergeTag,
	binaryTag,
	omapTag,
	pairsTag,
	setTag
]);
/**
* The dumper schema for maximum compatibility. It combines all supported type
* variants from YAML 1.1 and YAML 1.2 so strings matching any of them are
* quoted. This makes the generated YAML more compatible with other parsers.
*
* The schema is based on YAML 1.1, but extends `!!int` and `!!float` to accept
* both YAML 1.1 and Core Schema forms, since Core Schema supports some forms
* that YAML 1.1 does not.
*
* @category Schemas
*/
var DUMP_SCHEMA = YAML11_SCHEMA.withTags({
	...intYaml11Tag,
	resolve: (source, isExplicit, tagName) => {
		const result = intYaml11Tag.resolve(source, isExplicit, tagName);
		return result === NOT_RESOLVED ? intCoreTag.resolve(source, isExplicit, tagName) : result;
	}
}, {
	...floatYaml11Tag,
	resolve: (source, isExplicit, tagName) => {
		const result = floatYaml11Tag.resolve(source, isExplicit, tagName);
		return result === NOT_RESOLVED ? floatCoreTag.resolve(source, isExplicit, tagName) : result;
	}
});
//#endregion
//#region src/tag/mapping/real_map.ts
/**
* Recommended when non-string keys are actually needed. It uses native
* JavaScript `Map` objects, so keys keep their constructed types instead of
* being converted to strings.
*
* It is not the default to avoid widespread breaking changes in existing
* projects. `Map` has a different access API and does not pass deep equality
* checks against `{}`-based fixtures. Alongside the other changes in v5,
* making it the default was considered too disruptive.
*
* If these differences are acceptable for your project, we recommend using
* {@link realMapTag} to guarantee the absence of problems and side effects.
*
* @example
* Enable {@link realMapTag}:
*
* ```javascript
* import { load, CORE_SCHEMA, realMapTag } from 'js-yaml'
*
* try {
*   load(data, { schema: CORE_SCHEMA.withTags(realMapTag) })
* } catch (e) {
*   console.error(e)
* }
* ```
*
* @category Tags
*/
var realMapTag = defineMappingTag("tag:yaml.org,2002:map", {
	create: () => /* @__PURE__ */ new Map(),
	addPair: (container, key, value) => {
		container.set(key, value);
		return "";
	},
	has: (container, key) => container.has(key),
	keys: (container) => container.keys(),
	get: (container, key) => container.get(key),
	identify: (data) => data instanceof Map || isPlainObject(data),
	represent: (data) => {
		if (data instanceof Map) return data;
		const map = /* @__PURE__ */ new Map();
		const obj = data;
		for (const key of Object.keys(obj)) map.set(key, obj[key]);
		return map;
	}
});
//#endregion
//#region src/tag/mapping/legacy_map.ts
function normalizeKey(key) {
	if (Array.isArray(key)) {
		const array = Array.prototype.slice.call(key);
		for (let index = 0; index < array.length; index++) {
			if (Array.isArray(array[index])) return null;
			if (typeof array[index] === "object" && Object.prototype.toString.call(array[index]) === "[object Object]") array[index] = "[object Object]";
		}
		return String(array);
	}
	if (typeof key === "object" && Object.prototype.toString.call(key) === "[object Object]") return "[object Object]";
	return String(key);
}
/**
* This implementation exists solely to reproduce v4 behavior exactly. Its use
* is strongly discouraged. If complex or non-string keys are needed, use
* {@link realMapTag} instead.
*
* @category Tags
*/
var legacyMapTag = defineMappingTag("tag:yaml.org,2002:map", {
	create: () => ({}),
	identify: isPlainObject,
	represent: (o) => {
		const map = /* @__PURE__ */ new Map();
		for (const key of Object.keys(o)) map.set(key, o[key]);
		return map;
	},
	addPair: (container, key, value) => {
		const normalizedKey = normalizeKey(key);
		if (normalizedKey === null) return "nested arrays are not supported inside keys";
		if (normalizedKey === "__proto__") Object.defineProperty(container, normalizedKey, {
			value,
			enumerable: true,
			configurable: true,
			writable: true
		});
		else container[normalizedKey] = value;
		return "";
	},
	has: (container, key) => {
		const normalizedKey = normalizeKey(key);
		return normalizedKey !== null && Object.prototype.hasOwnProperty.call(container, normalizedKey);
	},
	keys: (container) => Object.keys(container),
	get: (container, key) => {
		const normalizedKey = String(key);
		if (!Object.prototype.hasOwnProperty.call(container, normalizedKey)) return null;
		return container[normalizedKey];
	}
});
//#endregion
//#region src/common/snippet.ts
var DEFAULT_SNIPPET_OPTIONS = {
	maxLength: 79,
	indent: 1,
	linesBefore: 3,
	linesAfter: 2
};
function getLine(buffer, lineStart, lineEnd, position, maxLineLength) {
	let head = "";
	let tail = "";
	const maxHalfLength = Math.floor(maxLineLength / 2) - 1;
	if (position - lineStart > maxHalfLength) {
		head = " ... ";
		lineStart = position - maxHalfLength + head.length;
	}
	if (lineEnd - position > maxHalfLength) {
		tail = " ...";
		lineEnd = position + maxHalfLength - tail.length;
	}
	return {
		str: head + buffer.slice(lineStart, lineEnd).replace(/\t/g, "→") + tail,
		pos: position - lineStart + head.length
	};
}
function padStart(string, max) {
	return " ".repeat(Math.max(max - string.length, 0)) + string;
}
function makeSnippet(mark, options) {
	if (!mark.buffer) return null;
	const opts = {
		...DEFAULT_SNIPPET_OPTIONS,
		...options
	};
	const re = /\r?\n|\r|\0/g;
	const lineStarts = [0];
	const lineEnds = [];
	let match;
	let foundLineNo = -1;
	while (match = re.exec(mark.buffer)) {
		lineEnds.push(match.index);
		lineStarts.push(match.index + match[0].length);
		if (mark.position <= match.index && foundLineNo < 0) foundLineNo = lineStarts.length - 2;
	}
	if (foundLineNo < 0) foundLineNo = lineStarts.length - 1;
	let result = "";
	const lineNoLength = Math.min(mark.line + opts.linesAfter, lineEnds.length).toString().length;
	const maxLineLength = opts.maxLength - (opts.indent + lineNoLength + 3);
	for (let i = 1; i <= opts.linesBefore; i++) {
		if (foundLineNo - i < 0) break;
		const line = getLine(mark.buffer, lineStarts[foundLineNo - i], lineEnds[foundLineNo - i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo - i]), maxLineLength);
		result = `${" ".repeat(opts.indent)}${padStart((mark.line - i + 1).toString(), lineNoLength)} | ${line.str}\n${result}`;
	}
	const line = getLine(mark.buffer, lineStarts[foundLineNo], lineEnds[foundLineNo], mark.position, maxLineLength);
	result += `${" ".repeat(opts.indent)}${padStart((mark.line + 1).toString(), lineNoLength)} | ${line.str}\n`;
	result += `${"-".repeat(opts.indent + lineNoLength + 3 + line.pos)}^\n`;
	for (let i = 1; i <= opts.linesAfter; i++) {
		if (foundLineNo + i >= lineEnds.length) break;
		const line = getLine(mark.buffer, lineStarts[foundLineNo + i], lineEnds[foundLineNo + i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo + i]), maxLineLength);
		result += `${" ".repeat(opts.indent)}${padStart((mark.line + i + 1).toString(), lineNoLength)} | ${line.str}\n`;
	}
	return result.replace(/\n$/, "");
}
//#endregion
//#region src/common/exception.ts
function formatError(exception, compact) {
	let where = "";
	if (!exception.mark) return exception.reason;
	if (exception.mark.name) where += `in "${exception.mark.name}" `;
	where += `(${exception.mark.line + 1}:${exception.mark.column + 1})`;
	if (!compact && exception.mark.snippet) where += `\n\n${exception.mark.snippet}`;
	return `${exception.reason} ${where}`;
}
/**
* A YAML error. Unlike an ordinary `Error`, it adds a source snippet showing
* the location of the problem to the error message, when available.
*
* @category Main
*/
var YAMLException = class YAMLException extends Error {
	reason;
	mark;
	/**
	* Optional `mark` contains source snippet data. Usually, use
	* {@link YAMLException.throwAt} instead of passing it directly.
	*/
	constructor(reason, mark) {
		super();
		this.name = "YAMLException";
		this.reason = reason;
		this.mark = mark;
		this.message = formatError(this, false);
		if (Error.captureStackTrace) Error.captureStackTrace(this, this.constructor);
	}
	/**
	* Returns the formatted error, omitting the source snippet in compact mode.
	*/
	toString(compact) {
		return `${this.name}: ${formatError(this, compact)}`;
	}
	/**
	* Builds a YAMLException with a source snippet and throws it. `source` is
	* the raw input text; `position` is an offset into it.
	*/
	static throwAt(source, position, message, filename = "") {
		let line = 0;
		let lineStart = 0;
		for (let index = 0; index < position; index++) {
			const ch = source.charCodeAt(index);
			if (ch === 10) {
				line++;
				lineStart = index + 1;
			} else if (ch === 13) {
				line++;
				if (source.charCodeAt(index + 1) === 10) index++;
				lineStart = index + 1;
			}
		}
		const mark = {
			name: filename,
			buffer: source,
			position,
			line,
			column: position - lineStart
		};
		mark.snippet = makeSnippet(mark);
		throw new YAMLException(message, mark);
	}
};
//#endregion
//#region src/parser/events.ts
/** @category Events */
var EVENT_ID = {
	DOCUMENT: 1,
	SEQUENCE: 2,
	MAPPING: 3,
	SCALAR: 4,
	ALIAS: 5,
	POP: 6
};
/** @category Nodes */
var SCALAR_STYLE = {
	PLAIN: 1,
	SINGLE_QUOTED: 2,
	DOUBLE_QUOTED: 3,
	LITERAL_BLOCK: 4,
	FOLDED_BLOCK: 5
};
/** @category Nodes */
var COLLECTION_STYLE = {
	BLOCK: 1,
	FLOW: 2
};
/** @category Nodes */
var CHOMPING_MODE = {
	CLIP: 1,
	STRIP: 2,
	KEEP: 3
};
//#endregion
//#region src/parser/parser_scalar.ts
var NO_RANGE$3 = -1;
function simpleEscapeSequence(c) {
	switch (c) {
		case 48: return "\0";
		case 97: return "\x07";
		case 98: return "\b";
		case 116: return "	";
		case 9: return "	";
		case 110: return "\n";
		case 118: return "\v";
		case 102: return "\f";
		case 114: return "\r";
		case 101: return "\x1B";
		case 32: return " ";
		case 34: return "\"";
		case 47: return "/";
		case 92: return "\\";
		case 78: return "";
		case 95: return "\xA0";
		case 76: return "\u2028";
		case 80: return "\u2029";
		default: return "";
	}
}
var simpleEscapeCheck = new Array(256);
var simpleEscapeMap = new Array(256);
for (let i = 0; i < 256; i++) {
	simpleEscapeCheck[i] = simpleEscapeSequence(i) ? 1 : 0;
	simpleEscapeMap[i] = simpleEscapeSequence(i);
}
function charFromCodepoint(c) {
	if (c <= 65535) return String.fromCharCode(c);
	return String.fromCharCode((c - 65536 >> 10) + 55296, (c - 65536 & 1023) + 56320);
}
function fromHexCode$1(c) {
	if (c >= 48 && c <= 57) return c - 48;
	return (c | 32) - 97 + 10;
}
function escapedHexLen$1(c) {
	if (c === 120) return 2;
	if (c === 117) return 4;
	return 8;
}
function skipFoldedBreaks(input, position, end) {
	let breaks = 0;
	while (position < end) {
		const ch = input.charCodeAt(position);
		if (ch === 10) {
			breaks++;
			position++;
		} else if (ch === 13) {
			breaks++;
			position++;
			if (input.charCodeAt(position) === 10) position++;
		} else if (ch === 32 || ch === 9) position++;
		else break;
	}
	return {
		position,
		breaks
	};
}
function foldedBreaks(count) {
	if (count === 1) return " ";
	return "\n".repeat(count - 1);
}
function getPlainValue(input, start, end) {
	let result = "";
	let position = start;
	let captureStart = start;
	let captureEnd = start;
	while (position < end) {
		const ch = input.charCodeAt(position);
		if (ch === 10 || ch === 13) {
			result += input.slice(captureStart, captureEnd);
			const fold = skipFoldedBreaks(input, position, end);
			result += foldedBreaks(fold.breaks);
			position = captureStart = captureEnd = fold.position;
		} else {
			position++;
			if (ch !== 32 && ch !== 9) captureEnd = position;
		}
	}
	return result + input.slice(captureStart, captureEnd);
}
function getSingleQuotedValue(input, start, end) {
	let result = "";
	let position = start;
	let captureStart = start;
	let captureEnd = start;
	while (position < end) {
		const ch = input.charCodeAt(position);
		if (ch === 39) {
			result += input.slice(captureStart, position) + "'";
			position += 2;
			captureStart = captureEnd = position;
		} else if (ch === 10 || ch === 13) {
			result += input.slice(captureStart, captureEnd);
			const fold = skipFoldedBreaks(input, position, end);
			result += foldedBreaks(fold.breaks);
			position = captureStart = captureEnd = fold.position;
		} else {
			position++;
			if (ch !== 32 && ch !== 9) captureEnd = position;
		}
	}
	return result + input.slice(captureStart, end);
}
function getDoubleQuotedValue(input, start, end) {
	let result = "";
	let position = start;
	let captureStart = start;
	let captureEnd = start;
	while (position < end) {
		const ch = input.charCodeAt(position);
		if (ch === 92) {
			result += input.slice(captureStart, position);
			position++;
			const escaped = input.charCodeAt(position);
			if (escaped === 10 || escaped === 13) position = skipFoldedBreaks(input, position, end).position;
			else if (escaped < 256 && simpleEscapeCheck[escaped]) {
				result += simpleEscapeMap[escaped];
				position++;
			} else {
				let hexLength = escapedHexLen$1(escaped);
				let hexResult = 0;
				for (; hexLength > 0; hexLength--) {
					position++;
					const digit = fromHexCode$1(input.charCodeAt(position));
					hexResult = (hexResult << 4) + digit;
				}
				result += charFromCodepoint(hexResult);
				position++;
			}
			captureStart = captureEnd = position;
		} else if (ch === 10 || ch === 13) {
			result += input.slice(captureStart, captureEnd);
			const fold = skipFoldedBreaks(input, position, end);
			result += foldedBreaks(fold.breaks);
			position = captureStart = captureEnd = fold.position;
		} else {
			position++;
			if (ch !== 32 && ch !== 9) captureEnd = position;
		}
	}
	return result + input.slice(captureStart, end);
}
function getBlockValue(input, start, end, indent, chomping, folded) {
	const textIndent = indent < 0 ? 0 : indent;
	const region = input.slice(start, end).replace(/\r\n?/g, "\n");
	const lines = region === "" ? [] : (region.endsWith("\n") ? region.slice(0, -1) : region).split("\n");
	let result = "";
	let didReadContent = false;
	let emptyLines = 0;
	let atMoreIndented = false;
	for (const line of lines) {
		let column = 0;
		while (column < textIndent && line.charCodeAt(column) === 32) column++;
		if (indent < 0 || column >= line.length) {
			emptyLines++;
			continue;
		}
		const content = line.slice(textIndent);
		const first = content.charCodeAt(0);
		if (folded) {
			if (first === 32 || first === 9) {
				atMoreIndented = true;
				result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
			} else if (atMoreIndented) {
				atMoreIndented = false;
				result += "\n".repeat(emptyLines + 1);
			} else if (emptyLines === 0) {
				if (didReadContent) result += " ";
			} else result += "\n".repeat(emptyLines);
		} else result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
		result += content;
		didReadContent = true;
		emptyLines = 0;
	}
	if (chomping === CHOMPING_MODE.KEEP) result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
	else if (chomping !== CHOMPING_MODE.STRIP) {
		if (didReadContent) result += "\n";
	}
	return result;
}
/**
* Decodes the scalar referenced by event offsets in `input`.
*
* @category Events
*/
function getScalarValue(input, scalar) {
	if (scalar.valueStart === NO_RANGE$3) return "";
	const { valueStart, valueEnd } = scalar;
	if (scalar.fast) return input.slice(valueStart, valueEnd);
	switch (scalar.style) {
		case SCALAR_STYLE.SINGLE_QUOTED: return getSingleQuotedValue(input, valueStart, valueEnd);
		case SCALAR_STYLE.DOUBLE_QUOTED: return getDoubleQuotedValue(input, valueStart, valueEnd);
		case SCALAR_STYLE.LITERAL_BLOCK: return getBlockValue(input, valueStart, valueEnd, scalar.indent, scalar.chomping, false);
		case SCALAR_STYLE.FOLDED_BLOCK: return getBlockValue(input, valueStart, valueEnd, scalar.indent, scalar.chomping, true);
		default: return getPlainValue(input, valueStart, valueEnd);
	}
}
//#endregion
//#region src/common/tagname.ts
var DEFAULT_TAG_HANDLERS = Object.assign(Object.create(null), {
	"!": "!",
	"!!": "tag:yaml.org,2002:"
});
var TAG_SUFFIX_CHARS = "-#;/?:@&=+$_.~*'()";
var TAG_URI_CHARS = TAG_SUFFIX_CHARS + "!,[]";
var HEX = "0123456789ABCDEF";
function percentByte(byte) {
	return "%" + HEX[byte >> 4] + HEX[byte & 15];
}
function tagPercentEncode(source, isSuffix) {
	const allowed = isSuffix ? TAG_SUFFIX_CHARS : TAG_URI_CHARS;
	let result = "";
	for (let index = 0; index < source.length; index++) {
		let ch = source.charCodeAt(index);
		if (ch >= 48 && ch <= 57 || ch >= 65 && ch <= 90 || ch >= 97 && ch <= 122 || allowed.includes(source[index])) {
			result += source[index];
			continue;
		}
		if (ch >= 55296 && ch <= 56319) ch = 65536 + ((ch & 1023) << 10) + (source.charCodeAt(++index) & 1023);
		if (ch < 128) result += percentByte(ch);
		else if (ch < 2048) result += percentByte(192 | ch >> 6) + percentByte(128 | ch & 63);
		else if (ch < 65536) result += percentByte(224 | ch >> 12) + percentByte(128 | ch >> 6 & 63) + percentByte(128 | ch & 63);
		else result += percentByte(240 | ch >> 18) + percentByte(128 | ch >> 12 & 63) + percentByte(128 | ch >> 6 & 63) + percentByte(128 | ch & 63);
	}
	return result;
}
function tagPercentDecode(source) {
	let result = "";
	let index = 0;
	while (index < source.length) {
		if (source.charCodeAt(index) !== 37) {
			result += source[index++];
			continue;
		}
		let ch = parseInt(source.slice(index + 1, index + 3), 16);
		index += 3;
		if (ch >= 192) {
			let remaining = ch < 224 ? 1 : ch < 240 ? 2 : 3;
			ch &= (1 << 6 - remaining) - 1;
			while (remaining-- > 0) {
				ch = ch << 6 | parseInt(source.slice(index + 1, index + 3), 16) & 63;
				index += 3;
			}
		}
		if (ch < 65536) result += String.fromCharCode(ch);
		else {
			ch -= 65536;
			result += String.fromCharCode(55296 | ch >> 10, 56320 | ch & 1023);
		}
	}
	return result;
}
function tagNameFull(rawTag, tagHandlers) {
	if (rawTag.startsWith("!<") && rawTag.endsWith(">")) return tagPercentDecode(rawTag.slice(2, -1));
	const handleEnd = rawTag.indexOf("!", 1);
	const handle = handleEnd === -1 ? "!" : rawTag.slice(0, handleEnd + 1);
	return tagPercentDecode(tagHandlers?.[handle] ?? DEFAULT_TAG_HANDLERS[handle] ?? handle) + tagPercentDecode(rawTag.slice(handle.length));
}
function tagNameShort(fullTag) {
	let tag = fullTag;
	if (tag.charCodeAt(0) === 33) {
		tag = tag.slice(1);
		return `!${tagPercentEncode(tag, true)}`;
	}
	if (tag.slice(0, 18) === "tag:yaml.org,2002:") return `!!${tagPercentEncode(tag.slice(18), true)}`;
	return `!<${tagPercentEncode(tag, false)}>`;
}
//#endregion
//#region src/parser/constructor.ts
var NO_RANGE$2 = -1;
var MERGE_TAG_NAME = "tag:yaml.org,2002:merge";
var DEFAULT_CONSTRUCTOR_OPTIONS = {
	filename: "",
	schema: CORE_SCHEMA,
	json: false,
	maxTotalMergeKeys: 1e4,
	maxAliases: -1
};
function eventPosition$1(event) {
	if ("tagStart" in event && event.tagStart !== NO_RANGE$2) return event.tagStart;
	if ("anchorStart" in event && event.anchorStart !== NO_RANGE$2) return event.anchorStart;
	if ("valueStart" in event && event.valueStart !== NO_RANGE$2) return event.valueStart;
	if ("start" in event) return event.start;
	return 0;
}
function throwError$1(state, message) {
	YAMLException.throwAt(state.source, state.position, message, state.filename);
}
function finalizeCollection(state, position, tag, carrier) {
	try {
		return tag.finalize(carrier);
	} catch (error) {
		if (error instanceof YAMLException) throw error;
		YAMLException.throwAt(state.source, position, error instanceof Error ? error.message : String(error), state.filename);
	}
}
function constructScalar(state, event) {
	const source = getScalarValue(state.source, event);
	const rawTag = event.tagStart === NO_RANGE$2 ? "" : state.source.slice(event.tagStart, event.tagEnd);
	const strTag = state.schema.defaultScalarTag;
	if (rawTag !== "") {
		if (rawTag === "!") return {
			value: source,
			tag: strTag
		};
		const tagName = tagNameFull(rawTag, state.tagHandlers);
		const scalarTag = state.schema.lookupScalarTag(tagName);
		if (scalarTag) {
			const result = scalarTag.resolve(source, true, tagName);
			if (result === NOT_RESOLVED) throwError$1(state, `cannot resolve a node with !<${tagName}> explicit tag`);
			return {
				value: result,
				tag: scalarTag
			};
		}
		const collectionTagDef = state.schema.lookupMappingTag(tagName) ?? state.schema.lookupSequenceTag(tagName);
		if (collectionTagDef) {
			if (source !== "") throwError$1(state, `cannot resolve a node with !<${tagName}> explicit tag`);
			const carrier = collectionTagDef.create(tagName);
			return {
				value: collectionTagDef.carrierIsResult ? carrier : finalizeCollection(state, state.position, collectionTagDef, carrier),
				tag: collectionTagDef
			};
		}
		throwError$1(state, `unknown scalar tag !<${tagName}>`);
	}
	if (event.style === SCALAR_STYLE.PLAIN) return state.schema.resolveImplicitScalarTag(source);
	return {
		value: strTag.resolve(source, false, strTag.tagName),
		tag: strTag
	};
}
function collectionTagName(state, event, defaultTagName) {
	const rawTag = event.tagStart === NO_RANGE$2 ? "" : state.source.slice(event.tagStart, event.tagEnd);
	return rawTag === "" || rawTag === "!" ? defaultTagName : tagNameFull(rawTag, state.tagHandlers);
}
function isMappingTag(tag) {
	return tag.nodeKind === "mapping";
}
function chargeMergeWork(state) {
	state.totalMergeKeys++;
	if (state.maxTotalMergeKeys !== -1 && state.totalMergeKeys > state.maxTotalMergeKeys) throwError$1(state, `merge keys exceeded maxTotalMergeKeys (${state.maxTotalMergeKeys})`);
}
function mergeKeys(state, frame, source, sourceTag) {
	chargeMergeWork(state);
	for (const sourceKey of sourceTag.keys(source)) {
		chargeMergeWork(state);
		if (frame.tag.has(frame.value, sourceKey)) continue;
		const err = frame.tag.addPair(frame.value, sourceKey, sourceTag.get(source, sourceKey));
		if (err) throwError$1(state, err);
		frame.overridable ??= /* @__PURE__ */ new Set();
		frame.overridable.add(sourceKey);
	}
}
function mergeSource(state, frame, source, sourceTag) {
	state.position = frame.keyPosition;
	if (isMappingTag(sourceTag)) mergeKeys(state, frame, source, sourceTag);
	else if (sourceTag.nodeKind === "sequence" && Array.isArray(source)) {
		if (source.length > 100) throwError$1(state, "abnormal merge sequence size");
		for (const element of source) {
			const elementTag = state.nodeTags.get(element);
			if (!elementTag) throwError$1(state, "cannot merge mappings; the provided source object is unacceptable");
			mergeKeys(state, frame, element, elementTag);
		}
	} else throwError$1(state, "cannot merge mappings; the provided source object is unacceptable");
}
function addMappingValue(state, frame, key, value, tag) {
	state.position = frame.keyPosition;
	if (frame.keyIsMerge) {
		mergeSource(state, frame, value, tag);
		return;
	}
	if (!state.json && frame.tag.has(frame.value, key) && !frame.overridable?.has(key)) throwError$1(state, "duplicated mapping key");
	const err = frame.tag.addPair(frame.value, key, value);
	if (err) throwError$1(state, err);
	frame.overridable?.delete(key);
}
function addValue(state, value, tag) {
	const frame = state.frames[state.frames.length - 1];
	if (frame.kind === "document") {
		frame.value = value;
		frame.hasValue = true;
	} else if (frame.kind === "sequence") {
		if (isMappingTag(tag)) state.nodeTags.set(value, tag);
		const err = frame.tag.addItem(frame.value, value, frame.index++);
		if (err) throwError$1(state, err);
	} else if (frame.hasKey) {
		const key = frame.key;
		frame.key = void 0;
		frame.hasKey = false;
		addMappingValue(state, frame, key, value, tag);
	} else {
		frame.key = value;
		frame.keyPosition = state.position;
		frame.hasKey = true;
		frame.keyIsMerge = tag.tagName === MERGE_TAG_NAME;
	}
}
function storeAnchor(state, event, value, tag, isValueFinal) {
	if (event.anchorStart !== NO_RANGE$2) {
		const anchor = {
			value,
			tag,
			isValueFinal
		};
		state.anchors.set(state.source.slice(event.anchorStart, event.anchorEnd), anchor);
		return anchor;
	}
	return null;
}
/**
* Constructs JavaScript documents directly from parser events, without an
* intermediate AST.
*
* @category Events
*/
function constructFromEvents(events, options) {
	const state = {
		...DEFAULT_CONSTRUCTOR_OPTIONS,
		...options,
		events,
		documents: [],
		eventIndex: 0,
		position: 0,
		frames: [],
		anchors: /* @__PURE__ */ new Map(),
		nodeTags: /* @__PURE__ */ new Map(),
		tagHandlers: Object.create(null),
		totalMergeKeys: 0,
		aliasCount: 0
	};
	while (state.eventIndex < state.events.length) {
		const event = state.events[state.eventIndex++];
		state.position = eventPosition$1(event);
		switch (event.type) {
			case EVENT_ID.DOCUMENT:
				state.anchors = /* @__PURE__ */ new Map();
				state.nodeTags = /* @__PURE__ */ new Map();
				state.aliasCount = 0;
				state.tagHandlers = Object.create(null);
				for (const directive of event.directives) if (directive.kind === "tag") state.tagHandlers[directive.handle] = directive.prefix;
				state.frames.push({
					kind: "document",
					position: state.position,
					value: void 0,
					hasValue: false
				});
				break;
			case EVENT_ID.SCALAR: {
				const { value, tag } = constructScalar(state, event);
				storeAnchor(state, event, value, tag, true);
				addValue(state, value, tag);
				break;
			}
			case EVENT_ID.SEQUENCE: {
				const tagName = collectionTagName(state, event, "tag:yaml.org,2002:seq");
				const tag = state.schema.lookupSequenceTag(tagName);
				if (!tag) throwError$1(state, `unknown sequence tag !<${tagName}>`);
				const value = tag.create(tagName);
				const anchor = storeAnchor(state, event, value, tag, tag.carrierIsResult);
				state.frames.push({
					kind: "sequence",
					position: state.position,
					value,
					tag,
					anchor,
					index: 0
				});
				break;
			}
			case EVENT_ID.MAPPING: {
				const tagName = collectionTagName(state, event, "tag:yaml.org,2002:map");
				const tag = state.schema.lookupMappingTag(tagName);
				if (!tag) throwError$1(state, `unknown mapping tag !<${tagName}>`);
				const value = tag.create(tagName);
				const anchor = storeAnchor(state, event, value, tag, tag.carrierIsResult);
				state.frames.push({
					kind: "mapping",
					position: state.position,
					value,
					tag,
					anchor,
					key: void 0,
					keyPosition: state.position,
					hasKey: false,
					keyIsMerge: false,
					overridable: null
				});
				break;
			}
			case EVENT_ID.ALIAS: {
				if (state.maxAliases !== -1 && ++state.aliasCount > state.maxAliases) throwError$1(state, `aliases exceeded maxAliases (${state.maxAliases})`);
				const name = state.source.slice(event.anchorStart, event.anchorEnd);
				const anchor = state.anchors.get(name);
				if (!anchor) throwError$1(state, `unidentified alias "${name}"`);
				if (!anchor.isValueFinal) throwError$1(state, `recursive alias "${name}" is not supported for tag ${anchor.tag.tagName} because it uses finalize()`);
				addValue(state, anchor.value, anchor.tag);
				break;
			}
			case EVENT_ID.POP: {
				const frame = state.frames.pop();
				if (frame.kind === "mapping" && frame.hasKey) {
					state.position = frame.keyPosition;
					throwError$1(state, "incomplete mapping pair in event stream");
				}
				if (frame.kind === "document") state.documents.push(frame.value);
				else {
					const value = frame.tag.carrierIsResult ? frame.value : finalizeCollection(state, frame.position, frame.tag, frame.value);
					if (frame.anchor) {
						frame.anchor.value = value;
						frame.anchor.isValueFinal = true;
					}
					addValue(state, value, frame.tag);
				}
				break;
			}
		}
	}
	return state.documents;
}
//#endregion
//#region src/parser/parser.ts
var NO_RANGE$1 = -1;
var HAS_OWN = Object.prototype.hasOwnProperty;
var CONTEXT_FLOW_IN = 1;
var CONTEXT_FLOW_OUT = 2;
var CONTEXT_BLOCK_IN = 3;
var CONTEXT_BLOCK_OUT = 4;
var PATTERN_NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
var PATTERN_FLOW_INDICATORS = /[,\[\]{}]/;
var PATTERN_TAG_HANDLE = /^(?:!|!!|![0-9A-Za-z-]+!)$/;
var NS_URI_CHAR = String.raw`(?:%[0-9A-Fa-f]{2}|[0-9A-Za-z\-#;/?:@&=+$,_.!~*'()\[\]])`;
var NS_TAG_CHAR = String.raw`(?:%[0-9A-Fa-f]{2}|[0-9A-Za-z\-#;/?:@&=+$.~*'()_])`;
var PATTERN_TAG_URI = new RegExp(`^(?:${NS_URI_CHAR})*$`);
var PATTERN_TAG_SUFFIX = new RegExp(`^(?:${NS_TAG_CHAR})+$`);
var PATTERN_TAG_PREFIX = new RegExp(`^(?:!(?:${NS_URI_CHAR})*|${NS_TAG_CHAR}(?:${NS_URI_CHAR})*)$`);
var DEFAULT_PARSER_OPTIONS = {
	filename: "",
	maxDepth: 100
};
function addDocumentEvent(state, explicitStart, explicitEnd) {
	state.events.push({
		type: EVENT_ID.DOCUMENT,
		explicitStart,
		explicitEnd,
		directives: state.directives
	});
}
function addSequenceEvent(state, start, anchorStart, anchorEnd, tagStart, tagEnd, style) {
	state.events.push({
		type: EVENT_ID.SEQUENCE,
		start,
		anchorStart,
		anchorEnd,
		tagStart,
		tagEnd,
		style
	});
}
function addMappingEvent(state, start, anchorStart, anchorEnd, tagStart, tagEnd, style) {
	state.events.push({
		type: EVENT_ID.MAPPING,
		start,
		anchorStart,
		anchorEnd,
		tagStart,
		tagEnd,
		style
	});
}
function insertFlowPairMappingEvent(state, snapshot) {
	state.events.splice(snapshot.eventsLength, 0, {
		type: EVENT_ID.MAPPING,
		start: snapshot.position,
		anchorStart: NO_RANGE$1,
		anchorEnd: NO_RANGE$1,
		tagStart: NO_RANGE$1,
		tagEnd: NO_RANGE$1,
		style: COLLECTION_STYLE.FLOW
	});
}
function addScalarEvent(state, valueStart, valueEnd, anchorStart, anchorEnd, tagStart, tagEnd, style, chomping = CHOMPING_MODE.CLIP, indent = -1, fast = false) {
	state.events.push({
		type: EVENT_ID.SCALAR,
		valueStart,
		valueEnd,
		anchorStart,
		anchorEnd,
		tagStart,
		tagEnd,
		style,
		chomping,
		indent,
		fast
	});
}
function addAliasEvent(state, anchorStart, anchorEnd) {
	state.events.push({
		type: EVENT_ID.ALIAS,
		anchorStart,
		anchorEnd
	});
}
function addPopEvent(state) {
	state.events.push({ type: EVENT_ID.POP });
}
function addEmptyScalarEvent(state) {
	addScalarEvent(state, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, SCALAR_STYLE.PLAIN);
}
function emptyProperties() {
	return {
		anchorStart: NO_RANGE$1,
		anchorEnd: NO_RANGE$1,
		tagStart: NO_RANGE$1,
		tagEnd: NO_RANGE$1
	};
}
function snapshotState(state) {
	return {
		position: state.position,
		line: state.line,
		lineStart: state.lineStart,
		lineIndent: state.lineIndent,
		firstTabInLine: state.firstTabInLine,
		eventsLength: state.events.length
	};
}
function restoreState(state, snapshot) {
	state.position = snapshot.position;
	state.line = snapshot.line;
	state.lineStart = snapshot.lineStart;
	state.lineIndent = snapshot.lineIndent;
	state.firstTabInLine = snapshot.firstTabInLine;
	state.events.length = snapshot.eventsLength;
}
function throwError(state, message) {
	YAMLException.throwAt(state.input.slice(0, state.length), state.position, message, state.filename);
}
function isEol(c) {
	return c === 10 || c === 13;
}
function isWhiteSpace(c) {
	return c === 9 || c === 32;
}
function isWsOrEol(c) {
	return isWhiteSpace(c) || isEol(c);
}
function isWsOrEolOrEnd(c) {
	return c === 0 || isWsOrEol(c);
}
function isFlowIndicator(c) {
	return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
}
function fromDecimalCode(c) {
	return c >= 48 && c <= 57 ? c - 48 : -1;
}
function fromHexCode(c) {
	if (c >= 48 && c <= 57) return c - 48;
	const lc = c | 32;
	if (lc >= 97 && lc <= 102) return lc - 97 + 10;
	return -1;
}
function escapedHexLen(c) {
	if (c === 120) return 2;
	if (c === 117) return 4;
	if (c === 85) return 8;
	return 0;
}
function isSimpleEscape(c) {
	return c === 48 || c === 97 || c === 98 || c === 116 || c === 9 || c === 110 || c === 118 || c === 102 || c === 114 || c === 101 || c === 32 || c === 34 || c === 47 || c === 92 || c === 78 || c === 95 || c === 76 || c === 80;
}
function consumeLineBreak(state) {
	if (state.input.charCodeAt(state.position) === 10) state.position++;
	else {
		state.position++;
		if (state.input.charCodeAt(state.position) === 10) state.position++;
	}
	state.line++;
	state.lineStart = state.position;
	state.lineIndent = 0;
	state.firstTabInLine = -1;
}
function skipSeparationSpace(state, allowComments) {
	let lineBreaks = 0;
	let ch = state.input.charCodeAt(state.position);
	let hasSeparation = state.position === state.lineStart || isWsOrEol(state.input.charCodeAt(state.position - 1));
	while (ch !== 0) {
		while (isWhiteSpace(ch)) {
			hasSeparation = true;
			if (ch === 9 && state.firstTabInLine === -1) state.firstTabInLine = state.position;
			ch = state.input.charCodeAt(++state.position);
		}
		if (allowComments && hasSeparation && ch === 35) do
			ch = state.input.charCodeAt(++state.position);
		while (!isEol(ch) && ch !== 0);
		if (!isEol(ch)) break;
		consumeLineBreak(state);
		lineBreaks++;
		hasSeparation = true;
		ch = state.input.charCodeAt(state.position);
		while (ch === 32) {
			state.lineIndent++;
			ch = state.input.charCodeAt(++state.position);
		}
	}
	return lineBreaks;
}
function testDocumentSeparator(state, position = state.position) {
	const ch = state.input.charCodeAt(position);
	if ((ch === 45 || ch === 46) && ch === state.input.charCodeAt(position + 1) && ch === state.input.charCodeAt(position + 2)) {
		const following = state.input.charCodeAt(position + 3);
		return following === 0 || isWsOrEol(following);
	}
	return false;
}
function skipByteOrderMark(state) {
	if (state.position === state.lineStart && state.input.charCodeAt(state.position) === 65279) {
		state.position++;
		state.lineStart = state.position;
	}
}
function testDocumentBoundary(state) {
	if (state.position !== state.lineStart) return false;
	if (testDocumentSeparator(state)) return true;
	if (state.input.charCodeAt(state.position) !== 65279) return false;
	const snapshot = snapshotState(state);
	skipByteOrderMark(state);
	skipSeparationSpace(state, true);
	const ch = state.input.charCodeAt(state.position);
	const result = state.position === state.lineStart && (ch === 37 || ch === 45 && testDocumentSeparator(state));
	restoreState(state, snapshot);
	return result;
}
function skipUntilLineEnd(state) {
	let ch = state.input.charCodeAt(state.position);
	while (ch !== 0 && !isEol(ch)) ch = state.input.charCodeAt(++state.position);
}
function checkPrintable(state, start, end) {
	const match = PATTERN_NON_PRINTABLE.exec(state.input.slice(start, end));
	if (match !== null) {
		state.position = start + match.index + match[0].length - 1;
		throwError(state, "the stream contains non-printable characters");
	}
}
function readTagProperty(state, props, inFlow) {
	if (state.input.charCodeAt(state.position) !== 33) return false;
	if (props.tagStart !== NO_RANGE$1) throwError(state, "duplication of a tag property");
	const start = state.position;
	let isVerbatim = false;
	let isNamed = false;
	let tagHandle = "!";
	let ch = state.input.charCodeAt(++state.position);
	if (ch === 60) {
		isVerbatim = true;
		ch = state.input.charCodeAt(++state.position);
	} else if (ch === 33) {
		isNamed = true;
		tagHandle = "!!";
		ch = state.input.charCodeAt(++state.position);
	}
	let suffixStart = state.position;
	let tagName;
	if (isVerbatim) {
		while (ch !== 0 && ch !== 62) ch = state.input.charCodeAt(++state.position);
		if (ch !== 62) throwError(state, "unexpected end of the stream within a verbatim tag");
		tagName = state.input.slice(suffixStart, state.position);
		state.position++;
	} else {
		while (ch !== 0 && !isWsOrEol(ch) && !(inFlow && isFlowIndicator(ch))) {
			if (ch === 33) {
				if (!isNamed) {
					tagHandle = state.input.slice(suffixStart - 1, state.position + 1);
					if (!PATTERN_TAG_HANDLE.test(tagHandle)) throwError(state, "named tag handle cannot contain such characters");
					isNamed = true;
					suffixStart = state.position + 1;
				} else throwError(state, "tag suffix cannot contain exclamation marks");
			}
			ch = state.input.charCodeAt(++state.position);
		}
		tagName = state.input.slice(suffixStart, state.position);
		if (PATTERN_FLOW_INDICATORS.test(tagName)) throwError(state, "tag suffix cannot contain flow indicator characters");
	}
	if (tagName && !(isVerbatim ? PATTERN_TAG_URI.test(tagName) : PATTERN_TAG_SUFFIX.test(tagName))) throwError(state, `tag name cannot contain such characters: ${tagName}`);
	if (!isVerbatim && tagHandle !== "!" && tagHandle !== "!!" && !HAS_OWN.call(state.tagHandlers, tagHandle)) throwError(state, `undeclared tag handle "${tagHandle}"`);
	props.tagStart = start;
	props.tagEnd = state.position;
	return true;
}
function readAnchorProperty(state, props) {
	if (state.input.charCodeAt(state.position) !== 38) return false;
	if (props.anchorStart !== NO_RANGE$1) throwError(state, "duplication of an anchor property");
	state.position++;
	const start = state.position;
	while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position)) && !isFlowIndicator(state.input.charCodeAt(state.position))) state.position++;
	if (state.position === start) throwError(state, "name of an anchor node must contain at least one character");
	props.anchorStart = start;
	props.anchorEnd = state.position;
	return true;
}
function readAlias(state, props) {
	if (state.input.charCodeAt(state.position) !== 42) return false;
	if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) throwError(state, "alias node should not have any properties");
	state.position++;
	const start = state.position;
	while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position)) && !isFlowIndicator(state.input.charCodeAt(state.position))) state.position++;
	if (state.position === start) throwError(state, "name of an alias node must contain at least one character");
	addAliasEvent(state, start, state.position);
	return true;
}
function readFlowScalarBreak(state, nodeIndent) {
	skipSeparationSpace(state, false);
	if (state.lineIndent < nodeIndent) throwError(state, "deficient indentation");
}
function readSingleQuotedScalar(state, nodeIndent, props) {
	if (state.input.charCodeAt(state.position) !== 39) return false;
	state.position++;
	const start = state.position;
	let simple = true;
	while (state.input.charCodeAt(state.position) !== 0) {
		const ch = state.input.charCodeAt(state.position);
		if (ch === 39) {
			if (state.input.charCodeAt(state.position + 1) === 39) {
				simple = false;
				state.position += 2;
				continue;
			}
			const end = state.position;
			state.position++;
			addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.SINGLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
			return true;
		}
		if (isEol(ch)) {
			simple = false;
			readFlowScalarBreak(state, nodeIndent);
		} else if (state.position === state.lineStart && testDocumentSeparator(state)) throwError(state, "unexpected end of the document within a single quoted scalar");
		else if (ch !== 9 && ch < 32) throwError(state, "expected valid JSON character");
		else state.position++;
	}
	throwError(state, "unexpected end of the stream within a single quoted scalar");
}
function readDoubleQuotedScalar(state, nodeIndent, props) {
	if (state.input.charCodeAt(state.position) !== 34) return false;
	state.position++;
	const start = state.position;
	let simple = true;
	while (state.input.charCodeAt(state.position) !== 0) {
		const ch = state.input.charCodeAt(state.position);
		if (ch === 34) {
			const end = state.position;
			state.position++;
			addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.DOUBLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
			return true;
		}
		if (ch === 92) {
			simple = false;
			const escaped = state.input.charCodeAt(++state.position);
			if (isEol(escaped)) readFlowScalarBreak(state, nodeIndent);
			else if (isSimpleEscape(escaped)) state.position++;
			else {
				let hexLength = escapedHexLen(escaped);
				if (hexLength === 0) throwError(state, "unknown escape sequence");
				while (hexLength-- > 0) {
					state.position++;
					if (fromHexCode(state.input.charCodeAt(state.position)) < 0) throwError(state, "expected hexadecimal character");
				}
				state.position++;
			}
		} else if (isEol(ch)) {
			simple = false;
			readFlowScalarBreak(state, nodeIndent);
		} else if (state.position === state.lineStart && testDocumentSeparator(state)) throwError(state, "unexpected end of the document within a double quoted scalar");
		else if (ch !== 9 && ch < 32) throwError(state, "expected valid JSON character");
		else state.position++;
	}
	throwError(state, "unexpected end of the stream within a double quoted scalar");
}
function readBlockScalar(state, parentIndent, props) {
	const ch = state.input.charCodeAt(state.position);
	let chomping = CHOMPING_MODE.CLIP;
	let indent = -1;
	let detectedIndent = false;
	if (ch !== 124 && ch !== 62) return false;
	const style = ch === 124 ? SCALAR_STYLE.LITERAL_BLOCK : SCALAR_STYLE.FOLDED_BLOCK;
	state.position++;
	while (state.input.charCodeAt(state.position) !== 0) {
		const current = state.input.charCodeAt(state.position);
		const digit = fromDecimalCode(current);
		if (current === 43 || current === 45) {
			if (chomping !== CHOMPING_MODE.CLIP) throwError(state, "repeat of a chomping mode identifier");
			chomping = current === 43 ? CHOMPING_MODE.KEEP : CHOMPING_MODE.STRIP;
			state.position++;
		} else if (digit >= 0) {
			if (digit === 0) throwError(state, "bad explicit indentation width of a block scalar; it cannot be less than one");
			if (detectedIndent) throwError(state, "repeat of an indentation width identifier");
			indent = parentIndent + digit - 1;
			detectedIndent = true;
			state.position++;
		} else break;
	}
	let hadWhitespace = false;
	while (isWhiteSpace(state.input.charCodeAt(state.position))) {
		hadWhitespace = true;
		state.position++;
	}
	if (hadWhitespace && state.input.charCodeAt(state.position) === 35) skipUntilLineEnd(state);
	if (isEol(state.input.charCodeAt(state.position))) consumeLineBreak(state);
	else if (state.input.charCodeAt(state.position) !== 0) throwError(state, "a line break is expected");
	let contentIndent = detectedIndent ? indent : -1;
	let maxLeadingIndent = 0;
	const valueStart = state.position;
	let valueEnd = state.position;
	while (state.input.charCodeAt(state.position) !== 0) {
		const linePosition = state.position;
		let column = 0;
		while (state.input.charCodeAt(linePosition + column) === 32) column++;
		const first = state.input.charCodeAt(linePosition + column);
		if (first === 0) {
			if (contentIndent >= 0) {
				if (column > contentIndent) valueEnd = linePosition + column;
			} else if (column > 0) valueEnd = linePosition + column;
			break;
		}
		if (testDocumentBoundary(state)) break;
		if (!detectedIndent && contentIndent === -1 && isEol(first)) maxLeadingIndent = Math.max(maxLeadingIndent, column);
		if (!detectedIndent && contentIndent === -1 && !isEol(first)) {
			if (first === 9 && column < parentIndent) {
				state.position = linePosition + column;
				throwError(state, "tab characters must not be used in indentation");
			}
			if (column >= parentIndent && column < maxLeadingIndent) {
				state.position = linePosition + column;
				throwError(state, "bad indentation of a mapping entry");
			}
		}
		if (contentIndent === -1 && first !== 0 && !isEol(first) && column < parentIndent) {
			state.lineIndent = column;
			state.position = linePosition + column;
			break;
		}
		if (!detectedIndent && first !== 0 && !isEol(first) && contentIndent === -1) contentIndent = column;
		const requiredIndent = contentIndent === -1 ? parentIndent + 1 : contentIndent;
		if (first !== 0 && !isEol(first) && column < requiredIndent) {
			state.lineIndent = column;
			state.position = linePosition + column;
			break;
		}
		skipUntilLineEnd(state);
		valueEnd = state.position;
		if (isEol(state.input.charCodeAt(state.position))) {
			consumeLineBreak(state);
			valueEnd = state.position;
		}
	}
	checkPrintable(state, valueStart, valueEnd);
	addScalarEvent(state, valueStart, valueEnd, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, style, chomping, contentIndent);
	return true;
}
function canStartPlainScalar(state, nodeContext) {
	const ch = state.input.charCodeAt(state.position);
	const inFlow = nodeContext === CONTEXT_FLOW_IN;
	if (ch === 0 || isWsOrEol(ch) || ch === 35 || ch === 38 || ch === 42 || ch === 33 || ch === 124 || ch === 62 || ch === 39 || ch === 34 || ch === 37 || ch === 64 || ch === 96 || isFlowIndicator(ch)) return false;
	if (ch === 63 || ch === 45) {
		const following = state.input.charCodeAt(state.position + 1);
		if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) return false;
	}
	return true;
}
function readPlainScalar(state, nodeIndent, nodeContext, props) {
	if (!canStartPlainScalar(state, nodeContext)) return false;
	const start = state.position;
	let end = state.position;
	let ch = state.input.charCodeAt(state.position);
	const inFlow = nodeContext === CONTEXT_FLOW_IN;
	let multiline = false;
	while (ch !== 0) {
		if (testDocumentBoundary(state)) break;
		if (ch === 58) {
			const following = state.input.charCodeAt(state.position + 1);
			if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) break;
		} else if (ch === 35) {
			if (isWsOrEol(state.input.charCodeAt(state.position - 1))) break;
		} else if (inFlow && isFlowIndicator(ch)) break;
		else if (isEol(ch)) {
			const savedPosition = state.position;
			const savedLine = state.line;
			const savedLineStart = state.lineStart;
			const savedLineIndent = state.lineIndent;
			skipSeparationSpace(state, false);
			if (state.lineIndent >= nodeIndent) {
				multiline = true;
				ch = state.input.charCodeAt(state.position);
				continue;
			}
			state.position = savedPosition;
			state.line = savedLine;
			state.lineStart = savedLineStart;
			state.lineIndent = savedLineIndent;
			break;
		}
		if (!isWhiteSpace(ch)) end = state.position + 1;
		ch = state.input.charCodeAt(++state.position);
	}
	if (end === start) return false;
	checkPrintable(state, start, end);
	addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN, CHOMPING_MODE.CLIP, -1, !multiline);
	return true;
}
function skipFlowSeparationSpace(state, nodeIndent) {
	const startLine = state.line;
	skipSeparationSpace(state, true);
	if (state.line > startLine && state.lineIndent < nodeIndent || state.firstTabInLine !== -1 && state.lineIndent < nodeIndent) throwError(state, "deficient indentation");
}
function readFlowCollection(state, nodeIndent, props) {
	const ch = state.input.charCodeAt(state.position);
	const isMapping = ch === 123;
	const start = state.position;
	let readNext = true;
	if (ch !== 91 && ch !== 123) return false;
	const terminator = isMapping ? 125 : 93;
	if (isMapping) addMappingEvent(state, start, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
	else addSequenceEvent(state, start, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
	state.position++;
	while (state.input.charCodeAt(state.position) !== 0) {
		skipFlowSeparationSpace(state, nodeIndent);
		let ch = state.input.charCodeAt(state.position);
		if (ch === terminator) {
			state.position++;
			addPopEvent(state);
			return true;
		} else if (!readNext) throwError(state, "missed comma between flow collection entries");
		else if (ch === 44) throwError(state, "expected the node content, but found ','");
		let isPair = false;
		let isExplicitPair = false;
		if (ch === 63 && isWsOrEol(state.input.charCodeAt(state.position + 1))) {
			isPair = isExplicitPair = true;
			state.position += 1;
			skipFlowSeparationSpace(state, nodeIndent);
		}
		const entryLine = state.line;
		const entryStart = snapshotState(state);
		const keyWasRead = parseNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true);
		skipFlowSeparationSpace(state, nodeIndent);
		ch = state.input.charCodeAt(state.position);
		if ((isMapping || isExplicitPair || state.line === entryLine) && ch === 58) {
			isPair = true;
			state.position++;
			skipFlowSeparationSpace(state, nodeIndent);
			if (!isMapping) {
				insertFlowPairMappingEvent(state, entryStart);
				if (!keyWasRead) addEmptyScalarEvent(state);
			} else if (!keyWasRead) addEmptyScalarEvent(state);
			if (!parseNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true)) addEmptyScalarEvent(state);
			skipFlowSeparationSpace(state, nodeIndent);
			if (!isMapping) addPopEvent(state);
		} else if (isMapping && isPair) {
			if (!keyWasRead) addEmptyScalarEvent(state);
			addEmptyScalarEvent(state);
		} else if (isMapping) addEmptyScalarEvent(state);
		else if (isPair) {
			insertFlowPairMappingEvent(state, entryStart);
			if (!keyWasRead) addEmptyScalarEvent(state);
			addEmptyScalarEvent(state);
			addPopEvent(state);
		}
		ch = state.input.charCodeAt(state.position);
		if (ch === 44) {
			readNext = true;
			state.position++;
		} else readNext = false;
	}
	throwError(state, "unexpected end of the stream within a flow collection");
}
function readBlockSequence(state, nodeIndent, props) {
	if (state.firstTabInLine !== -1 || state.input.charCodeAt(state.position) !== 45 || !isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) return false;
	addSequenceEvent(state, state.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
	while (state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) {
		if (state.firstTabInLine !== -1) {
			state.position = state.firstTabInLine;
			throwError(state, "tab characters must not be used in indentation");
		}
		const entryLine = state.line;
		state.position++;
		const hadBreak = skipSeparationSpace(state, true) > 0;
		if (state.firstTabInLine !== -1 && state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) throwError(state, "bad indentation of a sequence entry");
		if (hadBreak && state.lineIndent <= nodeIndent) addEmptyScalarEvent(state);
		else parseNode(state, nodeIndent, CONTEXT_BLOCK_IN, false, true);
		skipSeparationSpace(state, true);
		if (state.lineIndent < nodeIndent || state.position >= state.length) break;
		if (state.lineIndent > nodeIndent) throwError(state, "bad indentation of a sequence entry");
		if (state.line === entryLine && state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) throwError(state, "bad indentation of a sequence entry");
	}
	addPopEvent(state);
	return true;
}
function readBlockMapping(state, nodeIndent, flowIndent, props) {
	let atExplicitKey = false;
	let detected = false;
	let mappingOpened = false;
	let pendingExplicitKey = false;
	if (state.firstTabInLine !== -1) return false;
	let ch = state.input.charCodeAt(state.position);
	while (ch !== 0) {
		if (!atExplicitKey && state.firstTabInLine !== -1) {
			state.position = state.firstTabInLine;
			throwError(state, "tab characters must not be used in indentation");
		}
		const following = state.input.charCodeAt(state.position + 1);
		const entryLine = state.line;
		if ((ch === 63 || ch === 58) && isWsOrEolOrEnd(following)) {
			if (!mappingOpened) {
				addMappingEvent(state, state.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
				mappingOpened = true;
			}
			if (ch === 63) {
				if (atExplicitKey) addEmptyScalarEvent(state);
				detected = true;
				atExplicitKey = true;
			} else if (atExplicitKey) atExplicitKey = false;
			else {
				addEmptyScalarEvent(state);
				detected = true;
				atExplicitKey = false;
			}
			state.position += 1;
			pendingExplicitKey = true;
		} else {
			if (atExplicitKey) {
				addEmptyScalarEvent(state);
				atExplicitKey = false;
			}
			const beforeKey = snapshotState(state);
			if (!parseNode(state, flowIndent, CONTEXT_FLOW_OUT, false, true)) break;
			if (state.line === entryLine) {
				ch = state.input.charCodeAt(state.position);
				while (isWhiteSpace(ch)) ch = state.input.charCodeAt(++state.position);
				if (ch === 58) {
					ch = state.input.charCodeAt(++state.position);
					if (!isWsOrEolOrEnd(ch)) throwError(state, "a whitespace character is expected after the key-value separator within a block mapping");
					if (!mappingOpened) {
						state.events.splice(beforeKey.eventsLength, 0, {
							type: EVENT_ID.MAPPING,
							start: beforeKey.position,
							anchorStart: props.anchorStart,
							anchorEnd: props.anchorEnd,
							tagStart: props.tagStart,
							tagEnd: props.tagEnd,
							style: COLLECTION_STYLE.BLOCK
						});
						mappingOpened = true;
					}
					detected = true;
					atExplicitKey = false;
					pendingExplicitKey = false;
				} else if (detected) throwError(state, "expected ':' after a mapping key");
				else {
					if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
						restoreState(state, beforeKey);
						return false;
					}
					return true;
				}
			} else if (detected) throwError(state, "can not read a block mapping entry; a multiline key may not be an implicit key");
			else {
				if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
					restoreState(state, beforeKey);
					return false;
				}
				return true;
			}
		}
		if (parseNode(state, nodeIndent, CONTEXT_BLOCK_OUT, true, pendingExplicitKey)) pendingExplicitKey = false;
		if (!atExplicitKey) {
			if (pendingExplicitKey) {
				addEmptyScalarEvent(state);
				pendingExplicitKey = false;
			}
		}
		skipSeparationSpace(state, true);
		ch = state.input.charCodeAt(state.position);
		if ((state.line === entryLine || state.lineIndent > nodeIndent) && ch !== 0) throwError(state, "bad indentation of a mapping entry");
		else if (state.lineIndent < nodeIndent) break;
	}
	if (!detected) return false;
	if (atExplicitKey) addEmptyScalarEvent(state);
	if (mappingOpened) addPopEvent(state);
	return true;
}
function parseNode(state, parentIndent, nodeContext, allowToSeek, allowCompact, allowPropertyMapping = true) {
	if (state.depth >= state.maxDepth) throwError(state, `nesting exceeded maxDepth (${state.maxDepth})`);
	state.depth++;
	let indentStatus = 1;
	let atNewLine = false;
	let hasContent = false;
	let propertyStart = null;
	const props = emptyProperties();
	let allowBlockScalars = nodeContext === CONTEXT_BLOCK_OUT || nodeContext === CONTEXT_BLOCK_IN;
	let allowBlockCollections = allowBlockScalars;
	const allowBlockStyles = allowBlockScalars;
	if (allowToSeek && skipSeparationSpace(state, true)) {
		atNewLine = true;
		if (state.lineIndent > parentIndent) indentStatus = 1;
		else if (state.lineIndent === parentIndent) indentStatus = 0;
		else indentStatus = -1;
	}
	if (indentStatus === 1) while (true) {
		const ch = state.input.charCodeAt(state.position);
		const propertyState = snapshotState(state);
		if (atNewLine && indentStatus !== 1 && (ch === 33 || ch === 38)) break;
		if (atNewLine && allowBlockStyles && (props.tagStart !== NO_RANGE$1 || props.anchorStart !== NO_RANGE$1) && (ch === 33 || ch === 38)) {
			const fallbackState = snapshotState(state);
			const flowIndent = parentIndent + 1;
			if (readBlockMapping(state, state.position - state.lineStart, flowIndent, props) && state.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) {
				state.depth--;
				return true;
			}
			restoreState(state, fallbackState);
		}
		if (atNewLine && (ch === 33 && props.tagStart !== NO_RANGE$1 || ch === 38 && props.anchorStart !== NO_RANGE$1)) break;
		if (!readTagProperty(state, props, nodeContext === CONTEXT_FLOW_IN) && !readAnchorProperty(state, props)) break;
		if (propertyStart === null) propertyStart = propertyState;
		if (skipSeparationSpace(state, true)) {
			atNewLine = true;
			allowBlockCollections = allowBlockStyles;
			if (state.lineIndent > parentIndent) indentStatus = 1;
			else if (state.lineIndent === parentIndent) indentStatus = 0;
			else indentStatus = -1;
		} else allowBlockCollections = false;
	}
	if (allowBlockCollections) allowBlockCollections = atNewLine || allowCompact;
	if (indentStatus === 1 || nodeContext === CONTEXT_BLOCK_OUT) {
		const flowIndent = nodeContext === CONTEXT_FLOW_IN || nodeContext === CONTEXT_FLOW_OUT ? parentIndent : parentIndent + 1;
		const blockIndent = state.position - state.lineStart;
		if (indentStatus === 1) {
			if (allowBlockCollections && (readBlockSequence(state, blockIndent, props) || readBlockMapping(state, blockIndent, flowIndent, props)) || readFlowCollection(state, flowIndent, props)) hasContent = true;
			else {
				const ch = state.input.charCodeAt(state.position);
				if (propertyStart !== null && allowPropertyMapping && allowBlockStyles && !allowBlockCollections && ch !== 124 && ch !== 62) {
					const fallbackState = snapshotState(state);
					const propertyIndent = propertyStart.position - propertyStart.lineStart;
					restoreState(state, propertyStart);
					if (readBlockMapping(state, propertyIndent, flowIndent, emptyProperties()) && state.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) hasContent = true;
					else restoreState(state, fallbackState);
				}
				if (!hasContent && (allowBlockScalars && readBlockScalar(state, flowIndent, props) || readSingleQuotedScalar(state, flowIndent, props) || readDoubleQuotedScalar(state, flowIndent, props) || readAlias(state, props) || readPlainScalar(state, flowIndent, nodeContext, props))) hasContent = true;
			}
		} else if (indentStatus === 0) hasContent = allowBlockCollections && readBlockSequence(state, blockIndent, props);
	}
	allowBlockScalars = allowBlockScalars && !hasContent;
	if (!hasContent && (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1 || allowBlockScalars)) {
		addScalarEvent(state, NO_RANGE$1, NO_RANGE$1, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN);
		hasContent = true;
	}
	state.depth--;
	return hasContent || props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1;
}
function readDirective(state) {
	if (state.lineIndent > 0 || state.input.charCodeAt(state.position) !== 37) return false;
	state.position++;
	const nameStart = state.position;
	while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position))) state.position++;
	const name = state.input.slice(nameStart, state.position);
	const args = [];
	if (name.length === 0) throwError(state, "directive name must not be less than one character in length");
	while (state.input.charCodeAt(state.position) !== 0 && !isEol(state.input.charCodeAt(state.position))) {
		while (isWhiteSpace(state.input.charCodeAt(state.position))) state.position++;
		if (state.input.charCodeAt(state.position) === 35 || isEol(state.input.charCodeAt(state.position)) || state.input.charCodeAt(state.position) === 0) break;
		const start = state.position;
		while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position))) state.position++;
		args.push(state.input.slice(start, state.position));
	}
	if (isEol(state.input.charCodeAt(state.position))) consumeLineBreak(state);
	if (name === "YAML") {
		if (state.directives.some((directive) => directive.kind === "yaml")) throwError(state, "duplication of %YAML directive");
		if (args.length !== 1) throwError(state, "YAML directive accepts exactly one argument");
		const match = /^([0-9]+)\.([0-9]+)$/.exec(args[0]);
		if (match === null) throwError(state, "ill-formed argument of the YAML directive");
		if (parseInt(match[1], 10) !== 1) throwError(state, "unacceptable YAML version of the document");
		state.directives.push({
			kind: "yaml",
			version: args[0]
		});
	} else if (name === "TAG") {
		if (args.length !== 2) throwError(state, "TAG directive accepts exactly two arguments");
		const [handle, prefix] = args;
		if (!PATTERN_TAG_HANDLE.test(handle)) throwError(state, "ill-formed tag handle (first argument) of the TAG directive");
		if (HAS_OWN.call(state.tagHandlers, handle)) throwError(state, `there is a previously declared suffix for "${handle}" tag handle`);
		if (!PATTERN_TAG_PREFIX.test(prefix)) throwError(state, "ill-formed tag prefix (second argument) of the TAG directive");
		state.tagHandlers[handle] = prefix;
		state.directives.push({
			kind: "tag",
			handle,
			prefix
		});
	}
	return true;
}
function readDocument(state) {
	state.directives = [];
	state.tagHandlers = Object.create(null);
	let hasDirectives = false;
	skipSeparationSpace(state, true);
	while (readDirective(state)) {
		hasDirectives = true;
		skipSeparationSpace(state, true);
	}
	let explicitStart = false;
	let explicitEnd = false;
	let allowCompact = true;
	if (state.lineIndent === 0 && state.input.charCodeAt(state.position) === 45 && state.input.charCodeAt(state.position + 1) === 45 && state.input.charCodeAt(state.position + 2) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 3))) {
		explicitStart = true;
		const markerLine = state.line;
		state.position += 3;
		skipSeparationSpace(state, true);
		allowCompact = state.line > markerLine;
	} else if (hasDirectives) throwError(state, "directives end mark is expected");
	const documentEventIndex = state.events.length;
	if (!explicitStart && state.position === state.lineStart && state.input.charCodeAt(state.position) === 46 && testDocumentSeparator(state)) {
		state.position += 3;
		skipSeparationSpace(state, true);
		return;
	}
	addDocumentEvent(state, explicitStart, false);
	if (!parseNode(state, state.lineIndent - 1, CONTEXT_BLOCK_OUT, false, allowCompact, allowCompact)) addEmptyScalarEvent(state);
	skipSeparationSpace(state, true);
	if (state.position === state.lineStart && testDocumentSeparator(state)) {
		explicitEnd = state.input.charCodeAt(state.position) === 46;
		if (explicitEnd) {
			const markerLine = state.line;
			state.position += 3;
			skipSeparationSpace(state, true);
			if (state.line === markerLine && state.position < state.length) throwError(state, "end of the stream or a document separator is expected");
		}
	}
	const documentEvent = state.events[documentEventIndex];
	if (documentEvent?.type === EVENT_ID.DOCUMENT) documentEvent.explicitEnd = explicitEnd;
	addPopEvent(state);
	if (!explicitEnd && state.position < state.length && !testDocumentBoundary(state)) throwError(state, "end of the stream or a document separator is expected");
}
/**
* Parses YAML into a flat event stream referencing source text by offsets.
*
* @category Events
*/
function parseEvents(input, options) {
	const length = input.length;
	const state = {
		...DEFAULT_PARSER_OPTIONS,
		...options,
		input: `${input}\0`,
		length,
		position: 0,
		line: 0,
		lineStart: 0,
		lineIndent: 0,
		firstTabInLine: -1,
		depth: 0,
		directives: [],
		tagHandlers: Object.create(null),
		events: []
	};
	const nullpos = input.indexOf("\0");
	if (nullpos !== -1) YAMLException.throwAt(input, nullpos, "null byte is not allowed in input", state.filename);
	while (state.position < state.length) {
		skipByteOrderMark(state);
		skipSeparationSpace(state, true);
		if (state.position >= state.length) break;
		const documentStart = state.position;
		readDocument(state);
		if (state.position === documentStart)
 /* c8 ignore next */
		throwError(state, "can not read a document");
	}
	return state.events;
}
//#endregion
//#region src/load.ts
var DEFAULT_LOAD_OPTIONS = {
	...DEFAULT_PARSER_OPTIONS,
	...DEFAULT_CONSTRUCTOR_OPTIONS
};
function loadDocuments(input, options = {}) {
	const opts = {
		...DEFAULT_LOAD_OPTIONS,
		...options
	};
	const source = String(input);
	const PARSER_OPT_KEYS = Object.keys(DEFAULT_PARSER_OPTIONS);
	const CONSTRUCTOR_OPT_KEYS = Object.keys(DEFAULT_CONSTRUCTOR_OPTIONS);
	return constructFromEvents(parseEvents(source, pick(opts, PARSER_OPT_KEYS)), {
		...pick(opts, CONSTRUCTOR_OPT_KEYS),
		source
	});
}
function loadAll(input, iteratorOrOptions, options) {
	let iterator = null;
	if (typeof iteratorOrOptions === "function") iterator = iteratorOrOptions;
	else if (iteratorOrOptions !== null && typeof iteratorOrOptions === "object") options = iteratorOrOptions;
	const documents = loadDocuments(input, options);
	if (iterator === null) return documents;
	for (const document of documents) iterator(document);
}
/**
* Parses `string` as a single YAML document. Throws {@link YAMLException} on
* error. This function does not understand multi-document or empty sources; it
* throws an exception on those.
*
* > [!NOTE]
* > 1. When processing untrusted input, see the
* >    [security considerations](../docs/safety.md).
* > 2. All exceptions MUST be caught, not just {@link YAMLException}.
* > 3. The default {@link CORE_SCHEMA} comes without the `!!merge` tag. You can
* >    easily enable it if needed.
* > 4. The default {@link mapTag} is `{}`-object based, with known limitations
* >    (see description). For full compatibility use {@link realMapTag}
* >    instead (it uses native JS `Map`).
*
* @example
* Enable {@link mergeTag} and {@link realMapTag}:
*
* ```javascript
* import { load, CORE_SCHEMA, mergeTag, realMapTag } from 'js-yaml'
*
* try {
*   load(data, { schema: CORE_SCHEMA.withTags(mergeTag, realMapTag) })
* } catch (e) {
*   console.error(e)
* }
* ```
*
* @category Main
*/
function load(input, options) {
	const documents = loadDocuments(input, options);
	if (documents.length === 0) throw new YAMLException("expected a document, but the input is empty");
	if (documents.length === 1) return documents[0];
	throw new YAMLException("expected a single document in the stream, but found more");
}
//#endregion
//#region src/ast/from_js.ts
var INVALID = Symbol("INVALID");
function buildRepresentTypes(schema) {
	const defaultTags = new Set([
		schema.defaultScalarTag,
		schema.defaultSequenceTag,
		schema.defaultMappingTag
	].filter((t) => t !== void 0));
	const implicitScalars = schema.implicitScalarTags;
	const explicitTags = schema.tags.filter((t) => !(t.nodeKind === "scalar" && t.implicit) && !defaultTags.has(t));
	const defaultTagsLast = schema.tags.filter((t) => defaultTags.has(t));
	return [
		...implicitScalars.map((tag) => ({
			tag,
			implicitTag: true
		})),
		...explicitTags.map((tag) => ({
			tag,
			implicitTag: false
		})),
		...defaultTagsLast.map((tag) => ({
			tag,
			implicitTag: true
		}))
	];
}
function matchTag(state, object) {
	for (let index = 0, length = state.representTypes.length; index < length; index += 1) {
		const { tag, implicitTag } = state.representTypes[index];
		if (tag.identify(object)) {
			let tagName;
			if (tag.matchByTagPrefix) tagName = tag.representTagName(object);
			else tagName = tag.tagName;
			return {
				tag,
				tagName,
				implicitTag
			};
		}
	}
	return null;
}
function build(state, object) {
	if (!state.noRefs && object !== null && typeof object === "object") {
		const existing = state.refs.get(object);
		if (existing) {
			if (existing.anchor === void 0) existing.anchor = `ref_${state.refCounter++}`;
			return {
				kind: "alias",
				anchor: existing.anchor
			};
		}
	}
	const matched = matchTag(state, object);
	if (!matched) {
		if (object === void 0) return INVALID;
		if (state.skipInvalid) return INVALID;
		throw new YAMLException(`unacceptable kind of an object to dump ${Object.prototype.toString.call(object)}`);
	}
	const { tag, tagName, implicitTag } = matched;
	const nodeTagName = implicitTag ? tagName : tagNameShort(tagName);
	if (tag.nodeKind === "scalar") return {
		kind: "scalar",
		tag: nodeTagName,
		tagged: !implicitTag,
		style: SCALAR_STYLE.PLAIN,
		value: tag.represent(object)
	};
	if (tag.nodeKind === "sequence") {
		const container = tag.represent(object);
		const node = {
			kind: "sequence",
			tag: nodeTagName,
			tagged: !implicitTag,
			style: COLLECTION_STYLE.BLOCK,
			items: []
		};
		if (!state.noRefs) state.refs.set(object, node);
		for (let index = 0, length = container.length; index < length; index += 1) {
			let item = build(state, container[index]);
			if (item === INVALID && container[index] === void 0) item = build(state, null);
			if (item === INVALID) continue;
			node.items.push(item);
		}
		return node;
	}
	const map = tag.represent(object);
	const node = {
		kind: "mapping",
		tag: nodeTagName,
		tagged: !implicitTag,
		style: COLLECTION_STYLE.BLOCK,
		items: []
	};
	if (!state.noRefs) state.refs.set(object, node);
	for (const [objectKey, objectValue] of map) {
		const key = build(state, objectKey);
		if (key === INVALID) continue;
		const value = build(state, objectValue);
		if (value === INVALID) continue;
		node.items.push({
			key,
			value
		});
	}
	return node;
}
/**
* Convert JS object to AST. A JS value is one YAML document. An unrepresentable
* root becomes an empty document, which the presenter renders as an empty
* string.
*
* @category AST
*/
function jsToAst(input, schema, options = {}) {
	const root = build({
		representTypes: buildRepresentTypes(schema),
		noRefs: options.noRefs ?? false,
		skipInvalid: options.skipInvalid ?? false,
		refs: /* @__PURE__ */ new Map(),
		refCounter: 0
	}, input);
	return [{
		contents: root === INVALID ? null : root,
		directives: []
	}];
}
//#endregion
//#region src/ast/visit.ts
/**
* Return from a visitor to stop the whole traversal.
*
* @category AST
*/
var VISIT_BREAK = Symbol("visit:break");
/**
* Return from a visitor to skip the current node's children.
*
* @category AST
*/
var VISIT_SKIP = Symbol("visit:skip");
function visitNode(node, visitor, ctx) {
	const control = visitor(node, ctx);
	if (control === VISIT_BREAK) return true;
	if (control === VISIT_SKIP) return false;
	const depth = ctx.depth + 1;
	switch (node.kind) {
		case "sequence":
			for (const item of node.items) if (visitNode(item, visitor, {
				depth,
				parent: node,
				isKey: false
			})) return true;
			break;
		case "mapping": for (const { key, value } of node.items) {
			if (visitNode(key, visitor, {
				depth,
				parent: node,
				isKey: true
			})) return true;
			if (visitNode(value, visitor, {
				depth,
				parent: node,
				isKey: false
			})) return true;
		}
	}
	return false;
}
/**
* Walk every node in the documents, calling {@link Visitor} once per
* node (pre-order).
*
* @category AST
*/
function visit(documents, visitor) {
	for (const doc of documents) if (doc.contents && visitNode(doc.contents, visitor, {
		depth: 0,
		parent: null,
		isKey: false
	})) return;
}
//#endregion
//#region src/ast/styler_defaults.ts
function hasBit(mask, bit) {
	return (mask & 1 << bit) !== 0;
}
/**
* Default scalar styling rules in application order.
* See [Scalar styling](../../docs/scalar_styling.md) for usage details.
*
* @category AST
*/
var DEFAULT_SCALAR_STYLE_RULES = {
	applyQuoteFlowKeysOption,
	doubleQuoteForInvisibles,
	doubleQuoteWhitespaceOnly,
	applyForceQuotesOption,
	tryLongOrMultilineAsBlock,
	quoteInvalidPlain,
	fallbackToDoubleQuoted
};
function _preferredQuotedStyle(layout) {
	if (layout.presenterOptions.quoteStyle === "single" && hasBit(layout.allowedStylesMask, SCALAR_STYLE.SINGLE_QUOTED)) return SCALAR_STYLE.SINGLE_QUOTED;
	return SCALAR_STYLE.DOUBLE_QUOTED;
}
function applyQuoteFlowKeysOption(layout) {
	if (!layout.presenterOptions.quoteFlowKeys) return;
	if (!layout.isKey || !layout.flowOnly || layout.style !== SCALAR_STYLE.PLAIN) return;
	layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function doubleQuoteForInvisibles(layout) {
	if (layout.style === SCALAR_STYLE.PLAIN && /[\t\x7F-\xA0\u2028\u2029\uFEFF\uFFFE\uFFFF]/.test(layout.node.value)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function doubleQuoteWhitespaceOnly(layout) {
	if (layout.style === SCALAR_STYLE.PLAIN && /^\s+$/.test(layout.node.value)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function applyForceQuotesOption(layout) {
	if (!layout.presenterOptions.forceQuotes) return;
	if (layout.isKey || layout.style !== SCALAR_STYLE.PLAIN) return;
	if (layout.node.tag !== layout.presenterOptions.schema.defaultScalarTag.tagName) return;
	layout.style = layout.node.value.includes("\n") ? SCALAR_STYLE.DOUBLE_QUOTED : _preferredQuotedStyle(layout);
}
function tryLongOrMultilineAsBlock(layout) {
	if (layout.style !== SCALAR_STYLE.PLAIN || layout.isKey) return;
	const value = layout.node.value;
	const multiline = value.indexOf("\n") !== -1;
	if (!hasBit(layout.allowedStylesMask, SCALAR_STYLE.LITERAL_BLOCK)) {
		if (multiline) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
		return;
	}
	const w = layout.presenterOptions.lineWidth;
	if (w === -1) {
		if (multiline) layout.style = SCALAR_STYLE.LITERAL_BLOCK;
		return;
	}
	const availableWidth = Math.max(Math.min(w, 40), w - layout.shiftOfContent);
	let position = 0;
	let shouldFold = false;
	while (position <= value.length) {
		let lineEnd = value.length;
		const nextLineBreak = value.indexOf("\n", position);
		if (nextLineBreak !== -1) lineEnd = nextLineBreak;
		const line = value.slice(position, lineEnd);
		if (line.length > availableWidth && line[0] !== " " && / [^ \t]/.test(line)) shouldFold = true;
		if (nextLineBreak === -1) break;
		position = nextLineBreak + 1;
	}
	if (shouldFold) layout.style = SCALAR_STYLE.FOLDED_BLOCK;
	else if (multiline) layout.style = SCALAR_STYLE.LITERAL_BLOCK;
}
function quoteInvalidPlain(layout) {
	if (layout.style === SCALAR_STYLE.PLAIN && !hasBit(layout.allowedStylesMask, SCALAR_STYLE.PLAIN)) layout.style = _preferredQuotedStyle(layout);
}
function fallbackToDoubleQuoted(layout) {
	if (!hasBit(layout.allowedStylesMask, layout.style)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
//#endregion
//#region src/ast/scalar_styler.ts
function setBit(mask, bit) {
	return mask | 1 << bit;
}
var SRC_C_PRINTABLE = "[\\x09\\x0A\\x0D\\x20-\\x7E\\x85\\xA0-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}]";
var SRC_B_CHAR = "[\\n\\r]";
var SRC_C_BYTE_ORDER_MARK = "\\uFEFF";
var SRC_S_WHITE = "[ \\t]";
var SRC_NB_CHAR = `(?:(?!(?:${SRC_B_CHAR}|${SRC_C_BYTE_ORDER_MARK}))${SRC_C_PRINTABLE})`;
var SRC_NS_CHAR = `(?:(?!${SRC_S_WHITE})${SRC_NB_CHAR})`;
var SRC_NB_JSON = "[\\x09\\x20-\\uD7FF\\uE000-\\uFFFF\\u{10000}-\\u{10FFFF}]";
var SRC_C_INDICATOR = "[-?:,\\[\\]{}#&*!|>'\"%@`]";
var SRC_C_FLOW_INDICATOR = "[,\\[\\]{}]";
var SRC_NS_PLAIN_SAFE_FLOW_OUT = SRC_NS_CHAR;
var SRC_NS_PLAIN_SAFE_FLOW_IN = `(?:(?!${SRC_C_FLOW_INDICATOR})${SRC_NS_CHAR})`;
var SRC_NS_PLAIN_FIRST_FLOW_OUT = `(?:(?:(?!${SRC_C_INDICATOR})${SRC_NS_CHAR})|[?:-](?=${SRC_NS_PLAIN_SAFE_FLOW_OUT}))`;
var SRC_NS_PLAIN_FIRST_FLOW_IN = `(?:(?:(?!${SRC_C_INDICATOR})${SRC_NS_CHAR})|[?:-](?=${SRC_NS_PLAIN_SAFE_FLOW_IN}))`;
var SRC_NS_PLAIN_CHAR_FLOW_OUT = `(?:(?:(?![:#])${SRC_NS_PLAIN_SAFE_FLOW_OUT})|:(?=${SRC_NS_PLAIN_SAFE_FLOW_OUT}))#*`;
var SRC_NS_PLAIN_CHAR_FLOW_IN = `(?:(?:(?![:#])${SRC_NS_PLAIN_SAFE_FLOW_IN})|:(?=${SRC_NS_PLAIN_SAFE_FLOW_IN}))#*`;
var SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT = `(?:${SRC_S_WHITE}*${SRC_NS_PLAIN_CHAR_FLOW_OUT})*`;
var SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN = `(?:${SRC_S_WHITE}*${SRC_NS_PLAIN_CHAR_FLOW_IN})*`;
var SRC_NS_PLAIN_ONE_LINE_FLOW_OUT = `${SRC_NS_PLAIN_FIRST_FLOW_OUT}#*${SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT}`;
var SRC_NS_PLAIN_ONE_LINE_FLOW_IN = `${SRC_NS_PLAIN_FIRST_FLOW_IN}#*${SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN}`;
var SRC_NS_PLAIN_ONE_LINE_BLOCK_KEY = SRC_NS_PLAIN_ONE_LINE_FLOW_OUT;
var SRC_NS_PLAIN_ONE_LINE_FLOW_KEY = SRC_NS_PLAIN_ONE_LINE_FLOW_IN;
var SRC_S_NS_PLAIN_NEXT_LINE_FLOW_OUT = `\\n+${SRC_NS_PLAIN_CHAR_FLOW_OUT}${SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT}`;
var SRC_S_NS_PLAIN_NEXT_LINE_FLOW_IN = `\\n+${SRC_NS_PLAIN_CHAR_FLOW_IN}${SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN}`;
var SRC_NS_PLAIN_MULTI_LINE_FLOW_OUT = `${SRC_NS_PLAIN_ONE_LINE_FLOW_OUT}(?:${SRC_S_NS_PLAIN_NEXT_LINE_FLOW_OUT})*`;
var SRC_NS_PLAIN_MULTI_LINE_FLOW_IN = `${SRC_NS_PLAIN_ONE_LINE_FLOW_IN}(?:${SRC_S_NS_PLAIN_NEXT_LINE_FLOW_IN})*`;
var NS_PLAIN_FLOW_OUT = new RegExp(`^(?:${SRC_NS_PLAIN_MULTI_LINE_FLOW_OUT})$`, "u");
var NS_PLAIN_FLOW_IN = new RegExp(`^(?:${SRC_NS_PLAIN_MULTI_LINE_FLOW_IN})$`, "u");
var NS_PLAIN_BLOCK_KEY = new RegExp(`^(?:${SRC_NS_PLAIN_ONE_LINE_BLOCK_KEY})$`, "u");
var NS_PLAIN_FLOW_KEY = new RegExp(`^(?:${SRC_NS_PLAIN_ONE_LINE_FLOW_KEY})$`, "u");
var NB_SINGLE_ONE_LINE = new RegExp(`^(?:${SRC_NB_JSON})*$`, "u");
var NB_SINGLE_MULTI_LINE = new RegExp(`^(?:${SRC_NB_JSON}|\\n)*$`, "u");
var BLOCK_SCALAR_CONTENT = new RegExp(`^(?:${SRC_NB_CHAR}|\\n)*$`, "u");
var C_FORBIDDEN_FIRST_LINE = /^(?:---|\.\.\.)(?=$|[ \t\n\r])/;
var C_FORBIDDEN_CONTENT = /^(?:---|\.\.\.)(?=$|[ \t\n\r])/m;
function canUsePlain(layout) {
	const str = layout.node.value;
	if (str !== "") {
		if (!(layout.isKey ? layout.flowOnly ? NS_PLAIN_FLOW_KEY : NS_PLAIN_BLOCK_KEY : layout.flowOnly ? NS_PLAIN_FLOW_IN : NS_PLAIN_FLOW_OUT).test(str)) return false;
		if (layout.shiftOfFirstLine === 0 && C_FORBIDDEN_FIRST_LINE.test(str)) return false;
		if (layout.shiftOfContent === 0) {
			const firstLineBreak = str.indexOf("\n");
			if (firstLineBreak !== -1) {
				const content = str.slice(firstLineBreak + 1);
				if (C_FORBIDDEN_CONTENT.test(content)) return false;
			}
		}
	}
	const resolvedTag = layout.presenterOptions.schema.resolveImplicitScalarTag(str).tag.tagName;
	if (!layout.node.tagged && resolvedTag !== layout.node.tag) return false;
	if (!layout.node.tagged && str === "=" && resolvedTag === layout.presenterOptions.schema.defaultScalarTag.tagName) return false;
	return true;
}
function canUseSingleQuoted(layout) {
	const str = layout.node.value;
	if (!(layout.isKey ? NB_SINGLE_ONE_LINE : NB_SINGLE_MULTI_LINE).test(str)) return false;
	if (/[ \t]\n|\n[ \t]/.test(str)) return false;
	if (!layout.isKey && layout.shiftOfContent === 0) {
		const firstLineBreak = str.indexOf("\n");
		if (firstLineBreak !== -1 && C_FORBIDDEN_CONTENT.test(str.slice(firstLineBreak + 1))) return false;
	}
	return true;
}
function canUseBlock(layout) {
	if (layout.flowOnly || !BLOCK_SCALAR_CONTENT.test(layout.node.value)) return false;
	const contentIndent = layout.shiftOfContent - layout.shiftOfParent;
	if (contentIndent < 1) return false;
	if (contentIndent > 9 && /^\n* /.test(layout.node.value)) return false;
	if (layout.shiftOfContent === 0 && C_FORBIDDEN_CONTENT.test(layout.node.value)) return false;
	return true;
}
function detectAllowedStyles(layout) {
	let mask = setBit(0, SCALAR_STYLE.DOUBLE_QUOTED);
	if (canUsePlain(layout)) mask = setBit(mask, SCALAR_STYLE.PLAIN);
	if (canUseSingleQuoted(layout)) mask = setBit(mask, SCALAR_STYLE.SINGLE_QUOTED);
	if (canUseBlock(layout)) mask = setBit(setBit(mask, SCALAR_STYLE.LITERAL_BLOCK), SCALAR_STYLE.FOLDED_BLOCK);
	layout.allowedStylesMask = mask;
}
function renderScalar(layout) {
	switch (layout.style) {
		case SCALAR_STYLE.PLAIN: return renderPlain(layout);
		case SCALAR_STYLE.SINGLE_QUOTED: return renderSingleQuoted(layout);
		case SCALAR_STYLE.LITERAL_BLOCK: return renderLiteralBlock(layout);
		case SCALAR_STYLE.FOLDED_BLOCK: return renderFoldedBlock(layout);
		case SCALAR_STYLE.DOUBLE_QUOTED: return renderDoubleQuoted(layout);
	}
}
function renderPlain(layout) {
	return encodeFlowBreaks(layout.node.value, layout.shiftOfContent);
}
function renderSingleQuoted(layout) {
	return `'${encodeFlowBreaks(layout.node.value, layout.shiftOfContent).replace(/'/g, "''")}'`;
}
function renderLiteralBlock(layout) {
	const value = layout.node.value;
	return "|" + blockHeader(value, layout.shiftOfParent, layout.shiftOfContent) + dropEndingNewline(indentString(value, layout.shiftOfContent));
}
function renderFoldedBlock(layout) {
	const value = layout.node.value;
	const w = layout.presenterOptions.lineWidth;
	let availableWidth = Infinity;
	if (w !== -1) availableWidth = Math.max(Math.min(w, 40), w - layout.shiftOfContent);
	return ">" + blockHeader(value, layout.shiftOfParent, layout.shiftOfContent) + dropEndingNewline(indentString(foldBlockScalar(value, availableWidth), layout.shiftOfContent));
}
function renderDoubleQuoted(layout) {
	return `"${escapeString(layout.node.value)}"`;
}
function encodeFlowBreaks(string, shiftOfContent) {
	let nextLF = string.indexOf("\n");
	if (nextLF === -1) return string;
	const pad = " ".repeat(shiftOfContent);
	let result = string.slice(0, nextLF);
	const lineRe = /(\n+)([^\n]*)/g;
	lineRe.lastIndex = nextLF;
	let match;
	while (match = lineRe.exec(string)) {
		const breaks = match[1].length;
		const line = match[2];
		result += "\n".repeat(breaks + 1) + pad + line;
	}
	return result;
}
function indentString(string, spaces) {
	const indent = " ".repeat(spaces);
	let position = 0;
	let result = "";
	const length = string.length;
	while (position < length) {
		let line;
		const next = string.indexOf("\n", position);
		if (next === -1) {
			line = string.slice(position);
			position = length;
		} else {
			line = string.slice(position, next + 1);
			position = next + 1;
		}
		if (line.length && line !== "\n") result += indent;
		result += line;
	}
	return result;
}
function needIndentIndicator(string) {
	return /^\n* /.test(string);
}
function blockHeader(string, shiftOfParent, shiftOfContent) {
	const indentIndicator = needIndentIndicator(string) ? String(shiftOfContent - shiftOfParent) : "";
	const clip = string[string.length - 1] === "\n";
	return `${indentIndicator}${clip && (string[string.length - 2] === "\n" || string === "\n") ? "+" : clip ? "" : "-"}\n`;
}
function dropEndingNewline(string) {
	return string[string.length - 1] === "\n" ? string.slice(0, -1) : string;
}
function isMoreIndented(char) {
	return char === " " || char === "	";
}
function foldLine(line, width) {
	if (line === "" || isMoreIndented(line[0])) return line;
	const breakRe = / [^ \t]/g;
	let match;
	let start = 0;
	let end;
	let curr = 0;
	let next = 0;
	let result = "";
	while (match = breakRe.exec(line)) {
		next = match.index;
		if (next - start > width) {
			end = curr > start ? curr : next;
			result += `\n${line.slice(start, end)}`;
			start = end + 1;
		}
		curr = next;
	}
	result += "\n";
	if (line.length - start > width && curr > start) result += `${line.slice(start, curr)}\n${line.slice(curr + 1)}`;
	else result += line.slice(start);
	return result.slice(1);
}
function foldBlockScalar(string, width) {
	const lineRe = /(\n+)([^\n]*)/g;
	let nextLF = string.indexOf("\n");
	if (nextLF === -1) nextLF = string.length;
	lineRe.lastIndex = nextLF;
	let result = foldLine(string.slice(0, nextLF), width);
	let prevMoreIndented = string[0] === "\n" || isMoreIndented(string[0]);
	let moreIndented;
	let match;
	while (match = lineRe.exec(string)) {
		const prefix = match[1];
		const line = match[2];
		moreIndented = line !== "" && isMoreIndented(line[0]);
		result += prefix + (!prevMoreIndented && !moreIndented && line !== "" ? "\n" : "") + foldLine(line, width);
		prevMoreIndented = moreIndented;
	}
	return result;
}
var CHARACTERS_TO_ESCAPE = /["\\\x00-\x1F\x7F-\xA0\u2028\u2029\uD800-\uDFFF\uFEFF\uFFFE\uFFFF]/gu;
function escapeCharacter(character) {
	switch (character) {
		case "\0": return "\\0";
		case "\x07": return "\\a";
		case "\b": return "\\b";
		case "	": return "\\t";
		case "\n": return "\\n";
		case "\v": return "\\v";
		case "\f": return "\\f";
		case "\r": return "\\r";
		case "\x1B": return "\\e";
		case "\"": return "\\\"";
		case "\\": return "\\\\";
		case "": return "\\N";
		case "\xA0": return "\\_";
		case "\u2028": return "\\L";
		case "\u2029": return "\\P";
	}
	const code = character.charCodeAt(0);
	const hex = code.toString(16).toUpperCase();
	if (code <= 255) return `\\x${"0".repeat(2 - hex.length)}${hex}`;
	return `\\u${"0".repeat(4 - hex.length)}${hex}`;
}
function escapeString(string) {
	return string.replace(CHARACTERS_TO_ESCAPE, escapeCharacter);
}
//#endregion
//#region src/ast/presenter.ts
var CHAR_LINE_FEED = 10;
var DEFAULT_PRESENTER_OPTIONS = {
	indent: 2,
	seqNoIndent: false,
	seqInlineFirst: true,
	lineWidth: 80,
	flowBracketPadding: false,
	flowSkipCommaSpace: false,
	flowSkipColonSpace: false,
	quoteFlowKeys: false,
	quoteStyle: "single",
	forceQuotes: false,
	scalarStyleRules: Object.keys(DEFAULT_SCALAR_STYLE_RULES).map((name) => Reflect.get(DEFAULT_SCALAR_STYLE_RULES, name)),
	tagBeforeAnchor: false
};
function nodeTagShort(node) {
	return node.tagged ? node.tag : tagNameShort(node.tag);
}
function createPresenterState(options) {
	const opts = {
		...DEFAULT_PRESENTER_OPTIONS,
		...options
	};
	if (opts.flowSkipColonSpace) opts.quoteFlowKeys = true;
	return {
		...opts,
		defaultScalarTagName: opts.schema.defaultScalarTag.tagName,
		openEnded: false
	};
}
function generateNextLine(state, level) {
	return `\n${" ".repeat(state.indent * level)}`;
}
function scalarLayout(state, node, parent, level, isKey, flowOnly) {
	return {
		node,
		parent,
		level,
		isKey,
		flowOnly,
		shiftOfParent: level === 0 ? -1 : state.indent * (level - 1),
		shiftOfContent: state.indent * Math.max(1, level),
		shiftOfFirstLine: level === 0 ? 0 : state.indent * level,
		presenterOptions: state,
		allowedStylesMask: 0,
		style: node.style
	};
}
function writeFlowSequence(state, level, node) {
	let result = "";
	for (let index = 0, length = node.items.length; index < length; index += 1) {
		const item = writeNode(state, level, node.items[index], node, {}).text;
		if (index > 0) result += `,${!state.flowSkipCommaSpace ? " " : ""}`;
		result += item;
	}
	const pad = state.flowBracketPadding && node.items.length > 0 ? " " : "";
	return `[${pad}${result}${pad}]`;
}
function writeBlockSequence(state, level, node, compact) {
	let result = "";
	for (let index = 0, length = node.items.length; index < length; index += 1) {
		const item = writeNode(state, level + 1, node.items[index], node, {
			block: true,
			compact: state.seqInlineFirst,
			isblockseq: true
		}).text;
		if (!compact || result !== "") result += generateNextLine(state, level);
		if (item === "" || CHAR_LINE_FEED === item.charCodeAt(0)) result += "-";
		else result += "- ";
		result += item;
	}
	return result;
}
function writeFlowMapping(state, level, node) {
	let result = "";
	for (const { key, value } of node.items) {
		let pairBuffer = "";
		if (result !== "") pairBuffer += `,${!state.flowSkipCommaSpace ? " " : ""}`;
		const keyRender = writeNode(state, level, key, node, { iskey: true });
		const keyText = keyRender.text;
		const valueText = writeNode(state, level, value, node, {}).text;
		const sep = state.flowSkipColonSpace || valueText === "" ? "" : " ";
		const keyIsBareProps = key.kind === "scalar" && keyRender.noBody && (key.tagged || key.anchor !== void 0);
		const keyColonSep = key.kind === "alias" || keyIsBareProps ? " " : "";
		pairBuffer += `${keyText}${keyColonSep}:${sep}${valueText}`;
		result += pairBuffer;
	}
	const pad = state.flowBracketPadding && result !== "" ? " " : "";
	return `{${pad}${result}${pad}}`;
}
function writeBlockMapping(state, level, node, compact) {
	let result = "";
	for (let index = 0, length = node.items.length; index < length; index += 1) {
		let pairBuffer = "";
		if (!compact || result !== "") pairBuffer += generateNextLine(state, level);
		const { key, value } = node.items[index];
		const keyIsBlock = (key.kind === "mapping" || key.kind === "sequence") && key.style === COLLECTION_STYLE.BLOCK && key.items.length !== 0 || key.kind === "scalar" && (key.style === SCALAR_STYLE.LITERAL_BLOCK || key.style === SCALAR_STYLE.FOLDED_BLOCK);
		const keyRender = keyIsBlock ? writeNode(state, level + 1, key, node, {
			block: true,
			compact: true,
			isblockseq: !cannotBeCompact(state, key, level + 1)
		}) : writeNode(state, level + 1, key, node, {
			block: true,
			compact: true,
			iskey: true
		});
		const keyText = keyRender.text;
		const keyHasLineBreak = key.kind === "scalar" && key.value.indexOf("\n") !== -1;
		const keyIsTooLong = keyText.length > 1024 && /^[\s\S]{1025}/u.test(keyText);
		const explicitPair = keyIsBlock || keyHasLineBreak || keyIsTooLong;
		if (explicitPair) {
			if (keyText && CHAR_LINE_FEED === keyText.charCodeAt(0)) pairBuffer += "?";
			else pairBuffer += "? ";
		}
		pairBuffer += keyText;
		if (explicitPair) pairBuffer += generateNextLine(state, level);
		const valueText = writeNode(state, level + 1, value, node, {
			block: true,
			compact: explicitPair,
			isblockseq: explicitPair && !cannotBeCompact(state, value, level + 1)
		}).text;
		const keyIsBareProps = key.kind === "scalar" && keyRender.noBody && (key.tagged || key.anchor !== void 0);
		const keyColonSep = !explicitPair && (key.kind === "alias" || keyIsBareProps) ? " " : "";
		if (valueText === "" || CHAR_LINE_FEED === valueText.charCodeAt(0)) pairBuffer += `${keyColonSep}:`;
		else pairBuffer += `${keyColonSep}: `;
		pairBuffer += valueText;
		result += pairBuffer;
	}
	return result;
}
function cannotBeCompact(state, node, level) {
	if (node.kind === "alias") return true;
	return node.tagged || node.anchor !== void 0 || state.indent < 2 && level > 0;
}
function writeNode(state, level, node, parent, ctx) {
	if (node.kind === "alias") {
		state.openEnded = false;
		return {
			text: `*${node.anchor}`,
			noBody: false
		};
	}
	const { block = false, iskey = false, isblockseq = false } = ctx;
	let compact = ctx.compact ?? false;
	const hasAnchor = node.anchor !== void 0;
	if (cannotBeCompact(state, node, level)) compact = false;
	let body;
	let shouldPrintTag = node.tagged;
	const useBlockCollection = block && (node.kind === "mapping" || node.kind === "sequence") && node.style === COLLECTION_STYLE.BLOCK && node.items.length !== 0;
	if (node.kind === "mapping") {
		if (useBlockCollection) body = writeBlockMapping(state, level, node, compact);
		else body = writeFlowMapping(state, level, node);
	} else if (node.kind === "sequence") {
		if (useBlockCollection) {
			if (state.seqNoIndent && !isblockseq && level > 0) body = writeBlockSequence(state, level - 1, node, compact);
			else body = writeBlockSequence(state, level, node, compact);
		} else body = writeFlowSequence(state, level, node);
	} else {
		const layout = scalarLayout(state, node, parent, level, iskey, !block);
		detectAllowedStyles(layout);
		for (const rule of state.scalarStyleRules) rule(layout);
		body = renderScalar(layout);
		state.openEnded = (layout.style === SCALAR_STYLE.LITERAL_BLOCK || layout.style === SCALAR_STYLE.FOLDED_BLOCK) && (node.value === "\n" || node.value.endsWith("\n\n"));
		shouldPrintTag = node.tagged || body === "" && layout.flowOnly && parent?.kind === "sequence" && !hasAnchor || layout.style !== SCALAR_STYLE.PLAIN && node.tag !== state.defaultScalarTagName;
	}
	if ((node.kind === "mapping" || node.kind === "sequence") && !useBlockCollection) state.openEnded = false;
	if (useBlockCollection && compact && level > 0 && state.indent > 2) body = `${" ".repeat(state.indent - 2)}${body}`;
	const noBody = body === "";
	let text = body;
	if (shouldPrintTag || hasAnchor) {
		const props = [];
		const tag = shouldPrintTag ? nodeTagShort(node) : null;
		const anchor = hasAnchor ? `&${node.anchor}` : null;
		if (state.tagBeforeAnchor) {
			if (tag !== null) props.push(tag);
			if (anchor !== null) props.push(anchor);
		} else {
			if (anchor !== null) props.push(anchor);
			if (tag !== null) props.push(tag);
		}
		const sep = body === "" || body.charCodeAt(0) === CHAR_LINE_FEED ? "" : " ";
		text = `${props.join(" ")}${sep}${body}`;
	}
	return {
		text,
		noBody
	};
}
function rootStartsOwnLine(node) {
	return (node.kind === "sequence" || node.kind === "mapping") && node.style === COLLECTION_STYLE.BLOCK && node.items.length !== 0 && !node.tagged && node.anchor === void 0;
}
function writeDocumentDirectives(doc) {
	let result = "";
	for (const directive of doc.directives) {
		if (directive.kind === "yaml") {
			result += `%YAML ${directive.version}\n`;
			continue;
		}
		const { handle, prefix } = directive;
		result += `%TAG ${handle} ${prefix}\n`;
	}
	return result;
}
/**
* Build YAML from AST.
*
* @category AST
*/
function present(documents, options) {
	const state = createPresenterState(options);
	let result = "";
	let previousEnded = false;
	for (let index = 0; index < documents.length; index += 1) {
		const doc = documents[index];
		state.openEnded = false;
		const directives = writeDocumentDirectives(doc);
		const hasDirectives = directives !== "";
		const marker = doc.explicitStart || hasDirectives || index > 0 && !previousEnded;
		result += directives;
		if (doc.contents === null) {
			if (marker) result += "---\n";
		} else if (marker) {
			const body = writeNode(state, 0, doc.contents, null, {
				block: true,
				compact: true
			}).text;
			const sep = body === "" ? "" : hasDirectives || rootStartsOwnLine(doc.contents) ? "\n" : " ";
			result += `---${sep}${body}\n`;
		} else result += writeNode(state, 0, doc.contents, null, {
			block: true,
			compact: true
		}).text + "\n";
		previousEnded = doc.explicitEnd || state.openEnded;
		if (previousEnded) result += "...\n";
	}
	return result;
}
//#endregion
//#region src/dump.ts
var DEFAULT_DUMP_OPTIONS = {
	...DEFAULT_PRESENTER_OPTIONS,
	schema: DUMP_SCHEMA,
	skipInvalid: false,
	noRefs: false,
	flowLevel: -1,
	sortKeys: false,
	transform: () => {}
};
function defaultCompareFn(a, b) {
	const x = String(a);
	const y = String(b);
	if (x < y) return -1;
	if (x > y) return 1;
	return 0;
}
/**
* Serializes JS object as a YAML document. By default it can dump every
* supported YAML type, so it throws an exception if you try to dump regexps or
* functions. However, you can disable exceptions by setting the
* {@link DumpOptions.skipInvalid} option to `true`.
*
* @category Main
*/
function dump(input, options = {}) {
	const opts = {
		...DEFAULT_DUMP_OPTIONS,
		...options
	};
	const documents = jsToAst(input, opts.schema, {
		noRefs: opts.noRefs,
		skipInvalid: opts.skipInvalid
	});
	if (opts.flowLevel >= 0) visit(documents, (node, ctx) => {
		if (ctx.depth < opts.flowLevel) return;
		if (node.kind === "sequence" || node.kind === "mapping") node.style = COLLECTION_STYLE.FLOW;
		return VISIT_SKIP;
	});
	if (opts.sortKeys) {
		const compareFn = opts.sortKeys === true ? defaultCompareFn : opts.sortKeys;
		visit(documents, (node) => {
			if (node.kind !== "mapping") return;
			node.items.sort((a, b) => compareFn(a.key.kind === "scalar" ? a.key.value : "", b.key.kind === "scalar" ? b.key.value : ""));
		});
	}
	opts.transform(documents);
	return present(documents, {
		...pick(opts, Object.keys(DEFAULT_PRESENTER_OPTIONS)),
		schema: opts.schema
	});
}
//#endregion
//#region src/ast/from_events.ts
var NO_RANGE = (/* unused pure expression or super */ null && (-1));
function eventPosition(event) {
	if ("tagStart" in event && event.tagStart !== NO_RANGE) return event.tagStart;
	if ("anchorStart" in event && event.anchorStart !== NO_RANGE) return event.anchorStart;
	if ("valueStart" in event && event.valueStart !== NO_RANGE) return event.valueStart;
	if ("start" in event) return event.start;
	return 0;
}
function rawTag(state, event) {
	return event.tagStart === NO_RANGE ? "" : state.source.slice(event.tagStart, event.tagEnd);
}
function anchorName(state, event) {
	return event.anchorStart === NO_RANGE ? void 0 : state.source.slice(event.anchorStart, event.anchorEnd);
}
function buildScalar(state, event) {
	const value = getScalarValue(state.source, event);
	const raw = rawTag(state, event);
	let tag;
	let tagged = false;
	if (raw !== "") {
		tagged = true;
		tag = raw;
	} else if (event.style === SCALAR_STYLE.PLAIN) tag = state.schema.resolveImplicitScalarTag(value).tag.tagName;
	else tag = state.schema.defaultScalarTag.tagName;
	return {
		kind: "scalar",
		tag,
		tagged,
		style: event.style,
		anchor: anchorName(state, event),
		value
	};
}
function buildCollection(state, event, defaultTagName) {
	const raw = rawTag(state, event);
	let tag;
	let tagged = false;
	if (raw === "") tag = defaultTagName;
	else {
		tag = raw;
		tagged = true;
	}
	return {
		tag,
		tagged,
		style: event.style,
		anchor: anchorName(state, event)
	};
}
function addNode(state, node) {
	const frame = state.frames[state.frames.length - 1];
	if (frame.kind === "document") frame.doc.contents = node;
	else if (frame.kind === "sequence") frame.node.items.push(node);
	else if (frame.key) {
		frame.node.items.push({
			key: frame.key,
			value: node
		});
		frame.key = null;
	} else frame.key = node;
}
/**
* Builds an AST from parser events
*
* @category AST
*/
function eventsToAst(events, options) {
	const state = {
		source: options.source,
		schema: options.schema,
		eventIndex: 0,
		position: 0,
		frames: [],
		documents: []
	};
	while (state.eventIndex < events.length) {
		const event = events[state.eventIndex++];
		state.position = eventPosition(event);
		switch (event.type) {
			case EVENT_ID.DOCUMENT: {
				const doc = {
					contents: null,
					explicitStart: event.explicitStart,
					explicitEnd: event.explicitEnd,
					directives: event.directives
				};
				state.frames.push({
					kind: "document",
					doc
				});
				break;
			}
			case EVENT_ID.SCALAR:
				addNode(state, buildScalar(state, event));
				break;
			case EVENT_ID.SEQUENCE: {
				const { tag, tagged, style, anchor } = buildCollection(state, event, "tag:yaml.org,2002:seq");
				const node = {
					kind: "sequence",
					tag,
					tagged,
					style,
					anchor,
					items: []
				};
				state.frames.push({
					kind: "sequence",
					node
				});
				break;
			}
			case EVENT_ID.MAPPING: {
				const { tag, tagged, style, anchor } = buildCollection(state, event, "tag:yaml.org,2002:map");
				const node = {
					kind: "mapping",
					tag,
					tagged,
					style,
					anchor,
					items: []
				};
				state.frames.push({
					kind: "mapping",
					node,
					key: null
				});
				break;
			}
			case EVENT_ID.ALIAS:
				addNode(state, {
					kind: "alias",
					anchor: state.source.slice(event.anchorStart, event.anchorEnd)
				});
				break;
			case EVENT_ID.POP: {
				const frame = state.frames.pop();
				if (frame.kind === "mapping" && frame.key) throw new Error("incomplete mapping pair in event stream");
				if (frame.kind === "document") state.documents.push(frame.doc);
				else addNode(state, frame.node);
				break;
			}
		}
	}
	return state.documents;
}
//#endregion
//#region src/index.ts
/** @deprecated Use `EVENT_ID.DOCUMENT` instead. @internal */
var EVENT_DOCUMENT = EVENT_ID.DOCUMENT;
/** @deprecated Use `EVENT_ID.SEQUENCE` instead. @internal */
var EVENT_SEQUENCE = EVENT_ID.SEQUENCE;
/** @deprecated Use `EVENT_ID.MAPPING` instead. @internal */
var EVENT_MAPPING = EVENT_ID.MAPPING;
/** @deprecated Use `EVENT_ID.SCALAR` instead. @internal */
var EVENT_SCALAR = EVENT_ID.SCALAR;
/** @deprecated Use `EVENT_ID.ALIAS` instead. @internal */
var EVENT_ALIAS = EVENT_ID.ALIAS;
/** @deprecated Use `EVENT_ID.POP` instead. @internal */
var EVENT_POP = EVENT_ID.POP;
/** @deprecated Use `SCALAR_STYLE.PLAIN` instead. @internal */
var SCALAR_STYLE_PLAIN = SCALAR_STYLE.PLAIN;
/** @deprecated Use `SCALAR_STYLE.SINGLE_QUOTED` instead. @internal */
var SCALAR_STYLE_SINGLE_QUOTED = SCALAR_STYLE.SINGLE_QUOTED;
/** @deprecated Use `SCALAR_STYLE.DOUBLE_QUOTED` instead. @internal */
var SCALAR_STYLE_DOUBLE_QUOTED = SCALAR_STYLE.DOUBLE_QUOTED;
/** @deprecated Use `SCALAR_STYLE.LITERAL_BLOCK` instead. @internal */
var SCALAR_STYLE_LITERAL_BLOCK = SCALAR_STYLE.LITERAL_BLOCK;
/** @deprecated Use `SCALAR_STYLE.FOLDED_BLOCK` instead. @internal */
var SCALAR_STYLE_FOLDED_BLOCK = SCALAR_STYLE.FOLDED_BLOCK;
/** @deprecated Use `COLLECTION_STYLE.BLOCK` instead. @internal */
var COLLECTION_STYLE_BLOCK = COLLECTION_STYLE.BLOCK;
/** @deprecated Use `COLLECTION_STYLE.FLOW` instead. @internal */
var COLLECTION_STYLE_FLOW = COLLECTION_STYLE.FLOW;
/** @deprecated Use `CHOMPING_MODE.CLIP` instead. @internal */
var CHOMPING_CLIP = CHOMPING_MODE.CLIP;
/** @deprecated Use `CHOMPING_MODE.STRIP` instead. @internal */
var CHOMPING_STRIP = CHOMPING_MODE.STRIP;
/** @deprecated Use `CHOMPING_MODE.KEEP` instead. @internal */
var CHOMPING_KEEP = CHOMPING_MODE.KEEP;
//#endregion


//# sourceMappingURL=js-yaml.mjs.map
;// CONCATENATED MODULE: ./emulator/model/seed.json
const seed_namespaceObject = /*#__PURE__*/JSON.parse('{"users":[{"slug":"olivia","name":"Olivia Owner"},{"slug":"adam","name":"Adam Admin"},{"slug":"dora","name":"Dora Developer"},{"slug":"tom","name":"Tom Tester"},{"slug":"greta","name":"Greta Group-Developer"},{"slug":"oscar","name":"Oscar Outsider"},{"slug":"sam","name":"Sam Solo"}],"tokens":{"token-olivia-owner":"olivia","token-adam-admin":"adam","token-dora-developer":"dora","token-tom-tester":"tom","token-greta-group":"greta","token-oscar-outsider":"oscar","token-sam-solo":"sam"},"stacks":["osx-xcode-16.0.x","osx-xcode-15.4.x","linux-docker-22.04","linux-docker-android-22.04","ubuntu-noble-24.04"],"machine_types":["standard","elite","elite-xl","g2-m1.4core","g2-m1.8core","g2-m2.4core","g2-m2.8core","g2.4core","g2.8core","g2.12core"],"organizations":[{"slug":"acme","name":"Acme Mobile","owners":["olivia"],"groups":[{"slug":"release-team","name":"Release team","members":["greta"]},{"slug":"qa-team","name":"QA team","members":["tom"]},{"slug":"platform","name":"Platform","members":["adam"]}]},{"slug":"globex","name":"Globex","owners":["oscar"],"groups":[]}],"apps":[{"slug":"ios-app","title":"ios-app","owner":{"account_type":"organization","slug":"acme"},"provider":"github","repo_owner":"acme","repo_url":"git@github.com:acme/ios-app.git","repo_slug":"ios-app","project_type":"ios","is_public":false,"default_branch":"main","branches":["main","develop","release/1.2","feature/login"],"team":{"olivia":"owner","adam":"admin","dora":"developer","tom":"tester"},"service_yml":"format_version: \\"13\\"\\nmeta:\\n  service:\\n    stack: osx-xcode-16.0.x\\n    machine_type_id: g2-m1.4core\\napp:\\n  envs:\\n  - PROJECT_PATH: App.xcodeproj\\ntrigger_map:\\n- push_branch: main\\n  workflow: deploy\\n- push_branch: \\"release/*\\"\\n  workflow: deploy\\n- push_branch: \\"*\\"\\n  workflow: primary\\n- tag: \\"v*\\"\\n  workflow: deploy\\n- pull_request_source_branch: \\"*\\"\\n  workflow: primary\\nworkflows:\\n  primary:\\n    steps:\\n    - script:\\n        inputs:\\n        - content: echo \\"running tests\\"\\n  deploy:\\n    meta:\\n      service:\\n        stack: osx-xcode-16.0.x\\n        machine_type_id: g2-m1.8core\\n    steps:\\n    - script:\\n        inputs:\\n        - content: echo \\"deploying\\"\\n","group_roles":{"manager":["release-team"],"member":["qa-team"]},"envs":{"APP_ENV":"production","API_URL":"https://api.example.test"},"secrets":{"SIGNING_PASSWORD":"emulator-secret"},"notifications":{"on_failure":"always","on_success":"change"},"build_outcome":"success"},{"slug":"android-app","title":"android-app","owner":{"account_type":"organization","slug":"acme"},"provider":"github","repo_owner":"acme","repo_url":"git@github.com:acme/android-app.git","repo_slug":"android-app","project_type":"android","is_public":false,"default_branch":"main","branches":["main","develop"],"team":{"olivia":"owner","adam":"admin","dora":"developer","tom":"tester"},"service_yml":"format_version: \\"13\\"\\nmeta:\\n  service:\\n    stack: linux-docker-android-22.04\\n    machine_type_id: standard\\ntrigger_map:\\n- push_branch: \\"*\\"\\n  workflow: primary\\nworkflows:\\n  primary:\\n    steps:\\n    - script:\\n        inputs:\\n        - content: ./gradlew test\\n","config_location":"repository","repository_has_config":false,"ai_summary":true,"build_outcome":"failure"},{"slug":"web-app","title":"web-app","owner":{"account_type":"organization","slug":"acme"},"provider":"github","repo_owner":"acme","repo_url":"git@github.com:acme/web-app.git","repo_slug":"web-app","project_type":"web","is_public":false,"default_branch":"main","branches":["main"],"team":{"olivia":"owner","dora":"developer"},"service_yml":"format_version: \\"13\\"\\nmeta:\\n  service:\\n    stack: linux-docker-22.04\\n    machine_type_id: standard\\ntrigger_map:\\n- push_branch: main\\n  workflow: primary\\nworkflows:\\n  primary:\\n    steps:\\n    - script:\\n        inputs:\\n        - content: echo build\\n"},{"slug":"api-server","title":"api-server","owner":{"account_type":"organization","slug":"acme"},"provider":"github","repo_owner":"acme","repo_url":"git@github.com:acme/api-server.git","repo_slug":"api-server","project_type":"other","is_public":false,"default_branch":"main","branches":["main"],"team":{"olivia":"owner","dora":"developer"},"service_yml":"format_version: \\"13\\"\\nmeta:\\n  service:\\n    stack: linux-docker-22.04\\n    machine_type_id: elite\\ntrigger_map:\\n- push_branch: main\\n  workflow: primary\\nworkflows:\\n  primary:\\n    steps:\\n    - script:\\n        inputs:\\n        - content: echo build\\n"},{"slug":"docs-site","title":"docs-site","owner":{"account_type":"organization","slug":"acme"},"provider":"github","repo_owner":"acme","repo_url":"git@github.com:acme/docs-site.git","repo_slug":"docs-site","project_type":"other","is_public":true,"default_branch":"main","branches":["main"],"team":{"olivia":"owner"},"service_yml":"format_version: \\"13\\"\\nmeta:\\n  service:\\n    stack: linux-docker-22.04\\n    machine_type_id: standard\\ntrigger_map:\\n- push_branch: main\\n  workflow: primary\\nworkflows:\\n  primary:\\n    steps:\\n    - script:\\n        inputs:\\n        - content: echo build\\n"},{"slug":"sam-cli","title":"sam-cli","owner":{"account_type":"user","slug":"sam"},"provider":"github","repo_owner":"sam","repo_url":"https://github.com/sam/sam-cli.git","repo_slug":"sam-cli","project_type":"other","default_branch":"main","branches":["main"],"service_yml":"format_version: \\"13\\"\\nmeta:\\n  service:\\n    stack: linux-docker-22.04\\n    machine_type_id: standard\\ntrigger_map:\\n- push_branch: main\\n  workflow: primary\\nworkflows:\\n  primary:\\n    steps:\\n    - script:\\n        inputs:\\n        - content: echo build\\n","team":{"sam":"owner"}}],"oidc":{"jobs":{"runner-request-token-ios-main":{"sub":"repo:acme/ios-app:ref:refs/heads/main","repository":"acme/ios-app","repository_owner":"acme","ref":"refs/heads/main","ref_type":"branch","event_name":"push","workflow":"CI","job_workflow_ref":"acme/ios-app/.github/workflows/ci.yml@refs/heads/main","runner_environment":"github-hosted"},"runner-request-token-ios-fork-pr":{"sub":"repo:acme/ios-app:pull_request","repository":"acme/ios-app","repository_owner":"acme","ref":"refs/pull/7/merge","event_name":"pull_request","workflow":"CI","job_workflow_ref":"acme/ios-app/.github/workflows/ci.yml@refs/pull/7/merge","runner_environment":"github-hosted"}},"trust_policies":[{"id":"4f9c2e0a-6b1d-4c3e-9a8f-2d7e5b1c0a93","workspace":"acme","rules":{"sub":"repo:acme/ios-app:ref:refs/heads/main","repository":"acme/ios-app"},"role":"developer","session_duration_s":900}]}}');
;// CONCATENATED MODULE: ./emulator/model/types.ts
/**
 * Shapes of the emulator's seed file, and the words (roles, choices, outcomes) its records share.
 * The records the model keeps are in records.ts (Workspaces, apps), build-records.ts,
 * pipeline-records.ts and event-records.ts.
 */
const GROUP_ROLE_NAMES = ['admin', 'manager', 'member'];
/** A JSON object (not null, not an array). */
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./emulator/model/seed.ts
/** Reads and checks a seed (JSON or YAML) describing users, Workspaces, apps and tokens. */




const ROLE_ALIASES = {
    owner: 'owner',
    admin: 'admin',
    developer: 'manager',
    manager: 'manager',
    tester: 'member',
    qa: 'member',
    member: 'member'
};
/** The demo seed shipped with the emulator. */
function bundledSeed() {
    return checkSeed(structuredClone(seed_namespaceObject), 'bundled seed');
}
/** Loads a seed file; `.json` is read as JSON, anything else as YAML (a superset of JSON). */
function loadSeedFile(file) {
    const text = (0,external_node_fs_namespaceObject.readFileSync)(file, 'utf8');
    const data = file.endsWith('.json') ? JSON.parse(text) : load(text);
    return checkSeed(data, file);
}
function fail(where, message) {
    throw new Error(`invalid seed (${where}): ${message}`);
}
/** Checks the references inside a seed and returns it typed; throws an error naming the bad field. */
function checkSeed(data, where = 'seed') {
    if (!isObject(data))
        fail(where, 'the seed must be an object');
    const seed = data;
    if (!Array.isArray(seed.users))
        fail(where, '`users` must be an array');
    if (!isObject(seed.tokens))
        fail(where, '`tokens` must map token strings to user slugs');
    const users = new Set();
    for (const user of seed.users) {
        if (!isObject(user) || typeof user.slug !== 'string')
            fail(where, 'every user needs a `slug`');
        users.add(user.slug);
    }
    // Never quote a token, not even in part: a seed's tokens are its credentials.
    for (const user of Object.values(seed.tokens)) {
        if (!users.has(user))
            fail(where, `a token names unknown user "${user}"`);
    }
    for (const list of ['stacks', 'machine_types']) {
        const value = seed[list];
        if (value !== undefined &&
            !(Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '')))
            fail(where, `\`${list}\` must be a list of names`);
    }
    const groupsByOrg = new Map();
    for (const org of seed.organizations ?? []) {
        if (typeof org.slug !== 'string')
            fail(where, 'every organization needs a `slug`');
        for (const owner of org.owners ?? []) {
            if (!users.has(owner))
                fail(where, `organizations.${org.slug}.owners names unknown user "${owner}"`);
        }
        const groups = new Set();
        for (const group of org.groups ?? []) {
            groups.add(group.slug);
            for (const member of group.members ?? []) {
                if (!users.has(member))
                    fail(where, `group ${group.slug} names unknown user "${member}"`);
            }
        }
        groupsByOrg.set(org.slug, groups);
    }
    const types = seed.oidc?.subject_token_types;
    if (types !== undefined && (!Array.isArray(types) || !types.every((type) => typeof type === 'string' && type !== '')))
        fail(where, 'oidc.subject_token_types must be a list of token type names');
    for (const policy of seed.oidc?.trust_policies ?? []) {
        if (!groupsByOrg.has(policy.workspace))
            fail(where, `oidc.trust_policies.${policy.id} names unknown organization "${policy.workspace}"`);
        checkTrustPolicy(policy, where);
    }
    const appSlugs = new Set();
    for (const app of seed.apps ?? []) {
        checkApp(app, where, users, groupsByOrg);
        if (appSlugs.has(app.slug))
            fail(where, `app slug "${app.slug}" is used twice`);
        appSlugs.add(app.slug);
    }
    return seed;
}
function checkApp(app, where, users, groupsByOrg) {
    if (!isObject(app) || typeof app.slug !== 'string')
        fail(where, 'every app needs a `slug`');
    const at = `apps.${app.slug}`;
    if (!isObject(app.owner))
        fail(where, `${at}.owner must be {account_type, slug}`);
    if (app.owner.account_type === 'organization') {
        if (!groupsByOrg.has(app.owner.slug))
            fail(where, `${at}.owner names unknown organization "${app.owner.slug}"`);
    }
    else if (app.owner.account_type === 'user') {
        if (!users.has(app.owner.slug))
            fail(where, `${at}.owner names unknown user "${app.owner.slug}"`);
    }
    else {
        fail(where, `${at}.owner.account_type must be organization or user`);
    }
    for (const [user, role] of Object.entries(app.team ?? {})) {
        if (!users.has(user))
            fail(where, `${at}.team names unknown user "${user}"`);
        if (!(role in ROLE_ALIASES))
            fail(where, `${at}.team.${user} has unknown role "${role}"`);
    }
    if (app.manual_approval !== undefined && typeof app.manual_approval !== 'boolean')
        fail(where, `${at}.manual_approval must be true or false`);
    if (app.hold_without_owners !== undefined && typeof app.hold_without_owners !== 'boolean')
        fail(where, `${at}.hold_without_owners must be true or false`);
    if (app.ai_summary_shape !== undefined && !['summary', 'three_parts'].includes(app.ai_summary_shape))
        fail(where, `${at}.ai_summary_shape must be summary or three_parts`);
    if (app.ai_summary_delay_ms !== undefined &&
        !(Number.isInteger(app.ai_summary_delay_ms) && app.ai_summary_delay_ms >= 0))
        fail(where, `${at}.ai_summary_delay_ms must be a whole number, 0 or more`);
    if (app.concurrency !== undefined && !(Number.isInteger(app.concurrency) && app.concurrency >= 0))
        fail(where, `${at}.concurrency must be a whole number, 0 or more`);
    if (app.credits_per_minute !== undefined &&
        !(Number.isInteger(app.credits_per_minute) && app.credits_per_minute >= 0))
        fail(where, `${at}.credits_per_minute must be a whole number, 0 or more`);
    const groups = app.owner.account_type === 'organization' ? groupsByOrg.get(app.owner.slug) : undefined;
    for (const [role, slugs] of Object.entries(app.group_roles ?? {})) {
        if (!['admin', 'manager', 'member'].includes(role))
            fail(where, `${at}.group_roles has unknown role "${role}"`);
        for (const slug of slugs ?? []) {
            if (!groups?.has(slug))
                fail(where, `${at}.group_roles.${role} names unknown group "${slug}"`);
        }
    }
}
/** Maps the seed's role words (developer, tester, ...) onto the service's role names. */
function normaliseRole(role) {
    return ROLE_ALIASES[role] ?? role;
}
/** Checks the seed's trust policies: `sub` is mandatory, the role known, the duration positive. */
function checkTrustPolicy(policy, where) {
    const at = `${where}: oidc.trust_policies.${policy.id}`;
    if (typeof policy.rules?.sub !== 'string')
        fail(at, 'needs a sub rule: the service makes the sub claim mandatory');
    if (!['owner', 'admin', 'manager', 'member'].includes(normaliseRole(policy.role ?? '')))
        fail(at, `has unknown role "${policy.role}"`);
    if (!(policy.session_duration_s > 0))
        fail(at, 'needs a positive session_duration_s');
}

;// CONCATENATED MODULE: ./emulator/model/oidc.ts
/**
 * Signing in with a foreign OIDC token, as the service's Workspace trust policies and its token
 * exchange are documented (bitrise-io/docs, docs/bitrise-platform/integrations/oidc-authentication/
 * oidc-for-bitrise.mdx, section "Crafting a token request", and oidc-authentication-overview.mdx,
 * "OIDC token request"): grant_type, subject_token_type=id_token, policy_id and subject_token,
 * the policy found by its id alone. For tests the emulator is also the issuer: a stand-in for the
 * runner's token endpoint that signs tokens with its own RS256 key and publishes it as a JWKS.
 * Only Node's crypto is used.
 */


const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** The subject token type the service documents; a seed may name others (`oidc.subject_token_types`). */
const DOCUMENTED_SUBJECT_TOKEN_TYPE = 'id_token';
/** The fields of the documented request, and no other: an exchange request with more is refused. */
const EXCHANGE_FIELDS = ['grant_type', 'subject_token_type', 'policy_id', 'subject_token'];
const ID_TOKEN_LIFETIME_S = 300;
/** A refusal of the exchange: the service answers only `invalid_token` (release v3.15.0), whatever the reason. */
class ExchangeRefusal extends Error {
    reason;
    constructor(reason) {
        super('invalid_token');
        this.reason = reason;
    }
}
const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** The issuer's key, the jobs it signs tokens for, and the exchange against the seed's trust policies. */
class OidcWorld {
    seed;
    state;
    key;
    /** How many exchanges succeeded, for tests. */
    exchanges = 0;
    /** The last tokens the issuer signed (at most 100), so tests can check none of them leaks. */
    issued = [];
    /** The last exchange requests (at most 100): how each was encoded and its fields, so tests can check what was sent. */
    requests = [];
    constructor(seed, state) {
        this.seed = seed;
        this.state = state;
    }
    /** Forgets the counts and the tokens signed; the key stays. */
    reset() {
        this.exchanges = 0;
        this.issued.length = 0;
        this.requests.length = 0;
    }
    signingKey() {
        this.key ??= { ...(0,external_node_crypto_namespaceObject.generateKeyPairSync)('rsa', { modulusLength: 2048 }), kid: (0,external_node_crypto_namespaceObject.randomBytes)(8).toString('hex') };
        return this.key;
    }
    /** The JWKS the issuer publishes. */
    jwks() {
        const { publicKey, kid } = this.signingKey();
        return { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }] };
    }
    /** The runner's answer to a job's request: a signed token for `audience`, or null when the request token is not a job's. */
    issueIdToken(requestToken, audience, issuer, nowMs) {
        const job = this.seed.jobs?.[requestToken];
        if (!job)
            return null;
        const now = Math.floor(nowMs / 1000);
        const claims = {
            jti: (0,external_node_crypto_namespaceObject.randomBytes)(12).toString('hex'),
            ...job,
            aud: audience,
            iss: issuer,
            iat: now,
            nbf: now,
            exp: now + ID_TOKEN_LIFETIME_S
        };
        const { privateKey, kid } = this.signingKey();
        const input = `${b64({ alg: 'RS256', typ: 'JWT', kid })}.${b64(claims)}`;
        const jwt = `${input}.${(0,external_node_crypto_namespaceObject.sign)('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
        this.issued.push(jwt);
        if (this.issued.length > 100)
            this.issued.shift();
        return jwt;
    }
    /**
     * Checks the request, the token and the policy, and mints a short-lived token; throws
     * ExchangeRefusal. `audience` is the one a policy without its own asks for: the emulator's
     * host, as the service asks for its own (`app.bitrise.io`).
     */
    exchange(request, issuer, audience, nowMs) {
        this.requests.push(request);
        if (this.requests.length > 100)
            this.requests.shift();
        const { fields } = request;
        const extra = Object.keys(fields).filter((name) => !EXCHANGE_FIELDS.includes(name));
        if (extra.length > 0)
            throw new ExchangeRefusal(`fields the documented request does not have: ${extra.join(', ')}`);
        if (fields.grant_type !== TOKEN_EXCHANGE_GRANT)
            throw new ExchangeRefusal('unsupported grant_type');
        if (!(this.seed.subject_token_types ?? [DOCUMENTED_SUBJECT_TOKEN_TYPE]).includes(fields.subject_token_type ?? ''))
            throw new ExchangeRefusal('unsupported subject_token_type');
        // The service finds the policy by its id alone ("matches the policy ID in the request").
        const policy = (this.seed.trust_policies ?? []).find((p) => p.id === fields.policy_id);
        if (!policy)
            throw new ExchangeRefusal('no such trust policy');
        const claims = this.verified(fields.subject_token ?? '', policy.issuer ?? issuer, policy.audience ?? audience, nowMs);
        for (const [name, wanted] of Object.entries(policy.rules)) {
            if (claims[name] !== wanted)
                throw new ExchangeRefusal(`claim ${name} does not match`);
        }
        const token = `oidc-${(0,external_node_crypto_namespaceObject.randomBytes)(24).toString('base64url')}`;
        const user = `oidc-policy:${policy.id}`;
        this.state.tokens.set(token, user);
        this.state.tokenExpiry.set(token, nowMs + policy.session_duration_s * 1000);
        this.state.policyRoles.set(user, { org: policy.workspace, role: normaliseRole(policy.role) });
        this.exchanges++;
        return { access_token: token, token_type: 'Bearer', expires_in: policy.session_duration_s };
    }
    /** The token's claims once its signature, issuer, audience and times hold. */
    verified(jwt, issuer, audience, nowMs) {
        const parts = jwt.split('.');
        if (parts.length !== 3)
            throw new ExchangeRefusal('not a JWT');
        const [header, payload] = parts
            .slice(0, 2)
            .map((part) => parseJson(Buffer.from(part, 'base64url').toString('utf8')));
        const key = this.jwks().keys.find((k) => k.kid === header?.kid);
        if (header?.alg !== 'RS256' || !key)
            throw new ExchangeRefusal('unknown signing key');
        const publicKey = (0,external_node_crypto_namespaceObject.createPublicKey)({ key: key, format: 'jwk' });
        if (!(0,external_node_crypto_namespaceObject.verify)('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, Buffer.from(parts[2], 'base64url')))
            throw new ExchangeRefusal('bad signature');
        if (!payload || payload.iss !== issuer)
            throw new ExchangeRefusal('wrong issuer');
        const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
        if (!audiences.includes(audience))
            throw new ExchangeRefusal('wrong audience');
        const now = nowMs / 1000;
        if (typeof payload.exp !== 'number' || payload.exp <= now)
            throw new ExchangeRefusal('expired');
        if (typeof payload.nbf === 'number' && payload.nbf > now + 60)
            throw new ExchangeRefusal('not yet valid');
        return payload;
    }
}
function parseJson(text) {
    try {
        const value = JSON.parse(text);
        return value && typeof value === 'object' ? value : undefined;
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./emulator/routes/oidc.ts


const EXCHANGE_PATH = '/oidc/token';
const ISSUER_PREFIX = '/_oidc';
/** Whether the path is one of the routes below. */
function isOidcPath(pathname) {
    return pathname === EXCHANGE_PATH || pathname.startsWith(`${ISSUER_PREFIX}/`);
}
/** Answers the exchange and the issuer's endpoints. */
async function serveOidc(model, req, res, url, origin) {
    const issuer = `${origin}${ISSUER_PREFIX}`;
    const method = req.method ?? 'GET';
    const route = `${method} ${url.pathname}`;
    if (route === `POST ${EXCHANGE_PATH}`)
        return answer(req, res, exchange(model, await readBody(req, res), req.headers['content-type'], issuer, new URL(origin).host));
    if (route === `GET ${ISSUER_PREFIX}/token`)
        return answer(req, res, idToken(model, req, url, issuer));
    if (route === `GET ${ISSUER_PREFIX}/.well-known/openid-configuration`) {
        return answer(req, res, {
            status: 200,
            json: {
                issuer,
                jwks_uri: `${issuer}/.well-known/jwks`,
                id_token_signing_alg_values_supported: ['RS256'],
                response_types_supported: ['id_token'],
                subject_types_supported: ['public']
            }
        });
    }
    if (route === `GET ${ISSUER_PREFIX}/.well-known/jwks`)
        return answer(req, res, { status: 200, json: model.oidc.jwks() });
    answer(req, res, { status: 404, json: { message: `no endpoint ${route}` } });
}
/**
 * The exchange takes a form, or the same fields as JSON: the service documents both. Any other
 * body is refused the way the service refuses (invalid_token).
 */
function exchange(model, raw, contentType, issuer, audience) {
    const request = exchangeFields(raw, contentType ?? '');
    if (!request)
        return { status: 400, json: { error: 'invalid_token' } };
    try {
        return {
            status: 200,
            json: model.oidc.exchange(request, issuer, audience, model.now()),
            headers: { 'cache-control': 'no-store' }
        };
    }
    catch (error) {
        if (error instanceof ExchangeRefusal)
            return { status: 400, json: { error: 'invalid_token' } };
        throw error;
    }
}
function exchangeFields(raw, contentType) {
    if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
        const entries = [...new URLSearchParams(raw)];
        // A field given twice is not the documented request either.
        return new Set(entries.map(([name]) => name)).size === entries.length
            ? { encoding: 'form', fields: Object.fromEntries(entries) }
            : undefined;
    }
    if (!/^application\/json\b/i.test(contentType))
        return undefined;
    try {
        const body = JSON.parse(raw);
        if (!body || typeof body !== 'object' || Array.isArray(body))
            return undefined;
        return {
            encoding: 'json',
            fields: Object.fromEntries(Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]))
        };
    }
    catch {
        return undefined;
    }
}
function idToken(model, req, url, issuer) {
    const bearer = /^bearer\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? '')?.[1];
    const audience = url.searchParams.get('audience') ?? '';
    const token = bearer && audience ? model.oidc.issueIdToken(bearer, audience, issuer, model.now()) : null;
    if (token === null)
        return {
            status: 401,
            json: {
                message: bearer
                    ? audience
                        ? 'unknown request token'
                        : 'the audience parameter is missing'
                    : 'missing bearer token'
            }
        };
    return { status: 200, json: { value: token } };
}

;// CONCATENATED MODULE: external "node:net"
const external_node_net_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");
;// CONCATENATED MODULE: ./emulator/control/token.ts
/**
 * Who may use the `/_emulator/*` control endpoints. They can reset the world, read every
 * app's state and inject faults, so once the emulator listens beyond loopback they need a
 * token that only the person who started it has seen.
 */


const CONTROL_TOKEN_HEADER = 'x-emulator-control-token';
/** Whether a host name or address reaches only this machine: 127.0.0.0/8, ::1 (any spelling, or IPv4-mapped), localhost. */
function isLoopbackHost(host) {
    let name = host.trim().toLowerCase();
    if (name.startsWith('[') && name.endsWith(']'))
        name = name.slice(1, -1);
    if (name === 'localhost' || name === 'localhost.')
        return true;
    if ((0,external_node_net_namespaceObject.isIPv4)(name))
        return name.split('.')[0] === '127';
    if (!(0,external_node_net_namespaceObject.isIPv6)(name))
        return false;
    let canonical;
    try {
        canonical = new URL(`http://[${name}]/`).hostname;
    }
    catch {
        // A zone index (fe80::1%eth0) is no loopback address and no URL host either.
        return false;
    }
    return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}
/** Whether the control endpoints need a token: always off loopback, and on loopback when asked. */
function controlTokenRequired(host, requested = false) {
    return requested || !isLoopbackHost(host);
}
/** A fresh random control token. */
function newControlToken() {
    return (0,external_node_crypto_namespaceObject.randomBytes)(24).toString('base64url');
}
/** Compares a presented token with the expected one in constant time (hashing first evens out the lengths). */
function controlTokenMatches(presented, expected) {
    if (typeof presented !== 'string')
        return false;
    const digest = (text) => (0,external_node_crypto_namespaceObject.createHash)('sha256').update(text).digest();
    return (0,external_node_crypto_namespaceObject.timingSafeEqual)(digest(presented), digest(expected));
}

;// CONCATENATED MODULE: ./emulator/control/faults.ts




const ACTIONS = ['status', 'delay', 'drop', 'hang'];
class FaultInjector {
    faults = [];
    nextId = 1;
    /** Checks a fault description from `POST /_emulator/faults` and queues it. */
    add(spec) {
        if (!isObject(spec))
            throw badRequest('fault must be a JSON object');
        const { path, method, count = 1, action, status, retryAfter, body, ms } = spec;
        if (typeof path !== 'string' || path === '')
            throw badRequest('path must be a non-empty string (a prefix, or a route pattern such as /apps/:app/builds)');
        if (method !== undefined && typeof method !== 'string')
            throw badRequest('method must be a string');
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 1)
            throw badRequest('count must be a positive integer');
        if (typeof action !== 'string' || !ACTIONS.includes(action)) {
            throw badRequest(`action must be one of ${ACTIONS.join(', ')}`);
        }
        checkPath(path);
        const fault = { id: this.nextId++, path, remaining: count, action: action, body };
        if (typeof method === 'string')
            fault.method = method.toUpperCase();
        if (action === 'status') {
            if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
                throw badRequest('status must be an HTTP status code from 200 to 599');
            }
            fault.status = status;
            if (retryAfter !== undefined) {
                if (typeof retryAfter !== 'string' && typeof retryAfter !== 'number')
                    throw badRequest('retryAfter must be a string');
                fault.retryAfter = String(retryAfter);
            }
        }
        if (action === 'delay') {
            if (typeof ms !== 'number' || ms < 0 || ms > 60_000)
                throw badRequest('ms must be a number of milliseconds from 0 to 60000');
            fault.ms = ms;
        }
        this.faults.push(fault);
        return fault;
    }
    /** Takes one use of the first fault matching the request, if any. */
    take(method, fullPath, apiPath) {
        const index = this.faults.findIndex((f) => (!f.method || f.method === method) && (pathMatches(f.path, fullPath) || pathMatches(f.path, apiPath)));
        if (index < 0)
            return null;
        const fault = this.faults[index];
        fault.remaining -= 1;
        if (fault.remaining <= 0)
            this.faults.splice(index, 1);
        return { ...fault };
    }
    pending() {
        return this.faults.map((f) => ({ ...f }));
    }
    clear() {
        this.faults = [];
    }
}
/**
 * Characters a request path never holds as the emulator reads it (WHATWG URL parsing: `\` is
 * read as `/`, `?` and `#` end the path, spaces, `{}` and the like arrive percent-encoded). A
 * fault path holding one could never match; they are also what regular expressions are written with.
 */
const NEVER_IN_A_PATH = /[^\x21-\x7e]|[\\?#"<>`{}]/;
/** Refuses a fault path no request can match, naming the character. */
function checkPath(path) {
    const found = NEVER_IN_A_PATH.exec(path)?.[0];
    if (found === undefined)
        return;
    const shown = /[\x21-\x7e]/.test(found)
        ? `"${found}"`
        : `U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    throw badRequest(`path: ${shown} never appears in a request path; a fault path is a prefix (/apps/ios-app) or a route pattern (/apps/:app/builds), not a regular expression`);
}
/**
 * A fault path with a `:name` segment is a route pattern, matched as the route table matches
 * (routes/*.ts): whole paths, segment by segment. Any other is a prefix of the path. Both take
 * time linear in the path and the fault path: neither can backtrack.
 */
function pathMatches(faultPath, path) {
    if (faultPath.split('/').some((segment) => segment.startsWith(':')))
        return matchPattern(faultPath, path) !== null;
    return path.startsWith(faultPath);
}
/** Applies a fault; true when the request has been dealt with (answered, dropped or left hanging). */
async function applyFault(fault, req, res, sleep) {
    switch (fault.action) {
        case 'drop':
            req.socket.destroy();
            return true;
        case 'hang':
            return true;
        case 'delay':
            await sleep(fault.ms ?? 0);
            return false;
        case 'status': {
            const headers = fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {};
            answer(req, res, {
                status: fault.status ?? 503,
                json: fault.body ?? { message: `injected fault: status ${fault.status}` },
                headers
            });
            return true;
        }
    }
}

;// CONCATENATED MODULE: ./emulator/control/replay.ts
/**
 * Replay of a wire trace (the action's `trace: true` file): `--replay <trace.jsonl>` makes the
 * emulator answer every API request from the trace instead of its model, with the recorded
 * status and the recorded body's shape, its placeholders filled with well-formed values. A
 * request is matched to the recorded exchanges of the same method and route (the path with
 * every identifier segment left out), taken in the trace's order; once they are used up the last
 * one is answered again, as a poll that outlasts the recording would see the end it recorded.
 * Only the service's exchanges (peer `service`) are replayed.
 */

/** The route of an API path: resource names kept, the identifier after each replaced (`/apps/:/builds/:`). */
function routeKey(method, apiPath) {
    const segments = apiPath
        .split('?')[0]
        .replace(/^\/v\d+(\.\d+)*/, '')
        .split('/')
        .filter(Boolean);
    return `${method.toUpperCase()} /${segments.map((segment, at) => (at % 2 === 1 ? ':' : segment)).join('/')}`;
}
/**
 * A placeholder's length-bound text: URLs stay URLs (on the emulator itself, whose `/_replay/`
 * answers 404, so nothing the answer names leads off this machine), slugs and ids stay hex,
 * anything else letters.
 */
function filledString(key, length, origin) {
    const name = (key ?? '').toLowerCase();
    if (/url$/.test(name)) {
        const base = `${origin}/_replay/`;
        return length > base.length ? base + 'x'.repeat(length - base.length) : base;
    }
    if (/(^|_)(slug|id)$/.test(name) || name === 'slug') {
        let hex = '';
        for (let round = 0; hex.length < length; round++)
            hex += (0,external_node_crypto_namespaceObject.createHash)('sha256').update(`${name}:${length}:${round}`).digest('hex');
        return hex.slice(0, length);
    }
    return 'x'.repeat(length);
}
/** A timestamp of `format` (`YYYY-MM-DDThh:mm:ss.fffZ` and its variants), at `now`. */
function filledTime(format, now) {
    const iso = now.toISOString(); // YYYY-MM-DDThh:mm:ss.sssZ
    const m = /^YYYY-MM-DD([T ])hh:mm(:ss(?:\.(f+))?)?(Z| UTC|\+hh:mm|\+hhmm)?$/.exec(format);
    if (!m)
        return iso;
    const fraction = m[3] ? `.${(iso.slice(20, 23) + '000000000').slice(0, m[3].length)}` : '';
    const seconds = m[2] ? `${iso.slice(16, 19)}${fraction}` : '';
    const zone = m[4] === '+hh:mm' ? '+00:00' : m[4] === '+hhmm' ? '+0000' : (m[4] ?? '');
    return `${iso.slice(0, 10)}${m[1]}${iso.slice(11, 16)}${seconds}${zone}`;
}
/** A traced JSON body with its placeholders filled. */
function fill(value, now, origin, key) {
    if (typeof value === 'string') {
        const text = /^<string:(\d+)>$/.exec(value);
        if (text)
            return filledString(key, Number(text[1]), origin);
        const time = /^<time:(.+)>$/.exec(value);
        return time ? filledTime(time[1], now) : value;
    }
    if (Array.isArray(value))
        return value.map((item) => fill(item, now, origin, key));
    if (value !== null && typeof value === 'object') {
        const out = {};
        for (const [name, item] of Object.entries(value)) {
            const keyText = /^<key:(\d+)>$/.exec(name);
            out[keyText ? 'k'.repeat(Number(keyText[1])) : name] = fill(item, now, origin, name);
        }
        return out;
    }
    return value;
}
/** The recorded answers of a trace, by route, in order. */
class ReplayPlayer {
    now;
    byRoute = new Map();
    used = new Map();
    constructor(text, now = Date.now) {
        this.now = now;
        for (const [index, line] of text.split('\n').entries()) {
            if (line.trim() === '')
                continue;
            let entry;
            try {
                entry = JSON.parse(line);
            }
            catch {
                throw new Error(`the trace's line ${index + 1} is not JSON`);
            }
            if (typeof entry.method !== 'string' || typeof entry.url !== 'string')
                continue;
            if ((entry.peer ?? 'service') !== 'service' || typeof entry.status !== 'number')
                continue;
            const answer = (entry.answer ?? {});
            const key = routeKey(entry.method, entry.url);
            const list = this.byRoute.get(key) ?? [];
            list.push({ status: entry.status, type: answer.type ?? null, body: answer.body ?? null });
            this.byRoute.set(key, list);
        }
        if (this.byRoute.size === 0)
            throw new Error('the trace holds no exchange with the service');
    }
    /** The recorded routes and how many answers each has, for the start-up line. */
    routes() {
        return [...this.byRoute.entries()].map(([key, list]) => [key, list.length]);
    }
    /** The answer to one request: the next recorded for its route, or the route's last once used up. */
    answer(method, apiPath, origin) {
        const key = routeKey(method, apiPath);
        const list = this.byRoute.get(key);
        if (!list)
            return { status: 404, json: { message: `replay: the trace has no answer for ${key}` } };
        const at = this.used.get(key) ?? 0;
        this.used.set(key, at + 1);
        return this.reply(list[Math.min(at, list.length - 1)], origin);
    }
    reply(recorded, origin) {
        const body = recorded.body;
        if (recorded.status === 204 || !body)
            return { status: recorded.status };
        if ('json' in body)
            return { status: recorded.status, json: fill(body.json, new Date(this.now()), origin) };
        const text = 'x'.repeat(Math.max(0, Math.min(Number(body.bytes) || 0, 1024 * 1024)));
        return { status: recorded.status, text, headers: { 'content-type': recorded.type ?? 'text/plain' } };
    }
}

;// CONCATENATED MODULE: ./emulator/model/app-record.ts
/** A copy of `init` without the keys whose value is undefined, so they cannot hide a default. */
function defined(init) {
    return Object.fromEntries(Object.entries(init).filter(([, value]) => value !== undefined));
}
/** A new app record: the defaults of the service, overridden by whatever `init` sets. */
function newAppRecord(init) {
    const { notifications, groupRoles, team, ...fields } = defined(init);
    const repoSlug = fields.repoSlug ?? init.slug;
    // The published contract's default when none is given (register model: "defaults to master").
    const defaultBranch = fields.defaultBranch ?? 'master';
    return {
        title: repoSlug,
        provider: 'github',
        repoOwner: init.owner.slug,
        repoUrl: `git@github.com:${init.owner.slug}/${repoSlug}.git`,
        projectType: null,
        isPublic: false,
        isDisabled: false,
        status: 1,
        avatarUrl: null,
        branches: [defaultBranch],
        serviceYml: '',
        configLocation: 'service',
        repositoryHasConfig: false,
        envs: {},
        secrets: {},
        buildOutcome: 'success',
        hasSshKey: false,
        sshKeyRegisteredAtProvider: false,
        stackId: null,
        initialConfig: null,
        buildTriggerToken: null,
        registrationFinished: true,
        extra: {},
        nextBuildNumber: 1,
        // On by default for apps registered through the API (devcenter "Approving pull request builds").
        manualApproval: true,
        // Off unless the app's settings turn it on (the contract: "if the AI build summary feature is enabled").
        aiSummary: false,
        concurrency: null,
        creditsPerMinute: null,
        ...fields,
        slug: init.slug,
        owner: { account_type: init.owner.account_type, slug: init.owner.slug },
        repoSlug,
        defaultBranch,
        notifications: {
            on_failure: notifications?.on_failure ?? 'always',
            on_success: notifications?.on_success ?? 'change'
        },
        groupRoles: {
            admin: [...(groupRoles?.admin ?? [])],
            manager: [...(groupRoles?.manager ?? [])],
            member: [...(groupRoles?.member ?? [])]
        },
        team: new Map(team ?? [])
    };
}

;// CONCATENATED MODULE: ./emulator/model/build-configs.ts
/**
 * What the builds ran with, kept beside them: the configuration each build read when it started
 * (the published contract's `GET /apps/{app-slug}/builds/{build-slug}/bitrise.yml`: "the
 * bitrise.yml configuration with which the build ran"), and the workflows each app has ever
 * triggered (`GET /apps/{app-slug}/build-workflows`: "workflows that were triggered at any
 * time", whether the configuration still defines them or not).
 */
/** Characters of distinct configuration texts kept at most; the oldest builds' are forgotten past it. */
const MAX_KEPT_CONFIG_CHARS = 32 * 1024 * 1024;
/** Workflow names kept per app at most (each trigger must name a workflow of the app's file). */
const MAX_TRIGGERED_WORKFLOWS = 10_000;
/**
 * The configuration of each kept build. Builds of one text share it (a string is kept once
 * however many builds ran with it), and the distinct texts are bounded: a client that uploads
 * a new 512 KiB file before each trigger cannot make the emulator hold 10,000 of them.
 */
class BuildConfigs {
    maxChars;
    byBuild = new Map();
    uses = new Map();
    chars = 0;
    constructor(maxChars = MAX_KEPT_CONFIG_CHARS) {
        this.maxChars = maxChars;
    }
    /** Keeps the text a build ran with, forgetting the oldest builds' beyond the bound. */
    keep(buildSlug, text) {
        this.forget(buildSlug);
        this.byBuild.set(buildSlug, text);
        const uses = this.uses.get(text) ?? 0;
        this.uses.set(text, uses + 1);
        if (uses === 0)
            this.chars += text.length;
        for (const oldest of this.byBuild.keys()) {
            if (this.chars <= this.maxChars || oldest === buildSlug)
                break;
            this.forget(oldest);
        }
    }
    /** The text the build ran with, or undefined when it is not kept. */
    of(buildSlug) {
        return this.byBuild.get(buildSlug);
    }
    forget(buildSlug) {
        const text = this.byBuild.get(buildSlug);
        if (text === undefined)
            return;
        this.byBuild.delete(buildSlug);
        const uses = this.uses.get(text) - 1;
        if (uses > 0)
            this.uses.set(text, uses);
        else {
            this.uses.delete(text);
            this.chars -= text.length;
        }
    }
}
/** The workflows each app has triggered, in the order first triggered. */
class TriggeredWorkflows {
    byApp = new Map();
    add(appSlug, workflow) {
        let names = this.byApp.get(appSlug);
        if (!names)
            this.byApp.set(appSlug, (names = new Set()));
        if (names.size < MAX_TRIGGERED_WORKFLOWS)
            names.add(workflow);
    }
    of(appSlug) {
        return [...(this.byApp.get(appSlug) ?? [])];
    }
    forgetApp(appSlug) {
        this.byApp.delete(appSlug);
    }
}

;// CONCATENATED MODULE: ./emulator/model/state.ts
/** The emulator's in-memory world: users, Workspaces, apps, builds and the events they caused. Only the model changes it. */



const ROLE_RANK = { owner: 4, admin: 3, manager: 2, member: 1 };
class EmulatorState {
    seed;
    users = new Map();
    tokens = new Map();
    /** When a short-lived token of an OIDC exchange stops being accepted (ms); seed tokens never expire. */
    tokenExpiry = new Map();
    /** The Workspace role an OIDC trust policy gives the tokens it mints, by their user (`oidc-policy:<id>`). */
    policyRoles = new Map();
    organizations = new Map();
    apps = new Map();
    /** Every build kept, oldest trigger first; add and drop them with addBuild and deleteBuild, which keep the indexes below. */
    builds = new Map();
    /**
     * Builds whose end has not been recorded: settling, before every request, looks at these
     * only, not at the whole history (10,000 builds by default). Those that ended some other
     * way (an abort) are dropped by the next settling.
     */
    unended = new Set();
    /** Each app's builds on each branch, oldest first: the email rule's previous build without a scan of every build. */
    byBranch = new Map();
    /** The configuration each kept build ran with (see model/build-configs.ts). */
    buildConfigs = new BuildConfigs();
    /** The workflows each app has triggered, kept when their builds are dropped. */
    triggeredWorkflows = new TriggeredWorkflows();
    /** Triggers held for manual approval, open and decided, by slug (see model/build-requests.ts). */
    buildRequests = new Map();
    /** Running and finished pipelines, by id (see model/pipelines.ts). */
    pipelines = new Map();
    /** The events of section 6 of the interface, oldest first (see model/events.ts). */
    events = [];
    nextEventSeq = 1;
    /** Counts the model's changes to apps and roles; a list of apps read at one revision holds until the next. */
    revision = 0;
    /** The stacks and machine types the service offers (null: any), from the seed; never changed. */
    offer;
    constructor(seed) {
        this.seed = seed;
        this.offer = {
            stacks: seed.stacks ? new Set(seed.stacks) : null,
            machineTypes: seed.machine_types ? new Set(seed.machine_types) : null
        };
        this.reset();
    }
    /** Forgets everything that happened and rebuilds the world from the seed. */
    reset() {
        this.revision++;
        const seed = structuredClone(this.seed);
        this.users = new Map(seed.users.map((u) => [u.slug, { slug: u.slug, name: u.name ?? u.slug }]));
        this.tokens = new Map(Object.entries(seed.tokens));
        this.tokenExpiry = new Map();
        this.policyRoles = new Map();
        this.organizations = new Map((seed.organizations ?? []).map((o) => [
            o.slug,
            {
                slug: o.slug,
                name: o.name ?? o.slug,
                owners: new Set(o.owners ?? []),
                groups: new Map((o.groups ?? []).map((g) => [
                    g.slug,
                    { slug: g.slug, name: g.name ?? g.slug, members: new Set(g.members ?? []) }
                ]))
            }
        ]));
        this.apps = new Map((seed.apps ?? []).map((a) => [a.slug, appFromSeed(a)]));
        this.builds = new Map();
        this.unended = new Set();
        this.byBranch = new Map();
        this.buildConfigs = new BuildConfigs();
        this.triggeredWorkflows = new TriggeredWorkflows();
        this.pipelines = new Map();
        this.buildRequests = new Map();
        this.events = [];
        this.nextEventSeq = 1;
    }
    /** Keeps a new build, with the configuration its app has now: the one it runs with. */
    addBuild(build) {
        this.builds.set(build.slug, build);
        const app = this.apps.get(build.appSlug);
        if (app)
            this.buildConfigs.keep(build.slug, app.serviceYml);
        this.triggeredWorkflows.add(build.appSlug, build.triggeredWorkflow);
        if (!build.ended)
            this.unended.add(build);
        const key = branchKey(build);
        const list = this.byBranch.get(key);
        if (list)
            list.push(build);
        else
            this.byBranch.set(key, [build]);
    }
    /** Forgets a build, and with it its log. */
    deleteBuild(build) {
        this.builds.delete(build.slug);
        this.buildConfigs.forget(build.slug);
        this.unended.delete(build);
        const key = branchKey(build);
        const list = this.byBranch.get(key) ?? [];
        // The history drops the oldest builds first, so the build is nearly always the list's first.
        const at = list.indexOf(build);
        if (at >= 0)
            list.splice(at, 1);
        if (list.length === 0)
            this.byBranch.delete(key);
    }
    /** The kept builds of the build's app on the build's branch, oldest first (the build among them). */
    sameBranchBuilds(build) {
        return this.byBranch.get(branchKey(build)) ?? [];
    }
    /** The caller's effective role: direct team role, Workspace ownership or the strongest group grant. */
    roleOf(user, app) {
        const candidates = [];
        const direct = app.team.get(user);
        if (direct)
            candidates.push(direct);
        if (app.owner.account_type === 'user' && app.owner.slug === user)
            candidates.push('owner');
        const org = app.owner.account_type === 'organization' ? this.organizations.get(app.owner.slug) : undefined;
        if (org) {
            if (org.owners.has(user))
                candidates.push('owner');
            const viaPolicy = this.policyRoles.get(user);
            if (viaPolicy?.org === org.slug)
                candidates.push(viaPolicy.role);
            for (const [role, groups] of Object.entries(app.groupRoles)) {
                if (groups.some((g) => org.groups.get(g)?.members.has(user)))
                    candidates.push(role);
            }
        }
        return candidates.sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a])[0] ?? null;
    }
    /** Whether the user owns the Workspace or belongs to one of its groups. */
    isWorkspaceMember(user, org) {
        return (org.owners.has(user) ||
            this.policyRoles.get(user)?.org === org.slug ||
            [...org.groups.values()].some((g) => g.members.has(user)));
    }
    /** The app object as the API returns it, with the owner's display name. */
    appView(a) {
        const owner = a.owner.account_type === 'organization' ? this.organizations.get(a.owner.slug) : this.users.get(a.owner.slug);
        return appJson(a, owner?.name);
    }
    /** A JSON-ready dump for the `/_emulator/state` endpoint; never holds keys or tokens. */
    snapshot(now, describeBuild) {
        return {
            users: [...this.users.values()],
            organizations: [...this.organizations.values()].map((o) => ({
                slug: o.slug,
                name: o.name,
                owners: [...o.owners],
                groups: [...o.groups.values()].map((g) => ({ slug: g.slug, name: g.name, members: [...g.members] }))
            })),
            apps: [...this.apps.values()].map((a) => ({
                ...this.appView(a),
                default_branch: a.defaultBranch,
                branches: a.branches,
                config_location: a.configLocation,
                repository_has_config: a.repositoryHasConfig,
                service_yml: a.serviceYml,
                notifications: a.notifications,
                team: Object.fromEntries(a.team),
                group_roles: a.groupRoles,
                envs: a.envs,
                secret_names: Object.keys(a.secrets),
                has_ssh_key: a.hasSshKey,
                ssh_key_registered_at_provider: a.sshKeyRegisteredAtProvider,
                stack_id: a.stackId,
                initial_config: a.initialConfig,
                has_build_trigger_token: a.buildTriggerToken !== null,
                registration_finished: a.registrationFinished,
                build_outcome: a.buildOutcome,
                manual_approval: a.manualApproval,
                ai_summary: a.aiSummary,
                ai_summary_shape: a.aiSummaryShape ?? 'summary',
                ai_summary_delay_ms: a.aiSummaryDelayMs ?? 0,
                hold_without_owners: a.holdWithoutOwners === true,
                concurrency: a.concurrency,
                credits_per_minute: a.creditsPerMinute,
                extra: a.extra
            })),
            builds: [...this.builds.values()].map((b) => describeBuild(b, now)),
            build_requests: [...this.buildRequests.values()].map((r) => ({
                slug: r.slug,
                app: r.appSlug,
                created_at: new Date(r.createdAt).toISOString(),
                build_params: r.trigger.originalParams,
                decision: r.decision && {
                    approved: r.decision.approved,
                    at: new Date(r.decision.at).toISOString(),
                    by: r.decision.by,
                    build_slug: r.decision.buildSlug,
                    reason: r.decision.reason
                }
            })),
            notifications: this.events.filter((e) => e.kind === 'email_notification')
        };
    }
}
const branchKey = (build) => JSON.stringify([build.appSlug, build.branch]);
/** The seed's app, in the seed's words, as a record made by the one app factory. */
function appFromSeed(a) {
    return newAppRecord({
        slug: a.slug,
        owner: a.owner,
        title: a.title,
        provider: a.provider,
        repoOwner: a.repo_owner,
        repoUrl: a.repo_url,
        repoSlug: a.repo_slug,
        projectType: a.project_type,
        isPublic: a.is_public,
        isDisabled: a.is_disabled,
        status: a.status,
        avatarUrl: a.avatar_url,
        defaultBranch: a.default_branch,
        branches: a.branches,
        serviceYml: a.service_yml,
        configLocation: a.config_location,
        repositoryHasConfig: a.repository_has_config,
        notifications: a.notifications,
        team: Object.entries(a.team ?? {}).map(([user, role]) => [user, normaliseRole(role)]),
        groupRoles: a.group_roles,
        envs: { ...(a.envs ?? {}) },
        secrets: { ...(a.secrets ?? {}) },
        buildOutcome: a.build_outcome,
        artifacts: a.artifacts,
        flakyWorkflows: a.flaky_workflows,
        aiSummary: a.ai_summary === true,
        aiSummaryShape: a.ai_summary_shape,
        aiSummaryDelayMs: a.ai_summary_delay_ms,
        // A public app cannot opt out of manual approval (devcenter, "Approving pull request builds").
        manualApproval: a.is_public === true || a.manual_approval !== false,
        holdWithoutOwners: a.hold_without_owners === true,
        concurrency: a.concurrency,
        creditsPerMinute: a.credits_per_minute
    });
}
/** The app object as the API returns it. */
function appJson(a, ownerName) {
    return {
        slug: a.slug,
        title: a.title,
        project_type: a.projectType,
        provider: a.provider,
        repo_owner: a.repoOwner,
        repo_url: a.repoUrl,
        repo_slug: a.repoSlug,
        is_disabled: a.isDisabled,
        status: a.status,
        is_public: a.isPublic,
        owner: { account_type: a.owner.account_type, name: ownerName ?? a.owner.slug, slug: a.owner.slug },
        avatar_url: a.avatarUrl
    };
}

;// CONCATENATED MODULE: ./emulator/model/apps.ts
/** App state changes: the three registration steps, update and delete. */



/** The stack a registered app starts on, until finish names one. */
const DEFAULT_STACK = 'linux-docker-22.04';
/** The configuration a freshly registered app starts with. */
function defaultServiceYml(stack) {
    return [
        'format_version: "13"',
        'meta:',
        '  service:',
        `    stack: ${stack}`,
        '    machine_type_id: standard',
        'trigger_map:',
        '- push_branch: "*"',
        '  workflow: primary',
        '- pull_request_source_branch: "*"',
        '  workflow: primary',
        'workflows:',
        '  primary:',
        '    steps:',
        '    - script:',
        '        inputs:',
        '        - content: echo "hello from the emulator"',
        ''
    ].join('\n');
}
/** The Workspace named by a request's `organization_slug`, provided the caller belongs to it. */
function workspaceOfMember(state, caller, slug) {
    const org = state.organizations.get(slug);
    if (!org)
        throw notFound(`organization "${slug}" (organization_slug) not found`);
    if (!state.isWorkspaceMember(caller, org))
        throw forbidden(`you are not a member of organization "${slug}"`);
    return org;
}
/** Creates an app owned by the Workspace; the caller, who must belong to it, becomes its Owner. */
function registerApp(state, caller, request) {
    workspaceOfMember(state, caller, request.organization);
    const app = newAppRecord({
        slug: (0,external_node_crypto_namespaceObject.randomBytes)(8).toString('hex'),
        owner: { account_type: 'organization', slug: request.organization },
        title: request.title?.trim() ? request.title : undefined,
        provider: request.provider,
        repoOwner: request.gitOwner,
        repoUrl: request.repoUrl,
        repoSlug: request.repoSlug,
        isPublic: request.isPublic,
        defaultBranch: request.defaultBranch,
        serviceYml: defaultServiceYml(DEFAULT_STACK),
        team: [[caller, 'owner']],
        registrationFinished: false
    });
    state.apps.set(app.slug, app);
    return app;
}
/** Keeps only the fact that a key was given: the key itself never enters the emulator's state. */
function registerSshKey(app, atProvider) {
    if (/^https?:\/\//i.test(app.repoUrl)) {
        // 400, the refusal the published contract lists for register-ssh-key (it lists no 422).
        throw invalid(`app "${app.slug}" has an HTTPS repo_url; an SSH key is only used with SSH repository URLs`);
    }
    app.hasSshKey = true;
    app.sshKeyRegisteredAtProvider = atProvider;
}
/**
 * Ends a registration. It runs once: the published contract places it "at the end of the app
 * registration process" and answers 400 for a bad request, so a second call is refused with
 * 400 and changes nothing. Otherwise an Admin who also belongs to another Workspace could move
 * the app there with `organization_slug` and make himself its Owner.
 */
function finishRegistration(state, caller, app, request) {
    if (app.registrationFinished) {
        throw conflict(`app "${app.slug}" has already finished its registration; finish runs once and changes nothing afterwards (owner, team and settings stay as they are)`);
    }
    if (request.organization !== undefined) {
        const org = workspaceOfMember(state, caller, request.organization);
        if (app.owner.account_type !== 'organization' || app.owner.slug !== org.slug) {
            // Group grants name groups of the old Workspace; kept, they would hand roles to same-named groups of the new one.
            app.groupRoles = { admin: [], manager: [], member: [] };
        }
        app.owner = { account_type: 'organization', slug: org.slug };
    }
    if (request.projectType !== undefined)
        app.projectType = request.projectType;
    if (request.stackId !== undefined) {
        app.stackId = request.stackId;
        app.serviceYml = app.serviceYml.replace(/^( {4}stack: ).*$/m, `$1${request.stackId}`);
    }
    if (request.config !== undefined)
        app.initialConfig = request.config;
    app.envs = { ...app.envs, ...request.envs };
    app.buildTriggerToken = (0,external_node_crypto_namespaceObject.randomBytes)(12).toString('base64url');
    app.registrationFinished = true;
}
/** Applies the given fields of `PATCH /apps/{app}`; a new default branch joins the branch list. */
function updateApp(app, changes) {
    if (changes.title !== undefined)
        app.title = changes.title;
    if (changes.defaultBranch !== undefined) {
        app.defaultBranch = changes.defaultBranch;
        if (!app.branches.includes(changes.defaultBranch))
            app.branches.push(changes.defaultBranch);
    }
    if (changes.isPublic !== undefined)
        app.isPublic = changes.isPublic;
    if (changes.repositoryUrl !== undefined)
        app.repoUrl = changes.repositoryUrl;
    for (const [field, value] of Object.entries(changes.extra))
        if (value !== undefined)
            app.extra[field] = value;
}
/** Deletes the app and its builds; it cannot be recovered. */
function deleteApp(state, app) {
    state.apps.delete(app.slug);
    state.triggeredWorkflows.forgetApp(app.slug);
    for (const build of state.builds.values())
        if (build.appSlug === app.slug)
            state.deleteBuild(build);
}

;// CONCATENATED MODULE: ./emulator/model/redaction.ts
/**
 * What the emulator treats as secret in requests, and the copies it keeps instead. The
 * request log, the build records and `/_emulator/state` only ever see these copies.
 *
 * Secret: `auth_ssh_private_key` (register-ssh-key), and the `value` of every item of
 * `build_params.environments` and of the published contract's `build_params.secrets`. An
 * environment item carries no mark saying whether its value is secret (a workflow passes its
 * secrets the same way as plain settings), so every value is taken as one.
 * Not secret: names, `is_expand`, the public key, finish's `envs` (app env vars, which the
 * service shows on the app's page; its secrets are a separate store), and everything else.
 */
const REDACTED = '[redacted]';
const SECRET_FIELDS = new Set(['auth_ssh_private_key']);
const SECRET_VALUE_LISTS = new Set(['environments', 'secrets']);
/** Fields that may carry the whole trigger body as JSON text. */
const ENCODED_BODY_FIELDS = new Set(['payload']);
/** Past this depth a body is not walked but replaced: the walk is recursive and bodies come from anyone. */
const MAX_DEPTH = 64;
const unparsed = (text) => `[unparsed text of ${text.length} characters]`;
/** JSON text (an object or an array) parsed, or undefined when the text is not that. */
function parseJsonText(text) {
    if (!/^\s*[[{]/.test(text))
        return undefined;
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
function redactValueList(list, depth) {
    if (!Array.isArray(list))
        return redactValue(list, depth);
    return list.map((item) => {
        if (typeof item !== 'object' || item === null || Array.isArray(item))
            return REDACTED;
        const copy = redactValue(item, depth + 1);
        if ('value' in copy)
            copy.value = REDACTED;
        return copy;
    });
}
/** JSON text carried in a string, redacted as JSON; any other text only by its length, as it may be a cut-off secret. */
function redactEncoded(text, depth) {
    const parsed = parseJsonText(text);
    return parsed === undefined ? unparsed(text) : JSON.stringify(redactValue(parsed, depth + 1));
}
function redactValue(value, depth) {
    if (depth > MAX_DEPTH)
        return '[nested too deep]';
    if (Array.isArray(value))
        return value.map((item) => redactValue(item, depth + 1));
    if (typeof value !== 'object' || value === null)
        return value;
    const copy = {};
    for (const [key, item] of Object.entries(value)) {
        if (SECRET_FIELDS.has(key))
            copy[key] = REDACTED;
        else if (SECRET_VALUE_LISTS.has(key))
            copy[key] = redactValueList(item, depth + 1);
        else if (ENCODED_BODY_FIELDS.has(key) && typeof item === 'string')
            copy[key] = redactEncoded(item, depth);
        else
            copy[key] = redactValue(item, depth + 1);
    }
    return copy;
}
/** A copy of a parsed request body with every secret replaced by `[redacted]`. */
function redactBody(body) {
    // A body that is a string is the trigger's "JSON serialized to a string" encoding.
    return typeof body === 'string' ? redactEncoded(body, 0) : redactValue(body, 0);
}
/** What the request log keeps of a body that could not be parsed: its size, never its text. */
function unparsedBody(raw) {
    return `[unparsed body of ${Buffer.byteLength(raw)} bytes]`;
}

;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
;// CONCATENATED MODULE: ./src/service-yml/yaml-as-service.ts
/**
 * YAML read as the service reads it. The service's reader is Go's gopkg.in/yaml (a port of
 * libyaml, YAML 1.1), which differs from js-yaml's default (YAML 1.2 core) in two ways that
 * real service.yml files hit:
 *
 * - Scalar meanings: YAML 1.1 reads `no`, `off`, `n` as false, `yes`, `on`, `y` as true,
 *   `0022` as the octal 18, `1_000` as 1000 (gopkg.in/yaml.v2 `resolve.go`). js-yaml's own
 *   YAML 1.1 tags resolve the same; timestamps are left as text, as gopkg.in/yaml.v2 leaves them
 *   for untyped values ("for backward compatibility"). Where the service's model holds a string
 *   (a workflow id, `machine_type_id`, a trigger pattern), Go keeps the text as written: read
 *   those with `TEXT_SCHEMA`, where every scalar is its text.
 * - Indentation: libyaml does not check the indentation of a flow collection's continuation
 *   lines (`[a,` / `b]`) nor of a quoted scalar's (`"one` / `two"`); js-yaml refuses both as
 *   "deficient indentation". Leading white space on those lines carries no meaning (it is
 *   separation in a flow collection and is trimmed by line folding in a quoted scalar), so
 *   such a line is indented further and the text read again. Nothing else is changed.
 */

/** YAML 1.1 scalar meanings for untyped values, with `<<` merge keys (no timestamps: they stay text). */
const YAML11_SERVICE_SCHEMA = new Schema([
    ...FAILSAFE_SCHEMA.tags,
    nullYaml11Tag,
    boolYaml11Tag,
    intYaml11Tag,
    floatYaml11Tag,
    mergeTag,
    binaryTag
]);
/** Every scalar as its text, as Go reads a value into a string field; `<<` merges still apply. */
const TEXT_SCHEMA = FAILSAFE_SCHEMA.withTags(mergeTag);
/** Re-readings allowed per text: each fixes at least one under-indented line. */
const MAX_REPAIRS = 2000;
/**
 * Loads `text` with `load`, indenting further each continuation line js-yaml refuses as
 * "deficient indentation" (see above) until it reads or fails for another reason, which is
 * thrown as js-yaml threw it. Returns the document and the repaired text.
 */
function loadAsService(text, loadFn) {
    const lines = text.split('\n');
    const repairedLines = [];
    let lastLine = -1;
    let pad = 0;
    for (let attempt = 0;; attempt++) {
        const current = lines.join('\n');
        try {
            return { doc: loadFn(current), text: current, repairedLines };
        }
        catch (error) {
            const line = deficientLine(error);
            if (line === undefined || line >= lines.length || attempt >= MAX_REPAIRS)
                throw error;
            // First to one column past the previous line's indentation; if js-yaml still refuses the same line, twice as far.
            pad = line === lastLine ? pad * 2 : Math.max(1, indentOfPrevious(lines, line) + 1 - indentOf(lines[line]));
            if (indentOf(lines[line]) + pad > 1000)
                throw error;
            lines[line] = ' '.repeat(pad) + lines[line];
            if (line !== lastLine)
                repairedLines.push(line + 1);
            lastLine = line;
        }
    }
}
/** Loads service.yml text with YAML 1.1 meanings and the service's tolerance of indentation. */
function loadServiceYaml(text, options = {}) {
    return loadAsService(text, (current) => load(current, { ...options, schema: YAML11_SERVICE_SCHEMA }));
}
/** The same document with every scalar as its text (for the fields the service's model types as strings). */
function loadServiceYamlText(repairedText, options = {}) {
    return load(repairedText, { ...options, schema: TEXT_SCHEMA });
}
/** The 0-based line of a "deficient indentation" refusal, or undefined for any other error. */
function deficientLine(error) {
    const e = error;
    if (e?.reason !== 'deficient indentation' || typeof e.mark?.line !== 'number')
        return undefined;
    return e.mark.line;
}
function indentOf(line) {
    return /^ */.exec(line)[0].length;
}
function indentOfPrevious(lines, index) {
    for (let i = index - 1; i >= 0; i--)
        if (lines[i].trim() !== '')
            return indentOf(lines[i]);
    return 0;
}

;// CONCATENATED MODULE: ./emulator/model/machine-type-edit.ts
/**
 * A machine type migration that changes the machine type values and no other byte of the file:
 * comments, quotes, key order, `no`, `0022` and `12.0` stay as written. The document is read as
 * js-yaml's event stream, whose scalars carry their place in the text; each place the migration
 * covers (`meta.service.machine_type_id`, and the same under every workflow) is found through
 * aliases and merge keys, as a reader of the file finds it, and its value is written over where
 * it stands, in its own quoting when the new value can be written so.
 */

/** The first document of the event stream as a tree, and its aliases; an alias points at the node its anchor last named. */
function treeOf(source, events) {
    const anchors = new Map();
    const aliases = [];
    const stack = [];
    let root;
    const place = (node, anchorStart, anchorEnd) => {
        if (anchorStart >= 0)
            anchors.set(source.slice(anchorStart, anchorEnd), node);
        const parent = stack[stack.length - 1];
        if (!parent)
            root ??= node;
        else if (parent.kind === 'seq')
            parent.items.push(node);
        else if (parent.kind === 'map') {
            const last = parent.entries[parent.entries.length - 1];
            if (last && last[1] === undefined)
                last[1] = node;
            else
                parent.entries.push([node, undefined]);
        }
    };
    for (const event of events) {
        if (event.type === EVENT_ID.DOCUMENT) {
            if (root)
                break;
        }
        else if (event.type === EVENT_ID.POP)
            stack.pop();
        else if (event.type === EVENT_ID.SCALAR)
            place({ kind: 'scalar', event }, event.anchorStart, event.anchorEnd);
        else if (event.type === EVENT_ID.ALIAS) {
            const alias = {
                kind: 'alias',
                event,
                target: anchors.get(source.slice(event.anchorStart, event.anchorEnd))
            };
            aliases.push(alias);
            place(alias, -1, -1);
        }
        else {
            const node = event.type === EVENT_ID.MAPPING ? { kind: 'map', entries: [] } : { kind: 'seq', items: [] };
            place(node, event.anchorStart, event.anchorEnd);
            stack.push(node);
        }
    }
    return { root, aliases };
}
const resolved = (node) => (node?.kind === 'alias' ? resolved(node.target) : node);
function keyText(source, node) {
    const key = resolved(node);
    return key?.kind === 'scalar' ? getScalarValue(source, key.event) : undefined;
}
/**
 * A mapping's entries as a reader sees them: its own, then those its merge keys bring that it
 * lacks (earlier sources first). Each mapping is worked out once: merges of merges cost their
 * size, not a path through every alias, and a mapping that merges itself merges nothing.
 */
function entriesOf(reader, node) {
    const map = resolved(node);
    if (map?.kind !== 'map')
        return [];
    const known = reader.entries.get(map);
    if (known)
        return known;
    reader.entries.set(map, []);
    const own = [];
    const merged = [];
    for (const [key, value] of map.entries) {
        const name = keyText(reader.source, key);
        if (name === undefined)
            continue;
        if (name !== '<<')
            own.push([name, value]);
        else {
            const from = resolved(value);
            for (const item of from?.kind === 'seq' ? from.items : [value])
                merged.push(...entriesOf(reader, item));
        }
    }
    const seen = new Set();
    const entries = [...own, ...merged].filter(([name]) => !seen.has(name) && (seen.add(name), true));
    reader.entries.set(map, entries);
    return entries;
}
const child = (reader, node, name) => entriesOf(reader, node).find(([key]) => key === name)?.[1];
/** The nodes holding each machine type the migration covers: the default stack's, then each workflow's. */
function machineTypeNodes(source, root) {
    const reader = { source, entries: new Map() };
    const of = (holder) => child(reader, child(reader, child(reader, holder, 'meta'), 'service'), 'machine_type_id');
    const workflows = entriesOf(reader, child(reader, root, 'workflows')).map(([, workflow]) => of(workflow));
    return [of(root), ...workflows].filter((node) => node !== undefined);
}
/** Whether the value can stand unquoted, and a reader of a string field gets it as written (not empty, not null). */
const plainSafe = (value) => /^[A-Za-z0-9_][A-Za-z0-9_./+@-]*$/.test(value) && !/^(null|Null|NULL)$/.test(value);
/** The new value written in the style of the old one where it can be, else double-quoted (JSON's escapes are YAML's too). */
function written(value, style) {
    if (style === SCALAR_STYLE.PLAIN && plainSafe(value))
        return value;
    if (style === SCALAR_STYLE.SINGLE_QUOTED && /^[\x20-\x7e\u00a0-\uffff]*$/.test(value))
        return `'${value.replace(/'/g, "''")}'`;
    return plainSafe(value) && style !== SCALAR_STYLE.DOUBLE_QUOTED ? value : JSON.stringify(value);
}
/** The place of a scalar's value in the text, its quotes and any tag included (a tag is dropped: the value is a string). */
function scalarEdit(source, event, to) {
    let start = event.valueStart;
    let end = event.valueEnd;
    if (event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED) {
        start -= 1;
        end += 1;
    }
    else if (event.style === SCALAR_STYLE.LITERAL_BLOCK || event.style === SCALAR_STYLE.FOLDED_BLOCK) {
        // From the `|` or `>` of the header; the line break that ends the block stays.
        start = Math.max(source.lastIndexOf('|', event.valueStart), source.lastIndexOf('>', event.valueStart));
        if (source[end - 1] === '\n')
            end -= 1;
    }
    let prefix = '';
    if (event.tagStart >= 0 && event.tagStart < start) {
        if (event.anchorStart > event.tagStart)
            prefix = `${source.slice(event.anchorStart - 1, event.anchorEnd)} `;
        start = event.tagStart;
    }
    return { start, end, text: prefix + written(to, event.style) };
}
/** An alias written over with a scalar's text. */
const aliasEdit = (alias, text) => ({
    start: alias.event.anchorStart - 1,
    end: alias.event.anchorEnd,
    text
});
/**
 * The edits that put `to` in every place the migration covers whose value is `from`, or null
 * when none is. A value given through an alias is written where the alias stands; an anchored
 * value written over keeps its old text where an alias outside the migration's places repeats it.
 */
function machineTypeEdits(source, from, to) {
    const { root, aliases } = treeOf(source, parseEvents(source, {}));
    const nodes = machineTypeNodes(source, root);
    const covered = new Set(nodes);
    const edits = new Map();
    const add = (edit) => void edits.set(edit.start, edit);
    for (const node of nodes) {
        const value = resolved(node);
        if (value?.kind !== 'scalar' || getScalarValue(source, value.event) !== from)
            continue;
        if (node.kind === 'alias') {
            add(aliasEdit(node, written(to, SCALAR_STYLE.PLAIN)));
            continue;
        }
        const edit = scalarEdit(source, value.event, to);
        add(edit);
        if (value.event.anchorStart < 0)
            continue;
        const old = source.slice(scalarEdit(source, value.event, '').start, edit.end);
        for (const alias of aliases)
            if (alias.target === value && !covered.has(alias))
                add(aliasEdit(alias, old));
    }
    return edits.size === 0 ? null : [...edits.values()];
}
/**
 * The edits in the coordinates of `text`, found in `readable`: the same text with some lines
 * indented further so that js-yaml reads it as the service's reader does (src/service-yml/yaml-as-service.ts).
 */
function editsOfText(text, readable, from, to) {
    const edits = machineTypeEdits(readable, from, to);
    if (edits === null || readable === text)
        return edits;
    const lines = text.split('\n');
    const padded = readable.split('\n');
    const starts = [];
    let at = 0;
    let was = 0;
    lines.forEach((line, i) => {
        starts.push({ at, was, pad: padded[i].length - line.length });
        at += padded[i].length + 1;
        was += line.length + 1;
    });
    const back = (offset) => {
        let i = starts.length - 1;
        while (i > 0 && starts[i].at > offset)
            i--;
        return starts[i].was + Math.max(0, offset - starts[i].at - starts[i].pad);
    };
    return edits.map((edit) => ({ ...edit, start: back(edit.start), end: back(edit.end) }));
}
/** The text with the edits made, the latest first so that earlier offsets hold. */
function applyEdits(source, edits) {
    return [...edits]
        .sort((a, b) => b.start - a.start)
        .reduce((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), source);
}

;// CONCATENATED MODULE: ./emulator/model/service-config.ts
/**
 * Reading and writing the app configuration (service.yml) within its limits, and the machine
 * type migration. Machine types live at `meta.service.machine_type_id` (default stack) and at
 * `workflows.<id>.meta.service.machine_type_id` (a workflow's own stack). What a trigger selects
 * from it is in trigger-map.ts and trigger-targets.ts.
 */


// The action's reader: YAML 1.1 meanings and libyaml's tolerance of indentation, as the service reads (see that module).



/** Largest configuration text accepted, in UTF-8 bytes. */
const MAX_CONFIG_BYTES = 512 * 1024;
/** Aliases (`*name`) per document. */
const MAX_CONFIG_ALIASES = 100;
/** Collection nesting depth. */
const MAX_CONFIG_DEPTH = 100;
/** Keys copied by merge keys (`<<`) across one document. */
const MAX_CONFIG_MERGE_KEYS = 10_000;
/** Nodes once every alias is expanded, as a migration writes the file back. */
const MAX_CONFIG_NODES = 100_000;
/** Characters of keys and strings once every alias is expanded. */
const MAX_CONFIG_EXPANDED_CHARS = 4 * 1024 * 1024;
/** A configuration past one of the limits above; the message says which. */
class ConfigLimitError extends Error {
}
/**
 * Checks what a document becomes once its aliases are expanded (a "billion laughs" is small as
 * text and as parsed objects, which share nodes, but not once written back without references).
 * Stops as soon as a limit is crossed, so the walk itself is bounded.
 */
function checkExpandedSize(value) {
    let nodes = 0;
    let chars = 0;
    const stack = [{ value, depth: 0 }];
    while (stack.length > 0) {
        const { value: item, depth } = stack.pop();
        if (++nodes > MAX_CONFIG_NODES)
            throw new ConfigLimitError(`the configuration expands to more than ${MAX_CONFIG_NODES} nodes once its aliases are expanded`);
        if (depth > MAX_CONFIG_DEPTH)
            throw new ConfigLimitError(`the configuration nests deeper than ${MAX_CONFIG_DEPTH} levels`);
        if (typeof item === 'string')
            chars += item.length;
        else if (Array.isArray(item))
            for (const element of item)
                stack.push({ value: element, depth: depth + 1 });
        else if (typeof item === 'object' && item !== null) {
            for (const [key, element] of Object.entries(item)) {
                chars += key.length;
                stack.push({ value: element, depth: depth + 1 });
            }
        }
        if (chars > MAX_CONFIG_EXPANDED_CHARS) {
            throw new ConfigLimitError(`the configuration expands to more than ${MAX_CONFIG_EXPANDED_CHARS} characters of text once its aliases are expanded`);
        }
    }
}
const LIMITS = { maxAliases: MAX_CONFIG_ALIASES, maxDepth: MAX_CONFIG_DEPTH, maxTotalMergeKeys: MAX_CONFIG_MERGE_KEYS };
/**
 * Parses service.yml text into a mapping of texts: what the emulator reads (trigger patterns,
 * workflow and stage names, machine types) are string fields of the service's model, which keep
 * the text as written (`push_branch: no` is the branch "no"). Throws ConfigLimitError past a
 * limit, the parser's error otherwise.
 */
function parseServiceYml(text) {
    return parseBoth(text).textConfig;
}
/**
 * The document twice: with YAML 1.1 meanings (untyped values) and with every scalar as its text
 * (the service's string fields, such as `machine_type_id`, keep what was written).
 */
function parseBoth(text) {
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_CONFIG_BYTES)
        throw new ConfigLimitError(`the configuration is ${bytes} bytes; at most ${MAX_CONFIG_BYTES} are accepted`);
    let doc;
    let textDoc;
    let read;
    try {
        read = loadServiceYaml(text, LIMITS);
        doc = read.doc;
        textDoc = loadServiceYamlText(read.text, LIMITS);
    }
    catch (error) {
        const message = error.message.split('\n')[0];
        if (/exceeded max(Aliases|Depth|TotalMergeKeys)/.test(message))
            throw new ConfigLimitError(`the configuration is over a limit: ${message}`);
        throw error;
    }
    if (!isObject(doc) || !isObject(textDoc))
        throw new Error('the configuration must be a YAML mapping');
    checkExpandedSize(doc);
    return { config: doc, textConfig: textDoc, readable: read.text };
}
/**
 * Writes a configuration back as YAML text; throws ConfigLimitError for one past the limits.
 * Written for a YAML 1.1 reader: a string such as `no` or `0022` is quoted, so it stays a string.
 */
function dumpServiceYml(config) {
    checkExpandedSize(config);
    const text = dump(config, { noRefs: true, schema: YAML11_SERVICE_SCHEMA });
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_CONFIG_BYTES)
        throw new ConfigLimitError(`the configuration would be ${bytes} bytes as YAML; at most ${MAX_CONFIG_BYTES} are accepted`);
    return text;
}
function serviceMeta(holder) {
    if (!isObject(holder) || !isObject(holder.meta) || !isObject(holder.meta.service))
        return null;
    return holder.meta.service;
}
/** The `meta.service` mappings the migration covers: the default stack's, then each workflow's. */
function machineTypePlaces(doc) {
    return [serviceMeta(doc), ...(isObject(doc.workflows) ? Object.values(doc.workflows).map(serviceMeta) : [])];
}
/**
 * Replaces `from` with `to` in the default stack and in every workflow's stack, matched on the
 * text as written (`machine_type_id` is a string in the service's model). The value is written
 * over where it stands and every other byte of the file is kept (see machine-type-edit.ts).
 * Returns the new text, or null when nothing matched (the text is then left as it was).
 */
function migrateMachineType(text, from, to) {
    const read = parseBoth(text);
    const matched = machineTypePlaces(read.textConfig).map((meta) => meta?.machine_type_id === from);
    if (!matched.includes(true))
        return null;
    const edits = editsOfText(text, read.readable, from, to);
    const edited = edits === null ? null : applyEdits(text, edits);
    if (edited !== null && readsAsMigrated(edited, text, matched, to))
        return edited;
    return rewritten(read.config, read.textConfig, from, to);
}
/**
 * Whether the edited text reads as the old one with the matched places holding `to` and nothing
 * else changed: a value shared through an anchor with a place the migration does not cover
 * would change there too, and is then written anew instead.
 */
function readsAsMigrated(edited, text, matched, to) {
    let after;
    try {
        after = parseBoth(edited).textConfig;
    }
    catch {
        return false;
    }
    // Read again rather than copied: a copy would share nothing an alias shares, nor js-yaml's objects' make.
    const expected = parseBoth(text).textConfig;
    machineTypePlaces(expected).forEach((meta, index) => {
        if (meta && matched[index])
            meta.machine_type_id = to;
    });
    return (0,external_node_util_namespaceObject.isDeepStrictEqual)(after, expected);
}
/** The file written anew from the document, the matched places changed (comments and the text of other values are not kept). */
function rewritten(config, textConfig, from, to) {
    const written = machineTypePlaces(textConfig);
    machineTypePlaces(config).forEach((meta, index) => {
        if (meta && written[index]?.machine_type_id === from)
            meta.machine_type_id = to;
    });
    return dumpServiceYml(config);
}
/** Names of the workflows the configuration defines. */
function workflowNames(config) {
    return isObject(config.workflows) ? Object.keys(config.workflows) : [];
}

;// CONCATENATED MODULE: ./emulator/model/trigger-map.ts

/**
 * Glob match with `*` standing for any run of characters, the rest literal. Trigger map
 * patterns come from uploaded files and branches from callers, so this walks both strings
 * once, going back only to the last `*` (at most length × length steps): a regular
 * expression built from `*a*a*a*b` backtracks for minutes on a long branch.
 */
function globMatch(pattern, value) {
    let p = 0;
    let v = 0;
    let star = -1;
    let resume = 0;
    while (v < value.length) {
        if (p < pattern.length && pattern[p] === '*') {
            star = p++;
            resume = v;
        }
        else if (p < pattern.length && pattern[p] === value[v]) {
            p++;
            v++;
        }
        else if (star >= 0) {
            // Let the last `*` take one more character and try again from there.
            p = star + 1;
            v = ++resume;
        }
        else {
            return false;
        }
    }
    while (pattern[p] === '*')
        p++;
    return p === pattern.length;
}
/**
 * The workflow the trigger map selects, or null. Supports items with `push_branch`, `tag`,
 * `pull_request_source_branch` and `pull_request_target_branch`, and a `workflow` field;
 * the first matching item wins, as on the service.
 */
function selectWorkflow(config, event) {
    if (!Array.isArray(config.trigger_map))
        return null;
    for (const item of config.trigger_map) {
        if (!isObject(item) || typeof item.workflow !== 'string')
            continue;
        if (event.pullRequest) {
            const source = item.pull_request_source_branch;
            const target = item.pull_request_target_branch;
            if (typeof source !== 'string' && typeof target !== 'string')
                continue;
            if (typeof source === 'string' && !globMatch(source, event.pullRequest.sourceBranch ?? ''))
                continue;
            if (typeof target === 'string' && !globMatch(target, event.pullRequest.targetBranch ?? ''))
                continue;
            return item.workflow;
        }
        if (event.tag !== undefined) {
            if (typeof item.tag === 'string' && globMatch(item.tag, event.tag))
                return item.workflow;
            continue;
        }
        if (event.branch !== undefined &&
            typeof item.push_branch === 'string' &&
            globMatch(item.push_branch, event.branch)) {
            return item.workflow;
        }
    }
    return null;
}

;// CONCATENATED MODULE: ./emulator/model/events.ts
/**
 * The events of section 6 of the interface: build status reports to the git provider and
 * email notifications. The emulator sends neither; it records each decision (sent or not, and
 * why) in the world's event log, which `GET /_emulator/events` shows.
 */

/** Bounded, so a long rehearsal cannot grow the log without end. */
const MAX_EVENTS = 10_000;
function record(state, at, event) {
    if (state.events.length >= MAX_EVENTS)
        state.events.shift();
    state.events.push({ seq: state.nextEventSeq++, at: new Date(at).toISOString(), ...event });
}
/**
 * Whether an email goes out for a build that ended as `outcome`. `change` compares with the
 * latest earlier build of the same app and branch that had finished by then; with none, it sends.
 */
function emailDecision(state, app, build, outcome, at) {
    const setting = outcome === 'success' ? app.notifications.on_success : app.notifications.on_failure;
    if (setting === 'never')
        return { setting, sent: false, reason: 'setting is never' };
    if (setting === 'always')
        return { setting, sent: true, reason: 'setting is always' };
    const previous = latestFinishedBefore(state.sameBranchBuilds(build), build, at);
    if (!previous)
        return { setting, sent: true, reason: 'no previous build on this branch' };
    const previousSucceeded = previous.status === 1 || previous.status === 4;
    const changed = previousSucceeded !== (outcome === 'success');
    return { setting, sent: changed, reason: changed ? 'status changed' : 'status unchanged' };
}
/**
 * Of `builds` (one app and branch, in trigger order, which is build number order: numbers are
 * given at trigger), where the latest numbered below `build` that had finished by `at` stands.
 */
function latestFinishedBefore(builds, build, at) {
    // From the newest back: the first finished one is nearly always the build just before.
    for (let i = builds.length - 1; i >= 0; i--) {
        if (builds[i].buildNumber >= build.buildNumber)
            continue;
        const progress = progressOf(builds[i], at);
        if (progress.status !== 0)
            return progress;
    }
    return undefined;
}
function statusReport(state, build, event, reportState, skip, at) {
    const decision = skip ?? { sent: true, reason: 'the app has a webhook' };
    record(state, at, {
        kind: 'git_status_report',
        event,
        app: build.appSlug,
        build: build.slug,
        branch: build.branch,
        commit_hash: build.commitHash,
        state: reportState,
        ...decision
    });
    if (reportState !== 'pending')
        build.gitStatusReport = decision.sent ? reportState : null;
}
const skippedByTrigger = (build) => build.skipGitStatusReport ? { sent: false, reason: 'skip_git_status_report was true at trigger' } : null;
/** The `pending` status report sent when a build is triggered. */
function recordTrigger(state, build, at) {
    statusReport(state, build, 'trigger', 'pending', skippedByTrigger(build), at);
}
/** A build that ran to its end: its final status report, and the email its outcome calls for. */
function recordBuildEnd(state, app, build, at) {
    statusReport(state, build, 'build_end', build.outcome, skippedByTrigger(build), at);
    const email = emailDecision(state, app, build, build.outcome, at);
    record(state, at, {
        kind: 'email_notification',
        event: 'build_end',
        app: app.slug,
        build: build.slug,
        branch: build.branch,
        outcome: build.outcome,
        ...email
    });
}
/**
 * An aborted build: reported as success with `abort_with_success`, as failure otherwise; the
 * email follows the app's settings unless `skip_notifications`. Returns whether the email went out.
 */
function recordAbort(state, app, build, at) {
    const abort = build.abort;
    const outcome = abort.withSuccess ? 'success' : 'failure';
    const skip = skippedByTrigger(build) ??
        (abort.skipGitStatusReport ? { sent: false, reason: 'skip_git_status_report was true at abort' } : null);
    statusReport(state, build, 'abort', outcome, skip, at);
    const email = abort.skipNotifications
        ? {
            setting: outcome === 'success' ? app.notifications.on_success : app.notifications.on_failure,
            sent: false,
            reason: 'skip_notifications is true'
        }
        : emailDecision(state, app, build, outcome, at);
    record(state, at, {
        kind: 'email_notification',
        event: 'abort',
        app: app.slug,
        build: build.slug,
        branch: build.branch,
        outcome,
        ...email
    });
    return email.sent;
}

;// CONCATENATED MODULE: ./emulator/model/build-overrides.ts

function build_overrides_serviceMeta(holder) {
    return isObject(holder) && isObject(holder.meta) && isObject(holder.meta.service) ? holder.meta.service : {};
}
/** A scalar of the configuration as text (YAML may read `12.0` as a number), or null when absent. */
function scalarText(value) {
    return (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : null;
}
/** The stack and machine type of a build of `workflow`. */
function runsOn(app, config, workflow, text) {
    const own = build_overrides_serviceMeta(isObject(config.workflows) ? config.workflows[workflow] : undefined);
    const top = build_overrides_serviceMeta(config);
    return {
        stackIdentifier: text.stack ?? scalarText(own.stack) ?? scalarText(top.stack) ?? app.stackId,
        machineTypeId: text.machine_type_id ?? scalarText(own.machine_type_id) ?? scalarText(top.machine_type_id)
    };
}

;// CONCATENATED MODULE: ./emulator/model/builds.ts
/** Build state changes: trigger, abort, concurrency holds, and the recording of a build's end. */








/**
 * Configurations already read, by their text: a trigger reads its app's file, and parsing it
 * again for each of thousands of triggers was a third of the emulator's time. Only read from.
 */
const parsedConfigs = new Map();
const MAX_PARSED_CONFIGS = 256;
function parsedConfig(text) {
    let config = parsedConfigs.get(text);
    if (!config) {
        config = parseServiceYml(text);
        if (parsedConfigs.size >= MAX_PARSED_CONFIGS)
            parsedConfigs.delete(parsedConfigs.keys().next().value);
        parsedConfigs.set(text, config);
    }
    return config;
}
/** Reads the app's configuration as a build would, or answers 400 when it cannot be found or read. */
function configForBuild(app) {
    if (app.configLocation === 'repository' && !app.repositoryHasConfig) {
        throw invalid(`the configuration file service.yml was not found in the repository of app "${app.slug}" (the configuration location is "repository")`);
    }
    try {
        return parsedConfig(app.serviceYml);
    }
    catch (error) {
        if (error instanceof ConfigLimitError)
            throw invalid(`the app's service.yml is over the emulator's limits: ${error.message}`);
        throw invalid(`the app's service.yml is not valid: ${error.message.split('\n')[0]}`);
    }
}
/** `workflow_id` when given (it must name a workflow of the file), else the first trigger map item that matches. */
function chooseWorkflow(config, request) {
    const { text } = request;
    if (text.workflow_id) {
        const known = workflowNames(config);
        if (known.length > 0 && !known.includes(text.workflow_id)) {
            throw invalid(`build_params.workflow_id: workflow "${text.workflow_id}" is not defined in the configuration`);
        }
        return text.workflow_id;
    }
    const selected = selectWorkflow(config, {
        branch: text.branch,
        tag: text.tag,
        pullRequest: request.pullRequestId !== null ? { sourceBranch: text.branch, targetBranch: text.branch_dest } : undefined
    });
    if (selected === null) {
        throw invalid('no trigger map item matched the given branch, tag or pull request; set build_params.workflow_id or add a trigger_map item');
    }
    return selected;
}
/**
 * App envs beat additional envs; secrets beat both (interface rule 2), and the trigger's own
 * `secrets` beat the app's. The record keeps app env values only: a trigger's values may be
 * secrets (nothing on the wire says which), and the app's secrets are.
 */
function effectiveEnvironment(app, additional, buildSecrets = []) {
    const effectiveEnv = {};
    const envSources = {};
    const set = (name, value, source) => {
        effectiveEnv[name] = value;
        envSources[name] = source;
    };
    for (const item of additional)
        set(item.name, REDACTED, 'additional');
    for (const [name, value] of Object.entries(app.envs))
        set(name, value, 'app');
    for (const name of Object.keys(app.secrets))
        set(name, '[secret]', 'secret');
    for (const item of buildSecrets)
        set(item.name, '[secret]', 'build_secret');
    return { effectiveEnv, envSources };
}
/**
 * What the service's standard clone step checks out, with its inputs at their defaults
 * (bitrise-steplib/steps-git-clone, gitclone/checkout.go, selectCheckoutMethod; merge_pr: yes).
 * A trigger naming a destination branch, a merge ref or a source repository URL is a pull request
 * to the step: it checks out the merge ref, else merges the head into the destination branch
 * (the fork's branch when the source repository is not the app's, the commit otherwise;
 * checkout_method_pr_manual.go). Any other trigger gets the most specific of commit, tag and
 * branch (interface rule 1), or the app's default branch when it names none.
 */
function checkoutOf(app, text) {
    if (text.pull_request_merge_branch)
        return { kind: 'pull_request_merge_branch', value: text.pull_request_merge_branch };
    if (text.branch_dest || text.pull_request_repository_url) {
        const fork = text.pull_request_repository_url !== undefined && text.pull_request_repository_url !== app.repoUrl;
        return {
            kind: 'merge',
            value: fork
                ? `${text.pull_request_repository_url} ${text.branch ?? ''}`.trim()
                : (text.commit_hash ?? text.branch ?? ''),
            into: text.branch_dest ?? ''
        };
    }
    if (text.commit_hash)
        return { kind: 'commit_hash', value: text.commit_hash };
    if (text.tag)
        return { kind: 'tag', value: text.tag };
    if (text.branch)
        return { kind: 'branch', value: text.branch };
    return { kind: 'default_branch', value: app.defaultBranch };
}
/** The app's builds that have started and not ended at `now`: those using its concurrency. */
function runningCount(state, app, now) {
    let count = 0;
    for (const b of state.unended)
        if (b.appSlug === app.slug && !b.abort && b.startedAt !== null && now < b.startedAt + b.durationMs)
            count++;
    return count;
}
/** Whether the app has a free concurrency slot for one more build (or pipeline). */
function hasFreeSlot(state, app, now) {
    return app.concurrency === null || runningCount(state, app, now) < app.concurrency;
}
/**
 * Starts a build, or puts it on hold when the app has no free concurrency slot (devcenter,
 * "Build statuses": on hold means more builds started than the plan allows). Whether the trigger
 * needs manual approval first is decided before this (model/build-requests.ts).
 */
function triggerBuild(state, app, request, now, defaultDurationMs, buildRequest = null) {
    const config = configForBuild(app);
    const workflow = chooseWorkflow(config, request);
    const { text } = request;
    const free = hasFreeSlot(state, app, now);
    const build = {
        slug: (0,external_node_crypto_namespaceObject.randomBytes)(8).toString('hex'),
        appSlug: app.slug,
        buildNumber: app.nextBuildNumber++,
        triggeredAt: now,
        startedAt: free ? now : null,
        durationMs: request.durationMs ?? defaultDurationMs,
        creditsPerMinute: app.creditsPerMinute,
        outcome: request.outcome ?? app.buildOutcome,
        triggeredWorkflow: workflow,
        branch: text.branch ?? null,
        commitHash: text.commit_hash ?? null,
        tag: text.tag ?? null,
        pullRequestId: request.pullRequestId,
        checkout: checkoutOf(app, text),
        originalParams: request.originalParams,
        additionalEnvs: request.environments,
        ...effectiveEnvironment(app, request.environments, request.secrets),
        ...runsOn(app, config, workflow, text),
        priority: request.priority ?? 0,
        skipGitStatusReport: request.skipGitStatusReport,
        buildRequest,
        gitStatusReport: null,
        ended: false,
        abort: null
    };
    state.addBuild(build);
    recordTrigger(state, build, now);
    return build;
}
/**
 * Starts builds on hold while their app has free concurrency slots: the highest priority first,
 * then the oldest (devcenter, "Build priority": a higher value runs sooner, 0 by default).
 */
function startHeldBuilds(state, now) {
    const waiting = [...state.unended]
        .filter((b) => b.startedAt === null && !b.abort)
        .sort((a, b) => b.priority - a.priority || a.buildNumber - b.buildNumber);
    for (const build of waiting) {
        const app = state.apps.get(build.appSlug);
        if (app && hasFreeSlot(state, app, now))
            build.startedAt = now;
    }
}
/** Aborts a build that has not finished (held or running) and records the events the abort causes. */
function abortBuild(state, app, build, caller, request, now) {
    settleBuilds(state, now);
    const progress = progressOf(build, now);
    if (progress.status !== 0) {
        throw conflict(`build "${build.slug}" has already finished (${progress.statusText}) and cannot be aborted`);
    }
    build.abort = { at: now, ...request, notificationSent: false, by: caller };
    build.ended = true;
    build.abort.notificationSent = recordAbort(state, app, build, now);
}
/**
 * Records the end of every build that has run its course by `now`, in the order they ended.
 * Builds need no timers: this runs before each request, so the events are in place before
 * anyone can ask about them, stamped with the time the build ended.
 */
function settleBuilds(state, now) {
    const ended = [];
    for (const build of state.unended) {
        if (build.ended)
            state.unended.delete(build);
        else if (build.startedAt !== null && now >= build.startedAt + build.durationMs) {
            state.unended.delete(build);
            ended.push(build);
        }
    }
    ended.sort((a, b) => a.startedAt + a.durationMs - (b.startedAt + b.durationMs) || a.buildNumber - b.buildNumber);
    for (const build of ended) {
        build.ended = true;
        const app = state.apps.get(build.appSlug);
        if (app)
            recordBuildEnd(state, app, build, build.startedAt + build.durationMs);
    } // A slot freed since the last settling goes to the oldest build on hold (it starts now, a little late).
    startHeldBuilds(state, now);
}

;// CONCATENATED MODULE: ./emulator/model/build-requests.ts
/**
 * Build requests: a trigger held for manual build approval. The service answers it 2xx without a
 * build slug (bitrise-steplib/bitrise-step-build-router-start, main.go) and keeps a build request;
 * only its approval creates the build (devcenter, "Approving pull request builds"). A rejection
 * creates nothing; the emulator records who rejected and why, which the public API does not show.
 */



/**
 * Whether a trigger waits for approval: a pull request build, on an app with manual approval on,
 * whose repository owners are omitted (interface rule 3) or differ (the service's own GitHub
 * webhook sends the fork's owner and the base's: bitrise-io/bitrise-webhooks,
 * service/hook/github/github.go). A push build, or a pull request with equal owners, is not held.
 * With one owner only, no source says; the emulator holds it, the more careful reading. An app
 * seeded with hold_without_owners also holds a trigger of no pull request that names neither
 * owner, as rule 3 reads word for word.
 */
function needsApproval(app, request) {
    const source = request.text.branch_repo_owner;
    const dest = request.text.branch_dest_repo_owner;
    if (app.manualApproval && app.holdWithoutOwners && !request.pullRequestId && !source && !dest)
        return true;
    if (!app.manualApproval || !request.pullRequestId)
        return false;
    return !source || !dest || source.toLowerCase() !== dest.toLowerCase();
}
/** Keeps a held trigger as an open build request, once the trigger is known to be valid. */
function holdForApproval(state, app, request, now) {
    chooseWorkflow(configForBuild(app), request);
    const record = {
        slug: (0,external_node_crypto_namespaceObject.randomBytes)(8).toString('hex'),
        appSlug: app.slug,
        createdAt: now,
        trigger: request,
        decision: null
    };
    state.buildRequests.set(record.slug, record);
    return record;
}
/** The open build requests of an app, oldest first. */
function openBuildRequests(state, app) {
    return [...state.buildRequests.values()]
        .filter((r) => r.appSlug === app.slug && r.decision === null)
        .sort((a, b) => a.createdAt - b.createdAt);
}
/** Approves (a new build starts from the held trigger) or rejects (nothing starts) an open build request. */
function decideBuildRequest(state, app, caller, requestSlug, approve, now, defaultDurationMs) {
    const request = state.buildRequests.get(requestSlug);
    if (!request || request.appSlug !== app.slug || request.decision !== null)
        throw notFound(`no open build request "${requestSlug}" for app "${app.slug}"`);
    const build = approve ? triggerBuild(state, app, request.trigger, now, defaultDurationMs, request.slug) : null;
    request.decision = {
        approved: approve,
        at: now,
        by: caller,
        buildSlug: build?.slug ?? null,
        reason: approve ? null : `rejected by ${caller}`
    };
    return { request, build };
}

;// CONCATENATED MODULE: ./emulator/model/pipeline-plan.ts

/** The documentation's limit on a graph pipeline's workflows. */
const MAX_PIPELINE_WORKFLOWS = 200;
/** Values of `should_always_run`: the CLI's model has `off` and `workflow`, the documentation `none` and `workflow`. */
const ALWAYS_RUN = ['off', 'none', 'workflow'];
/** Fields of a graph pipeline's workflow the emulator does not emulate (workflow variants, inputs, parallel copies). */
const NOT_EMULATED = ['uses', 'inputs', 'parallel'];
const BOOLEAN_TEXT = /^(true|false|yes|no|on|off|y|n)$/i;
const asList = (value) => (Array.isArray(value) ? value : []);
const nameOf = (item) => typeof item === 'string' ? item : isObject(item) ? Object.keys(item)[0] : undefined;
/** Reads pipeline `id`: undefined when the configuration does not define it. */
function readPipeline(config, id) {
    const pipelines = isObject(config.pipelines) ? config.pipelines : {};
    if (!Object.hasOwn(pipelines, id))
        return undefined;
    const definition = pipelines[id];
    if (definition !== null && !isObject(definition))
        return { error: `pipeline "${id}" must be a mapping` };
    const stages = asList(definition?.stages);
    const workflows = isObject(definition?.workflows) ? Object.keys(definition.workflows) : [];
    if (stages.length > 0 && workflows.length > 0)
        return { error: `pipeline "${id}" has both stages and workflows; a pipeline has one or the other` };
    if (stages.length > 0)
        return stagePlan(config, id, stages);
    if (definition?.workflows !== undefined && definition.workflows !== null && !isObject(definition.workflows)) {
        return { error: `pipeline "${id}": workflows must be a mapping of workflow names` };
    }
    if (workflows.length > 0)
        return graphPlan(config, id, definition.workflows);
    return { empty: `pipeline "${id}" has no stages and no workflows, so it cannot be started` };
}
/** Stages run in turn: each workflow of a stage waits for every workflow of the stage before. */
function stagePlan(config, id, entries) {
    const shared = isObject(config.stages) ? config.stages : {};
    const stages = entries.map((entry) => {
        const name = nameOf(entry) ?? '';
        const inline = isObject(entry) && isObject(entry[name]) ? entry[name].workflows : undefined;
        const own = Object.hasOwn(shared, name) && isObject(shared[name])
            ? shared[name].workflows
            : undefined;
        const workflows = asList(inline ?? own)
            .map(nameOf)
            .filter((w) => Boolean(w));
        return { name, workflows };
    });
    if (stages.some((s) => s.name === '' || s.workflows.length === 0))
        return { error: `pipeline "${id}" has a stage without a name or without workflows` };
    const planned = [];
    let before = [];
    for (const stage of stages) {
        const start = planned.length;
        for (const name of stage.workflows)
            planned.push({ name, stage: stage.name, needs: before, alwaysRun: false });
        before = stage.workflows.map((_, i) => start + i);
    }
    return { plan: { kind: 'stages', workflows: planned } };
}
/** A graph: each workflow waits for those it depends on; refused as the service's CLI refuses it. */
function graphPlan(config, id, entries) {
    const names = Object.keys(entries);
    if (names.length > MAX_PIPELINE_WORKFLOWS)
        return { error: `pipeline "${id}" has ${names.length} workflows; at most ${MAX_PIPELINE_WORKFLOWS} are allowed` };
    const defined = isObject(config.workflows) ? config.workflows : {};
    const planned = [];
    for (const name of names) {
        const where = `workflow "${name}" of pipeline "${id}"`;
        if (name.startsWith('_'))
            return { error: `${where} is a utility workflow, which a pipeline cannot run` };
        if (!Object.hasOwn(defined, name))
            return { error: `${where} is not defined under workflows` };
        const entry = entries[name] ?? {};
        if (!isObject(entry))
            return { error: `${where} must be a mapping` };
        const problem = fieldProblem(entry, names);
        if (problem)
            return { error: `${where}: ${problem}` };
        const alwaysRun = entry.should_always_run === 'workflow';
        planned.push({
            name,
            stage: null,
            needs: asList(entry.depends_on).map((d) => names.indexOf(d)),
            alwaysRun
        });
    }
    const cycle = cycleOf(planned);
    return cycle
        ? {
            error: `pipeline "${id}": the dependency between workflow "${cycle[0]}" and workflow "${cycle[1]}" creates a cycle`
        }
        : { plan: { kind: 'graph', workflows: planned } };
}
/** What is wrong with a graph workflow's fields, if anything. */
function fieldProblem(entry, names) {
    const skipped = NOT_EMULATED.find((field) => entry[field] !== undefined);
    if (skipped)
        return `${skipped} is not emulated`;
    const needs = entry.depends_on;
    if (needs !== undefined && needs !== null) {
        if (!Array.isArray(needs) || needs.some((d) => typeof d !== 'string'))
            return 'depends_on must be a list of workflow names';
        const seen = new Set();
        for (const d of needs) {
            if (seen.has(d))
                return `"${d}" is listed twice in depends_on`;
            seen.add(d);
            if (!names.includes(d))
                return `depends_on names "${d}", which is not a workflow of this pipeline`;
        }
    }
    const always = entry.should_always_run;
    if (always !== undefined && always !== null && !ALWAYS_RUN.includes(always))
        return `should_always_run must be one of ${ALWAYS_RUN.join(', ')}`;
    if (entry.run_if !== undefined &&
        entry.run_if !== null &&
        !(isObject(entry.run_if) && (entry.run_if.expression === undefined || typeof entry.run_if.expression === 'string'))) {
        return 'run_if must be a mapping with an expression';
    }
    const abort = entry.abort_on_fail;
    if (abort !== undefined && abort !== null && !(typeof abort === 'string' && BOOLEAN_TEXT.test(abort)))
        return 'abort_on_fail must be true or false';
    return undefined;
}
/** Two workflows on a cycle of dependencies (sorted, as the CLI names them), or undefined when there is none. */
function cycleOf(workflows) {
    const state = workflows.map(() => 0);
    const visit = (i) => {
        state[i] = 1;
        for (const need of workflows[i].needs) {
            if (state[need] === 1)
                return [need, i];
            if (state[need] === 0) {
                const found = visit(need);
                if (found)
                    return found;
            }
        }
        state[i] = 2;
        return undefined;
    };
    for (let i = 0; i < workflows.length; i++) {
        const found = state[i] === 0 ? visit(i) : undefined;
        if (found)
            return [workflows[found[0]].name, workflows[found[1]].name].sort();
    }
    return undefined;
}
/** The order in which the workflows can run: each after every workflow it waits for. */
function runOrder(plan) {
    const order = [];
    const placed = new Set();
    const place = (i) => {
        if (placed.has(i))
            return;
        placed.add(i);
        for (const need of plan.workflows[i].needs)
            place(need);
        order.push(i);
    };
    plan.workflows.forEach((_, i) => place(i));
    return order;
}

;// CONCATENATED MODULE: ./emulator/model/pipelines.ts
/**
 * Pipelines: the workflows of a pipeline of the app's service.yml (model/pipeline-plan.ts),
 * each run as a build once every workflow it waits for has ended, each taking one build
 * duration: with stages, a stage's workflows start together once the stage before has ended;
 * in a graph, a workflow starts once those it depends on have ended. Like builds, they need no
 * timers: their state is read from the clock. A trigger without either repository owner is
 * held, as a build is; an abort stops what has not finished; a rebuild starts a new attempt,
 * and a partial one keeps the workflows that succeeded after everything they waited for did.
 */





/**
 * Starts a pipeline, or holds it: a fork pull request trigger on an app with manual approval is
 * held as a build's would be (model/build-requests.ts; the approval of a pipeline is not
 * emulated, so it stays held until aborted), and with no free concurrency slot it waits on hold
 * as a build does, starting when a slot frees. A push is never held for approval.
 */
function triggerPipeline(state, app, request, now, stageDurationMs) {
    const name = request.text.pipeline_id;
    const reading = readPipeline(configForBuild(app), name);
    if (!reading)
        throw invalid(`build_params.pipeline_id: pipeline "${name}" is not defined in the configuration`);
    if (!('plan' in reading))
        throw invalid('error' in reading ? reading.error : reading.empty);
    const heldFor = needsApproval(app, request) ? 'approval' : hasFreeSlot(state, app, now) ? undefined : 'slot';
    const pipeline = {
        id: (0,external_node_crypto_namespaceObject.randomUUID)(),
        appSlug: app.slug,
        name,
        number: app.nextBuildNumber++,
        plan: reading.plan,
        attempts: [{ number: 1, at: now, startedAt: heldFor ? null : now, heldFor, kept: new Map(), builds: new Map() }],
        stageDurationMs: request.durationMs ?? stageDurationMs,
        triggerParams: request.originalParams,
        request,
        abort: null
    };
    state.pipelines.set(pipeline.id, pipeline);
    return pipeline;
}
/** Starts the pipelines held for a concurrency slot, oldest first, while their app has one free. */
function startSlotHeldPipelines(state, now) {
    const waiting = [...state.pipelines.values()].filter((p) => !p.abort && p.attempts.at(-1).heldFor === 'slot' && p.attempts.at(-1).startedAt === null);
    for (const pipeline of waiting.sort((a, b) => a.number - b.number)) {
        const app = state.apps.get(pipeline.appSlug);
        const attempt = pipeline.attempts.at(-1);
        if (app && hasFreeSlot(state, app, now)) {
            attempt.startedAt = now;
            attempt.heldFor = undefined;
        }
    }
}
function workflowId(pipeline, attempt, name) {
    return (attempt.kept.get(name)?.id ??
        (0,external_node_crypto_namespaceObject.createHash)('sha256').update(`${pipeline.id}/${attempt.number}/${name}`).digest('hex').slice(0, 16));
}
/**
 * The current attempt as of `now`. A workflow waits until everything it waits for has ended;
 * then it is skipped when one of those did not succeed cleanly (unless it always runs), else it
 * runs for one build duration. An abort stops what has not ended; what had not started then
 * stays without a build.
 */
function pipelineView(app, pipeline, now) {
    const attempt = pipeline.attempts[pipeline.attempts.length - 1];
    const cut = pipeline.abort ? Math.min(now, pipeline.abort.at) : now;
    const ended = [];
    const views = [];
    let failed = false;
    const waiting = pipeline.abort ? 'aborted' : 'pending';
    for (const i of runOrder(pipeline.plan)) {
        const planned = pipeline.plan.workflows[i];
        const show = (status, startedAt = null, clean = false) => {
            views[i] = workflowView(pipeline, attempt, planned, status, startedAt, clean);
        };
        const needs = planned.needs.map((j) => ended[j]);
        if (attempt.kept.has(planned.name)) {
            ended[i] = { at: attempt.startedAt ?? attempt.at, clean: true };
            show('succeeded', null, true);
        }
        else if (attempt.startedAt === null)
            show(pipeline.abort ? 'aborted' : 'on_hold');
        else if (needs.some((n) => n === undefined))
            show(waiting);
        else {
            const ready = Math.max(attempt.startedAt, ...needs.map((n) => n.at));
            const clean = needs.every((n) => n.clean);
            if (!clean && !planned.alwaysRun) {
                ended[i] = { at: ready, clean: false };
                show('skipped');
            }
            else if (cut < ready)
                show(waiting);
            else if (cut < ready + pipeline.stageDurationMs)
                show(pipeline.abort ? 'aborted' : 'running', ready);
            else {
                const fails = workflowFails(app, attempt, planned.name);
                failed ||= fails;
                ended[i] = { at: ready + pipeline.stageDurationMs, clean: clean && !fails };
                show(fails ? 'failed' : 'succeeded', ready, clean && !fails);
            }
        }
    }
    return { ...pipelineStatus(pipeline, attempt, ended, failed), workflows: views, stages: stagesOf(pipeline, views) };
}
function pipelineStatus(pipeline, attempt, ended, failed) {
    if (pipeline.abort)
        return { status: pipeline.abort.withSuccess ? 'succeeded_with_abort' : 'aborted', finishedAt: pipeline.abort.at };
    if (attempt.startedAt === null)
        return { status: 'on_hold', finishedAt: null };
    if (pipeline.plan.workflows.some((_, i) => ended[i] === undefined))
        return { status: 'running', finishedAt: null };
    const finishedAt = Math.max(attempt.startedAt, ...ended.map((e) => e.at));
    return { status: failed ? 'failed' : 'succeeded', finishedAt };
}
/** The workflows by stage, in the order of the configuration; the workflows of one stage share one list of needs (model/pipeline-plan.ts). */
function stagesOf(pipeline, views) {
    const stages = [];
    pipeline.plan.workflows.forEach((planned, i) => {
        if (planned.stage === null)
            return;
        if (i === 0 || pipeline.plan.workflows[i - 1].needs !== planned.needs)
            stages.push({ name: planned.stage, workflows: [] });
        stages.at(-1).workflows.push(views[i]);
    });
    return stages;
}
/** Whether a workflow of this attempt fails: all do when the app's builds fail, flaky ones on the first attempt. */
function workflowFails(app, attempt, name) {
    return app?.buildOutcome === 'failure' || (attempt.number === 1 && (app?.flakyWorkflows ?? []).includes(name));
}
/** A workflow's view; a kept workflow keeps its build, started in an earlier attempt. */
function workflowView(pipeline, attempt, planned, status, startedAt, clean) {
    const kept = attempt.kept.get(planned.name);
    return {
        id: workflowId(pipeline, attempt, planned.name),
        externalId: kept?.externalId ?? attempt.builds.get(planned.name) ?? '',
        name: planned.name,
        stage: planned.stage,
        dependsOn: planned.needs.length > 0 && planned.stage === null
            ? planned.needs.map((j) => pipeline.plan.workflows[j].name)
            : [],
        status,
        startedAt,
        clean
    };
}
/** Aborts a pipeline that has not finished. */
function abortPipeline(app, pipeline, caller, request, now) {
    const { status } = pipelineView(app, pipeline, now);
    if (status !== 'running' && status !== 'on_hold')
        throw conflict(`pipeline "${pipeline.id}" has already finished (${status}) and cannot be aborted`);
    pipeline.abort = { at: now, ...request, by: caller };
}
/** Starts a new attempt of a finished pipeline; a partial one keeps the workflows that succeeded after all they waited for did. */
function rebuildPipeline(app, pipeline, partial, now) {
    const view = pipelineView(app, pipeline, now);
    if (view.status === 'running' || view.status === 'on_hold')
        throw conflict(`pipeline "${pipeline.id}" is still ${view.status} and cannot be rebuilt`);
    if (partial && view.status === 'succeeded')
        throw conflict(`pipeline "${pipeline.id}" succeeded: a partial rebuild has nothing to run`);
    const kept = new Map();
    if (partial)
        for (const w of view.workflows)
            if (w.clean)
                kept.set(w.name, { id: w.id, externalId: w.externalId });
    pipeline.attempts.push({ number: pipeline.attempts.length + 1, at: now, startedAt: now, kept, builds: new Map() });
    pipeline.abort = null;
}

;// CONCATENATED MODULE: ./emulator/model/pipeline-builds.ts
/**
 * The builds of a pipeline's workflows. On the service a pipeline workflow has two ids: its
 * own `id`, and `external_id`, the slug of the build it runs as, empty until it has started
 * (bitrise-steplib/bitrise-step-pull-intermediate-files, README and
 * `step/matcher/staged_pipeline.go`). Here each workflow's build is made when it starts
 * (with its stage, or in a graph once what it depends on has ended), as the clock finds it
 * before each request, and is an ordinary build: readable,
 * with a log and artifacts, naming its workflow in `pipeline_workflow_id`.
 */






/** Makes the build of every workflow that has started by `now` and has none yet. */
function settlePipelineBuilds(state, now) {
    for (const pipeline of state.pipelines.values()) {
        const app = state.apps.get(pipeline.appSlug);
        if (app)
            startedWorkflowBuilds(state, app, pipeline, now);
    }
}
function startedWorkflowBuilds(state, app, pipeline, now) {
    const attempt = pipeline.attempts[pipeline.attempts.length - 1];
    if (attempt.startedAt === null || attempt.builds.size === pipeline.plan.workflows.length)
        return;
    for (const workflow of pipelineView(app, pipeline, now).workflows) {
        if (workflow.startedAt === null || attempt.builds.has(workflow.name))
            continue;
        const build = workflowBuild(app, pipeline, workflow, workflow.startedAt, workflowFails(app, attempt, workflow.name));
        state.addBuild(build);
        recordTrigger(state, build, workflow.startedAt);
        attempt.builds.set(workflow.name, build.slug);
    }
}
function workflowBuild(app, pipeline, workflow, startedAt, fails) {
    const { text, pullRequestId, environments, secrets, priority, originalParams, skipGitStatusReport } = pipeline.request;
    return {
        slug: (0,external_node_crypto_namespaceObject.randomBytes)(8).toString('hex'),
        appSlug: app.slug,
        buildNumber: app.nextBuildNumber++,
        triggeredAt: startedAt,
        startedAt,
        durationMs: pipeline.stageDurationMs,
        creditsPerMinute: app.creditsPerMinute,
        outcome: fails ? 'failure' : 'success',
        triggeredWorkflow: workflow.name,
        branch: text.branch ?? null,
        commitHash: text.commit_hash ?? null,
        tag: text.tag ?? null,
        pullRequestId,
        checkout: checkoutOf(app, text),
        originalParams,
        additionalEnvs: environments,
        ...effectiveEnvironment(app, environments, secrets),
        ...runsOn(app, configForBuild(app), workflow.name, text),
        priority: priority ?? 0,
        skipGitStatusReport,
        buildRequest: null,
        gitStatusReport: null,
        ended: false,
        abort: null,
        pipelineWorkflowId: workflow.id
    };
}
/** Aborts the builds of the pipeline's current attempt that are still running, as the pipeline's recorded abort says. */
function abortWorkflowBuilds(state, app, pipeline, now) {
    const { abort } = pipeline;
    if (abort === null)
        return;
    startedWorkflowBuilds(state, app, pipeline, now);
    const attempt = pipeline.attempts[pipeline.attempts.length - 1];
    for (const slug of attempt.builds.values()) {
        const build = state.builds.get(slug);
        if (!build || progressOf(build, now).status !== 0)
            continue;
        const { reason, withSuccess, skipNotifications } = abort;
        abortBuild(state, app, build, abort.by, { reason, withSuccess, skipNotifications, skipGitStatusReport: false }, now);
    }
}

;// CONCATENATED MODULE: ./emulator/model/history.ts
/** Builds kept unless the emulator is told otherwise (--max-builds). */
const DEFAULT_MAX_BUILDS = 10_000;
/** Events kept for each build kept: a trigger, a status report and an email or two. */
const EVENTS_PER_BUILD = 4;
/** Drops the oldest builds beyond `maxBuilds`, and the oldest events beyond what that many builds cause. */
function trimHistory(state, maxBuilds) {
    // A Map iterates in insertion order, so its first entries are the oldest triggers. Checked
    // first: reaching them means stepping over every entry deleted since the Map last compacted.
    if (state.builds.size > maxBuilds) {
        for (const build of state.builds.values()) {
            if (state.builds.size <= maxBuilds)
                break;
            state.deleteBuild(build);
        }
    }
    const maxEvents = Math.max(1, maxBuilds) * EVENTS_PER_BUILD;
    if (state.events.length > maxEvents)
        state.events.splice(0, state.events.length - maxEvents);
}

;// CONCATENATED MODULE: ./emulator/model/config-validation.ts
/**
 * The emulator's own check of a configuration text (POST /validate-bitrise-yml): its rules, not
 * the service's. YAML it cannot read is refused outright; otherwise it lists errors (stacks and
 * machine types the seed does not offer, trigger map items naming workflows or pipelines that
 * are not defined, no workflows, a pipeline a trigger would refuse) and warnings, each with the
 * line it is about where one is found. Pipelines are read by the same code as a trigger reads
 * them (model/pipeline-plan.ts), so the check and the runner agree.
 */




/** Checks `text`; throws an `unreadable` model error when it is not YAML the service can read. */
function checkConfiguration(text, offer) {
    const config = readConfig(text);
    const lines = text.split('\n');
    const findings = { errors: [], warnings: [] };
    if (config.format_version === undefined)
        findings.warnings.push('format_version is not set; the newest format is assumed');
    const workflows = isObject(config.workflows) ? Object.keys(config.workflows) : [];
    if (workflows.length === 0)
        findings.errors.push(`${at(lines, /^workflows\s*:/)}the configuration defines no workflows; no build can run`);
    checkTriggerMap(config, lines, workflows, findings);
    checkPipelines(config, lines, findings);
    if (offer === null) {
        findings.warnings.push('no app_slug was given: stacks and machine types were not checked against an app');
    }
    else {
        checkOffered(lines, usedValues(config, 'stack'), 'stack', offer.stacks, findings);
        checkOffered(lines, usedValues(config, 'machine_type_id'), 'machine_type_id', offer.machineTypes, findings);
    }
    return findings;
}
function readConfig(text) {
    try {
        return parseServiceYml(text);
    }
    catch (error) {
        if (error instanceof ConfigLimitError)
            throw unreadable(error.message);
        const e = error;
        const place = typeof e.mark?.line === 'number' ? `line ${e.mark.line + 1}, column ${(e.mark.column ?? 0) + 1}: ` : '';
        throw unreadable(`${place}${e.reason ?? (e.message ?? String(error)).split('\n')[0]}`);
    }
}
/** `line N: ` for the first line from `from` (1-based) matching `pattern`, or '' when none does. */
function at(lines, pattern, from = 1) {
    const index = lines.findIndex((line, i) => i >= from - 1 && pattern.test(line));
    return index < 0 ? '' : `line ${index + 1}: `;
}
/** A line holding `key: value` (the value plain or quoted, a comment after it allowed). */
function keyValue(key, value) {
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`^\\s*(?:-\\s+)?${key}\\s*:\\s*(["']?)${escaped}\\1\\s*(?:#.*)?\\r?$`);
}
/** The values of `meta.service.<key>` in the default stack and in each workflow's own. */
function usedValues(config, key) {
    const metas = [config, ...(isObject(config.workflows) ? Object.values(config.workflows) : [])].map((holder) => isObject(holder) && isObject(holder.meta) && isObject(holder.meta.service) ? holder.meta.service[key] : undefined);
    return new Set(metas.filter((value) => typeof value === 'string' && value !== ''));
}
function checkOffered(lines, used, key, offered, findings) {
    if (offered === null)
        return;
    const what = key === 'stack' ? 'stack' : 'machine type';
    for (const value of used) {
        if (offered.has(value))
            continue;
        const pattern = keyValue(key, value);
        const where = lines.flatMap((line, index) => (pattern.test(line) ? [index + 1] : []));
        const reason = `${what} "${value}" is not available to this app; available: ${[...offered].join(', ')}`;
        if (where.length === 0)
            findings.errors.push(reason);
        for (const line of where)
            findings.errors.push(`line ${line}: ${reason}`);
    }
}
/** Each pipeline must be one a trigger can start; one with nothing in it is a warning, as the service's CLI has it. */
function checkPipelines(config, lines, findings) {
    if (!isObject(config.pipelines))
        return;
    const start = lines.findIndex((line) => /^pipelines\s*:/.test(line)) + 1;
    for (const id of Object.keys(config.pipelines)) {
        const reading = readPipeline(config, id);
        if (!reading || 'plan' in reading)
            continue;
        const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const place = start > 0 ? at(lines, new RegExp(`^\\s+["']?${escaped}["']?\\s*:`), start + 1) : '';
        if ('error' in reading)
            findings.errors.push(`${place}${reading.error}`);
        else
            findings.warnings.push(`${place}${reading.empty}`);
    }
}
/** Each trigger map item must name a workflow (or pipeline) the configuration defines. */
function checkTriggerMap(config, lines, workflows, findings) {
    if (config.trigger_map === undefined)
        return;
    const start = lines.findIndex((line) => /^trigger_map\s*:/.test(line)) + 1;
    if (!Array.isArray(config.trigger_map)) {
        findings.errors.push(`${at(lines, /^trigger_map\s*:/)}trigger_map must be a list of items`);
        return;
    }
    const pipelines = isObject(config.pipelines) ? Object.keys(config.pipelines) : [];
    // Each item's line is searched after the previous item's, so a name used twice gets each its own line.
    let from = start + 1;
    config.trigger_map.forEach((item, index) => {
        if (!isObject(item))
            return;
        for (const [key, defined] of [
            ['workflow', workflows],
            ['pipeline', pipelines]
        ]) {
            const name = item[key];
            if (typeof name !== 'string')
                continue;
            const found = lines.findIndex((line, i) => i >= from - 1 && keyValue(key, name).test(line));
            if (found >= 0)
                from = found + 2;
            if (defined.includes(name))
                continue;
            const known = defined.length > 0 ? `; defined: ${defined.join(', ')}` : '';
            findings.errors.push(`${found >= 0 ? `line ${found + 1}: ` : ''}trigger_map item ${index + 1} names ${key} "${name}", which the configuration does not define${known}`);
        }
    });
}

;// CONCATENATED MODULE: ./emulator/model/settings.ts
/** App settings: the configuration file and its location, group roles, notifications, machine types. */


/** Stores a new configuration file (already checked by the route). */
function uploadConfig(app, text) {
    app.serviceYml = text;
}
/** Where builds look for the file; `repository` succeeds even when the repository has none. */
function setConfigLocation(app, location) {
    app.configLocation = location;
}
/** The listed groups replace every group holding the role; each must be a group of the app's Workspace. */
function setGroupRole(state, app, role, groups) {
    const org = app.owner.account_type === 'organization' ? state.organizations.get(app.owner.slug) : undefined;
    for (const slug of groups) {
        if (!org?.groups.has(slug))
            throw unknownReference(`groups: "${slug}" is not a group of the Workspace that owns app "${app.slug}"`);
    }
    app.groupRoles[role] = [...new Set(groups)];
    return [...app.groupRoles[role]];
}
/** Sets the email notification choices that were given. */
function setNotifications(app, choices) {
    if (choices.on_failure !== undefined)
        app.notifications.on_failure = choices.on_failure;
    if (choices.on_success !== undefined)
        app.notifications.on_success = choices.on_success;
}
/**
 * Replaces `from` by `to` in every app of the owner (a user or a Workspace). An app whose file
 * cannot be read keeps it and is listed under `errors`; the others are migrated all the same.
 */
function migrateMachineTypes(state, owner, from, to) {
    const result = { migrated: [], errors: [] };
    for (const app of state.apps.values()) {
        if (app.owner.account_type !== owner.account_type || app.owner.slug !== owner.slug)
            continue;
        const label = `${app.title} (${app.slug})`;
        try {
            const text = migrateMachineType(app.serviceYml, from, to);
            if (text !== null) {
                app.serviceYml = text;
                result.migrated.push(label);
            }
        }
        catch (error) {
            const reason = error instanceof ConfigLimitError
                ? error.message
                : `configuration is not valid YAML: ${error.message.split('\n')[0]}`;
            result.errors.push({ app: label, error: reason });
        }
    }
    return result;
}

;// CONCATENATED MODULE: ./emulator/model/model.ts
/**
 * The model: the one door through which the emulated world changes. Routes parse a request,
 * call one of these operations and shape the answer; the control endpoints use the same door.
 * `MemoryModel` keeps the world in memory; another backend would implement `ServiceModel`.
 */












/** The in-memory backend. */
class MemoryModel {
    options;
    state;
    oidc;
    constructor(seed, options) {
        this.options = options;
        this.state = new EmulatorState(seed);
        this.oidc = new OidcWorld(seed.oidc ?? {}, this.state);
    }
    now() {
        return this.options.now();
    }
    settle() {
        settlePipelineBuilds(this.state, this.now());
        settleBuilds(this.state, this.now());
        startSlotHeldPipelines(this.state, this.now());
        trimHistory(this.state, this.options.maxBuilds ?? DEFAULT_MAX_BUILDS);
    }
    reset() {
        this.state.reset();
        this.oidc.reset();
    }
    registerApp(caller, request) {
        this.state.revision++;
        return registerApp(this.state, caller, request);
    }
    registerSshKey(app, atProvider) {
        registerSshKey(app, atProvider);
    }
    finishRegistration(caller, app, request) {
        this.state.revision++;
        finishRegistration(this.state, caller, app, request);
    }
    updateApp(app, changes) {
        updateApp(app, changes);
    }
    deleteApp(app) {
        this.state.revision++;
        deleteApp(this.state, app);
    }
    uploadConfig(app, text) {
        uploadConfig(app, text);
    }
    setConfigLocation(app, location) {
        setConfigLocation(app, location);
    }
    setGroupRole(app, role, groups) {
        this.state.revision++;
        return setGroupRole(this.state, app, role, groups);
    }
    setNotifications(app, choices) {
        setNotifications(app, choices);
    }
    migrateMachineTypes(owner, from, to) {
        return migrateMachineTypes(this.state, owner, from, to);
    }
    validateConfig(caller, appSlug, text) {
        if (appSlug !== undefined) {
            const app = this.state.apps.get(appSlug);
            // As the contract's 404 says: "App not found or unauthorized".
            if (!app || this.state.roleOf(caller, app) === null)
                throw notFound(`app "${appSlug}" not found or not visible to you`);
        }
        return checkConfiguration(text, appSlug === undefined ? null : this.state.offer);
    }
    triggerBuild(app, request) {
        if (needsApproval(app, request))
            return holdForApproval(this.state, app, request, this.now());
        const build = triggerBuild(this.state, app, request, this.now(), this.options.buildDurationMs);
        this.settle();
        return build;
    }
    setConcurrency(app, slots) {
        app.concurrency = slots;
        startHeldBuilds(this.state, this.now());
        startSlotHeldPipelines(this.state, this.now());
    }
    abortBuild(caller, app, build, request) {
        abortBuild(this.state, app, build, caller, request, this.now());
    }
    decideBuildRequest(caller, app, requestSlug, approve) {
        return decideBuildRequest(this.state, app, caller, requestSlug, approve, this.now(), this.options.buildDurationMs);
    }
    artifacts(app, build) {
        return artifactsOf(app, build, this.now());
    }
    triggerPipeline(app, request) {
        return triggerPipeline(this.state, app, request, this.now(), this.options.buildDurationMs);
    }
    abortPipeline(caller, app, pipeline, request) {
        abortPipeline(app, pipeline, caller, request, this.now());
        abortWorkflowBuilds(this.state, app, pipeline, this.now());
    }
    rebuildPipeline(app, pipeline, partial) {
        rebuildPipeline(app, pipeline, partial, this.now());
    }
    pipelineView(app, pipeline) {
        return pipelineView(app, pipeline, this.now());
    }
    events() {
        return this.state.events;
    }
    clearEvents() {
        this.state.events = [];
    }
}

;// CONCATENATED MODULE: ./emulator/routes/account.ts
/**
 * The caller's profile and a Workspace's record, as the access check reads them: `GET /me`
 * (published contract: user-profile, 200 or 401/404) and `GET /organizations/{org-slug}`
 * (org-show, "a specified organization that the user is part of": 200 or 400/401/404, with
 * `owners` [{slug, username, email}]). A token of no user (an OIDC trust policy's) gets 404 from
 * /me, and a caller outside the Workspace a 404 from its record: see emulator/README.md.
 */

const PROFILE = { kind: 'caller', rule: "any caller; a token of no user (an OIDC trust policy's) gets 404" };
const WORKSPACE_RECORD = {
    kind: 'caller',
    rule: 'Workspace owner or group member; anyone else gets 404, as for a Workspace that does not exist'
};
function me(ctx) {
    const user = ctx.model.state.users.get(ctx.user);
    if (!user)
        throw new HttpError(404, 'this token belongs to no user');
    return { status: 200, json: { data: { slug: user.slug, username: user.slug, avatar_url: null } } };
}
function account_organization(ctx) {
    const state = ctx.model.state;
    const org = state.organizations.get(ctx.params.org);
    if (!org || !state.isWorkspaceMember(ctx.user, org))
        throw new HttpError(404, `organization "${ctx.params.org}" not found`);
    const owners = [...org.owners].map((slug) => ({ slug, username: slug }));
    return { status: 200, json: { data: { slug: org.slug, name: org.name, owners } } };
}
const accountRoutes = [
    { method: 'GET', pattern: '/me', access: PROFILE, handler: me },
    { method: 'GET', pattern: '/organizations/:org', access: WORKSPACE_RECORD, handler: account_organization }
];

;// CONCATENATED MODULE: ./emulator/routes/ai-summary.ts
/**
 * The AI summary of a failed build, `GET /builds/{build-slug}/ai-summary`: outside any app in
 * the path, so the build's own app decides who may read it.
 *
 * The published contract: only after the build has failed and with the feature on in the app's
 * settings; a 404 (`{error_msg}`) when the build does not exist, the caller may not see it, or
 * there is no summary. It shows no body for the 200 and no public client reads one, so both of
 * the emulator's shapes are its own reading (README): `{summary}`, or the three parts the product
 * shows (seed `ai_summary_shape: three_parts`); the action accepts other shapes too. The service
 * writes a summary after the build ends, how soon no source says: seed `ai_summary_delay_ms`
 * keeps the 404 for that long after the failure.
 * The text is the emulator's own: the workflow, and the commit message the build ran for, which
 * makes it text from outside the action, as a real summary quoting a log is.
 */


function getAiSummary(ctx) {
    const nothing = errors_notFound('not found: the build does not exist, you may not see it, or it has no AI summary');
    const build = ctx.model.state.builds.get(ctx.params.build);
    if (!build)
        throw nothing;
    const app = ctx.model.state.apps.get(build.appSlug);
    if (!app || ctx.model.state.roleOf(ctx.user, app) === null)
        throw nothing;
    // Status 2 only: an aborted build (3, 4) did not fail on its own, and a running one (0) not yet.
    const progress = progressOf(build, ctx.model.now());
    if (!app.aiSummary || progress.status !== 2)
        throw nothing;
    // Not written yet: the same 404 as for no summary at all, as the contract has only the one.
    if (ctx.model.now() < (progress.finishedAt ?? 0) + (app.aiSummaryDelayMs ?? 0))
        throw nothing;
    return { status: 200, json: app.aiSummaryShape === 'three_parts' ? partsOf(build) : { summary: summaryOf(build) } };
}
/** The emulator's summary of a failed build. */
function summaryOf(build) {
    const message = typeof build.originalParams.commit_message === 'string' ? build.originalParams.commit_message : '';
    const change = message === '' ? 'the commit it built' : `the change "${message}"`;
    return `The ${build.triggeredWorkflow} workflow failed in its script step, which exited with status 1 after ${change}. Run the step locally to see the failing test.`;
}
/** The emulator's summary in the three parts the product shows, under their likely field names (no source gives them). */
function partsOf(build) {
    const message = typeof build.originalParams.commit_message === 'string' ? build.originalParams.commit_message : '';
    return {
        failure_details: `The ${build.triggeredWorkflow} workflow failed in its script step, which exited with status 1.`,
        reason: message === '' ? 'A test failed after the commit it built.' : `A test failed after the change "${message}".`,
        suggested_solution: 'Run the step locally to see the failing test, fix it, and push again.'
    };
}
const ROLE_ON_BUILDS_APP = {
    kind: 'caller',
    rule: "any role on the build's app; anyone else gets the 404 of a build without a summary"
};
const aiSummaryRoutes = [
    {
        method: 'GET',
        pattern: '/builds/:build/ai-summary',
        access: ROLE_ON_BUILDS_APP,
        errorStyle: 'error_msg',
        handler: getAiSummary
    }
];

;// CONCATENATED MODULE: ./emulator/model/app-lists.ts
/** Lists of different callers and owners kept at once; the oldest goes first. */
const MAX_LISTS = 64;
class AppListCache {
    revision = -1;
    size = -1;
    lists = new Map();
    get(state, key, build) {
        // The app count is checked as well, so an app added or removed behind the model's back is seen too.
        if (state.revision !== this.revision || state.apps.size !== this.size) {
            this.lists.clear();
            this.revision = state.revision;
            this.size = state.apps.size;
        }
        let list = this.lists.get(key);
        if (!list) {
            const apps = build();
            list = { apps, position: new Map(apps.map((app, index) => [app.slug, index])) };
            if (this.lists.size >= MAX_LISTS)
                this.lists.delete(this.lists.keys().next().value);
            this.lists.set(key, list);
        }
        return list;
    }
}
const caches = new WeakMap();
/** The list `key` names: built by `build` once, then reused until the model changes the apps, their roles or the seed. */
function appList(state, key, build) {
    let cache = caches.get(state);
    if (!cache)
        caches.set(state, (cache = new AppListCache()));
    return cache.get(state, key, build);
}

;// CONCATENATED MODULE: ./emulator/http/paging.ts
/** One page of a list, as the service pages every list: `limit` up to 50, and `next`, the key of the page's first item. */

/** The service's largest page. */
const MAX_PAGE = 50;
/**
 * The page of `items` the request's `limit` and `next` ask for, each shown by `view`, with its
 * `paging`. `positionOf` finds the item a `next` key names; a list that keeps an index passes
 * its lookup, so a page costs its own length rather than the list's.
 */
function pageOf(ctx, items, keyOf, view, positionOf = (key) => {
    const at = items.findIndex((item) => keyOf(item) === key);
    return at < 0 ? undefined : at;
}) {
    const limitText = ctx.query.get('limit');
    let limit = MAX_PAGE;
    if (limitText !== null) {
        if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_PAGE) {
            throw badRequest(`limit must be an integer from 1 to ${MAX_PAGE}; got "${limitText}"`);
        }
        limit = Number(limitText);
    }
    let start = 0;
    const next = ctx.query.get('next');
    if (next !== null && next !== '') {
        const found = positionOf(next);
        if (found === undefined)
            throw badRequest(`next anchor "${next}" does not name an item of this list`);
        start = found;
    }
    const paging = { total_item_count: items.length, page_item_limit: limit };
    if (start + limit < items.length)
        paging.next = keyOf(items[start + limit]);
    return { status: 200, json: { data: items.slice(start, start + limit).map(view), paging } };
}

;// CONCATENATED MODULE: ./emulator/http/validation.ts
/** Field checks for request bodies and query parameters; each failure names the field it is about. */


/** The body as an object; an empty body counts as `{}` when `allowEmpty`. */
function bodyObject(body, allowEmpty = false) {
    if (body === undefined && allowEmpty)
        return {};
    if (!isObject(body))
        throw badRequest('request body must be a JSON object');
    return body;
}
/** A field of a JSON type, or undefined when it is absent or null. */
function optionalOf(body, field, type) {
    const value = body[field];
    if (value === undefined || value === null)
        return undefined;
    if (typeof value !== type)
        throw badRequest(`${field} must be a ${type}`);
    return value;
}
function optionalString(body, field) {
    return optionalOf(body, field, 'string');
}
function requiredString(body, field) {
    const value = optionalString(body, field);
    if (value === undefined || value.trim() === '')
        throw badRequest(`${field} is required and must be a non-empty string`);
    return value;
}
function optionalBoolean(body, field) {
    return optionalOf(body, field, 'boolean');
}
/** A string, or an integer (the published contract types some ids as integers). */
function optionalId(body, field) {
    const value = body[field];
    if (value === undefined || value === null)
        return undefined;
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' && Number.isInteger(value))
        return String(value);
    throw badRequest(`${field} must be a string`);
}
function oneOf(value, field, allowed) {
    if (value === undefined)
        return undefined;
    if (!allowed.includes(value)) {
        throw badRequest(`${field} must be one of ${allowed.join(', ')}; got "${value}"`);
    }
    return value;
}
/** A query parameter's text, or undefined when it is absent or empty. */
function queryText(query, name) {
    return query.get(name) || undefined;
}
/**
 * A query parameter holding a whole number from `min` to `max`, written in at most `digits`
 * digits (a Unix time in seconds to the end of year 9999 takes 12); undefined when it is absent
 * or empty.
 */
function queryInteger(query, name, min, max, digits = 12) {
    const raw = queryText(query, name);
    if (raw === undefined)
        return undefined;
    if (raw.length > digits || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
        throw badRequest(`${name} must be a whole number from ${min} to ${max}; got "${raw}"`);
    return Number(raw);
}
/** A query parameter holding one of `choices`, or undefined when it is absent or empty. */
function queryChoice(query, name, choices) {
    const raw = queryText(query, name);
    if (raw === undefined)
        return undefined;
    if (!choices.includes(raw))
        throw badRequest(`${name} must be one of ${choices.join(', ')}; got "${raw}"`);
    return raw;
}

;// CONCATENATED MODULE: ./emulator/routes/apps.ts
/** App registration (register, SSH key, finish) and the app read/update/delete endpoints. */






const OK = { status: 200, json: { status: 'ok' } };
function register(ctx) {
    const body = bodyObject(ctx.body);
    const request = {
        provider: requiredString(body, 'provider'),
        repoUrl: requiredString(body, 'repo_url'),
        repoSlug: requiredString(body, 'git_repo_slug'),
        gitOwner: requiredString(body, 'git_owner'),
        organization: requiredString(body, 'organization_slug'),
        isPublic: optionalBoolean(body, 'is_public') ?? false,
        title: optionalString(body, 'title'),
        // The published contract's register model: default_branch_name "defaults to master" when absent.
        defaultBranch: optionalString(body, 'default_branch_name') ?? 'master'
    };
    optionalString(body, 'type');
    const app = ctx.model.registerApp(ctx.user, request);
    return { status: 200, json: { status: 'ok', slug: app.slug } };
}
function apps_registerSshKey(ctx) {
    const app = ctx.app();
    const body = bodyObject(ctx.body);
    requiredString(body, 'auth_ssh_private_key');
    requiredString(body, 'auth_ssh_public_key');
    ctx.model.registerSshKey(app, optionalBoolean(body, 'is_register_key_into_provider_service') ?? false);
    return OK;
}
function envsOf(body) {
    if (body.envs === undefined || body.envs === null)
        return {};
    if (!isObject(body.envs))
        throw badRequest('envs must be an object mapping names to string values');
    for (const [name, value] of Object.entries(body.envs)) {
        if (typeof value !== 'string')
            throw badRequest(`envs.${name} must be a string`);
    }
    return body.envs;
}
function finish(ctx) {
    const app = ctx.app();
    const body = bodyObject(ctx.body, true);
    const mode = optionalString(body, 'mode');
    const request = {
        projectType: optionalString(body, 'project_type'),
        stackId: optionalString(body, 'stack_id'),
        config: optionalString(body, 'config'),
        organization: optionalString(body, 'organization_slug'),
        envs: envsOf(body)
    };
    if (mode !== undefined && mode !== 'manual')
        throw badRequest(`mode must be "manual"; got "${mode}"`);
    ctx.model.finishRegistration(ctx.user, app, request);
    return {
        status: 200,
        json: {
            status: 'ok',
            build_trigger_token: app.buildTriggerToken,
            branch_name: app.defaultBranch,
            is_webhook_auto_reg_supported: ['github', 'gitlab', 'bitbucket'].includes(app.provider)
        }
    };
}
/** One page of apps, following the service's `next` anchor (the slug of the page's first item). */
function page(ctx, list) {
    return pageOf(ctx, list.apps, (a) => a.slug, (a) => ctx.model.state.appView(a), (slug) => list.position.get(slug));
}
const NO_APPS = { apps: [], position: new Map() };
function visibleApps(ctx, owner) {
    const { state } = ctx.model;
    const key = JSON.stringify([ctx.user, owner?.account_type ?? '', owner?.slug ?? '']);
    return appList(state, key, () => [...state.apps.values()].filter((a) => state.roleOf(ctx.user, a) !== null &&
        (!owner || (a.owner.account_type === owner.account_type && a.owner.slug === owner.slug))));
}
function listMyApps(ctx) {
    return page(ctx, visibleApps(ctx));
}
/** The published contract: a caller outside the Workspace gets no apps, and no error. */
function listOrganizationApps(ctx) {
    const org = ctx.org();
    const member = ctx.model.state.isWorkspaceMember(ctx.user, org);
    return page(ctx, member ? visibleApps(ctx, { account_type: 'organization', slug: org.slug }) : NO_APPS);
}
function listUserApps(ctx) {
    const user = ctx.params.user;
    if (!ctx.model.state.users.has(user))
        throw errors_notFound(`user "${user}" not found`);
    return page(ctx, visibleApps(ctx, { account_type: 'user', slug: user }));
}
function getApp(ctx) {
    return { status: 200, json: { data: ctx.model.state.appView(ctx.app()) } };
}
function patchApp(ctx) {
    const app = ctx.app();
    const body = bodyObject(ctx.body);
    // Every field is checked before anything changes, so a bad request leaves the app untouched.
    const title = optionalString(body, 'title');
    if (title !== undefined && title.trim() === '')
        throw badRequest('title must not be empty');
    ctx.model.updateApp(app, {
        title,
        defaultBranch: optionalString(body, 'default_branch'),
        isPublic: optionalBoolean(body, 'is_public'),
        repositoryUrl: optionalString(body, 'repository_url'),
        extra: {
            apple_credential_user_id: optionalId(body, 'apple_credential_user_id'),
            apple_credential_user_slug: optionalString(body, 'apple_credential_user_slug'),
            services_credential_user_id: optionalId(body, 'services_credential_user_id')
        }
    });
    // The published contract's answer (AppUpdateRespModel) is `{status}` only: no app.
    return OK;
}
function apps_deleteApp(ctx) {
    ctx.model.deleteApp(ctx.app());
    return { status: 200, json: { msg: 'ok' } };
}
function listBranches(ctx) {
    return { status: 200, json: { data: [...ctx.app().branches] } };
}
const ANY_CALLER = { kind: 'caller', rule: 'any caller; lists the apps he has a role on' };
const REGISTRAR = {
    kind: 'caller',
    rule: 'Workspace owner or group member of `organization_slug`; the caller becomes Owner'
};
const appRoutes = [
    { method: 'POST', pattern: '/apps/register', access: REGISTRAR, errorStyle: 'error_msg', handler: register },
    { method: 'POST', pattern: '/apps/:app/register-ssh-key', access: APP_ADMIN, handler: apps_registerSshKey },
    { method: 'POST', pattern: '/apps/:app/finish', access: APP_ADMIN, handler: finish },
    { method: 'GET', pattern: '/apps', access: ANY_CALLER, handler: listMyApps },
    { method: 'GET', pattern: '/organizations/:org/apps', access: WORKSPACE_LISTING, handler: listOrganizationApps },
    { method: 'GET', pattern: '/users/:user/apps', access: ANY_CALLER, handler: listUserApps },
    { method: 'GET', pattern: '/apps/:app', access: APP_ANY_ROLE, handler: getApp },
    { method: 'PATCH', pattern: '/apps/:app', access: APP_ADMIN, handler: patchApp },
    { method: 'DELETE', pattern: '/apps/:app', access: APP_ADMIN, handler: apps_deleteApp },
    { method: 'GET', pattern: '/apps/:app/branches', access: APP_ANY_ROLE, handler: listBranches }
];

;// CONCATENATED MODULE: ./emulator/routes/build-list.ts
/**
 * The builds list of the published contract (`GET /apps/{app-slug}/builds`): every filter the
 * contract lists, and its paging, computed from the builds the model holds. A filter's value
 * the contract's type or enum does not allow is a 400 naming it. Query parameters the contract
 * does not list are ignored. Reads only; nothing here changes state.
 */




const EVENT_TYPES = ['push', 'pull-request', 'tag'];
/** The contract's orders: by creation (the default), or the builds not finished first. */
const SORTS = ['created_at', 'running_first'];
/** Reads the filters from the query, naming a bad parameter. */
function readBuildFilters(query) {
    const seconds = (name) => {
        const value = queryInteger(query, name, 0, 253_402_300_799);
        return value === undefined ? undefined : value * 1000;
    };
    const pipeline = queryChoice(query, 'is_pipeline_build', ['true', 'false']);
    return {
        sortBy: queryChoice(query, 'sort_by', SORTS) ?? 'created_at',
        branch: queryText(query, 'branch'),
        workflow: queryText(query, 'workflow'),
        commitMessage: queryText(query, 'commit_message'),
        triggerEventType: queryChoice(query, 'trigger_event_type', EVENT_TYPES),
        pullRequestId: queryInteger(query, 'pull_request_id', 0, 2 ** 31 - 1),
        buildNumber: queryInteger(query, 'build_number', 0, 2 ** 31 - 1),
        after: seconds('after'),
        before: seconds('before'),
        status: queryInteger(query, 'status', 0, 4),
        isPipelineBuild: pipeline === undefined ? undefined : pipeline === 'true',
        limit: queryInteger(query, 'limit', 1, 50) ?? 50,
        next: queryText(query, 'next')
    };
}
/** The event the build was started for: a tag, a pull request, or else a push. */
function triggerEventOf(build) {
    if (build.tag !== null)
        return 'tag';
    return (build.pullRequestId ?? 0) > 0 ? 'pull-request' : 'push';
}
function commitMessageOf(build) {
    const message = build.originalParams.commit_message;
    return typeof message === 'string' ? message : '';
}
/** Whether the build passes every filter given. */
function matches(build, filters, status) {
    const checks = [
        [filters.branch, () => build.branch === filters.branch],
        [filters.workflow, () => build.triggeredWorkflow === filters.workflow],
        [filters.commitMessage, () => commitMessageOf(build).includes(filters.commitMessage)],
        [filters.triggerEventType, () => triggerEventOf(build) === filters.triggerEventType],
        [filters.pullRequestId, () => (build.pullRequestId ?? 0) === filters.pullRequestId],
        [filters.buildNumber, () => build.buildNumber === filters.buildNumber],
        [filters.after, () => build.triggeredAt >= filters.after],
        [filters.before, () => build.triggeredAt < filters.before],
        [filters.status, () => status === filters.status],
        [filters.isPipelineBuild, () => (build.pipelineWorkflowId !== undefined) === filters.isPipelineBuild]
    ];
    return checks.every(([given, check]) => given === undefined || check());
}
/** One page of an app's builds, newest first (unfinished first with `running_first`); `paging.next` is the slug of the first build of the next page. */
function buildListPage(builds, appSlug, filters, now) {
    const found = [];
    for (const build of builds) {
        if (build.appSlug !== appSlug)
            continue;
        const status = progressOf(build, now).status;
        if (matches(build, filters, status))
            found.push({ build, running: status === 0 });
    }
    const runningFirst = filters.sortBy === 'running_first';
    found.sort((a, b) => (runningFirst ? Number(b.running) - Number(a.running) : 0) || b.build.buildNumber - a.build.buildNumber);
    const all = found.map((f) => f.build);
    let from = 0;
    if (filters.next !== undefined) {
        from = all.findIndex((b) => b.slug === filters.next);
        if (from < 0)
            throw badRequest(`next: no build "${filters.next}" in this list`);
    }
    const page = all.slice(from, from + filters.limit);
    const following = all[from + filters.limit];
    return {
        data: page.map((b) => buildJson(b, now)),
        paging: {
            total_item_count: all.length,
            page_item_limit: filters.limit,
            ...(following ? { next: following.slug } : {})
        }
    };
}

;// CONCATENATED MODULE: ./emulator/routes/build-requests.ts
/** The builds list with its filters and paging, the workflows an app has triggered, and the build requests of triggers held for manual approval. */





function listBuilds(ctx) {
    const filters = readBuildFilters(ctx.query);
    return { status: 200, json: buildListPage(ctx.model.state.builds.values(), ctx.app().slug, filters, ctx.model.now()) };
}
/** The workflows the app's builds have ever run, in the order first triggered (no source gives the service's order). */
function listBuildWorkflows(ctx) {
    return { status: 200, json: { data: ctx.model.state.triggeredWorkflows.of(ctx.app().slug) } };
}
function requestJson(app, request) {
    const pr = request.trigger.pullRequestId;
    return {
        slug: request.slug,
        pull_request_url: pr === null ? null : `https://github.com/${app.repoOwner}/${app.repoSlug}/pull/${pr}`,
        created_at: new Date(request.createdAt).toISOString(),
        build_params: request.trigger.originalParams
    };
}
function listRequests(ctx) {
    const app = ctx.app();
    return { status: 200, json: { data: openBuildRequests(ctx.model.state, app).map((r) => requestJson(app, r)) } };
}
function updateRequest(ctx) {
    const app = ctx.app();
    const approve = optionalBoolean(bodyObject(ctx.body), 'is_approved');
    if (approve === undefined)
        throw badRequest('is_approved is required and must be a boolean');
    const { request } = ctx.model.decideBuildRequest(ctx.user, app, ctx.params.request, approve);
    return { status: 200, json: { data: requestJson(app, request) } };
}
const buildRequestRoutes = [
    { method: 'GET', pattern: '/apps/:app/builds', access: APP_ANY_ROLE, handler: listBuilds },
    // Tester/QA and up, as the service's documentation lists it (devcenter, "Managing an app's builds").
    { method: 'GET', pattern: '/apps/:app/build-workflows', access: APP_ANY_ROLE, handler: listBuildWorkflows },
    { method: 'GET', pattern: '/apps/:app/build-requests', access: APP_ANY_ROLE, handler: listRequests },
    { method: 'PATCH', pattern: '/apps/:app/build-requests/:request', access: APP_DEVELOPER, handler: updateRequest }
];

;// CONCATENATED MODULE: ./emulator/model/trigger-targets.ts



/** The trigger itself, or one trigger per matching target, each naming its workflow or pipeline. */
function triggersOf(app, request) {
    const { text } = request;
    if (text.workflow_id || text.pipeline_id)
        return [request];
    const targets = selectTargets(configForBuild(app), {
        branch: text.branch,
        tag: text.tag,
        pullRequest: request.pullRequestId !== null ? { sourceBranch: text.branch, targetBranch: text.branch_dest } : undefined
    });
    if (!targets || targets.workflows.length + targets.pipelines.length === 0)
        return [request];
    return [
        ...targets.workflows.map((workflow_id) => ({ ...request, text: { ...text, workflow_id } })),
        ...targets.pipelines.map((pipeline_id) => ({ ...request, text: { ...text, pipeline_id } }))
    ];
}
/**
 * Target-based triggers: a `triggers` property on a workflow or a pipeline, with `push` items
 * (`branch`), `pull_request` items (`source_branch`, `target_branch`) and `tag` items (`name`);
 * every condition of an item must match. Unlike the trigger map, every matching target starts
 * a build (docs.bitrise.io, "YAML syntax for build triggers", "Multiple matching triggers").
 * Only glob strings are read; a `regex:` condition matches nothing here. Null when no target
 * of the file has triggers, so the trigger map decides.
 */
function selectTargets(config, event) {
    let any = false;
    const matching = (group) => {
        if (!isObject(group))
            return [];
        return Object.entries(group).flatMap(([name, target]) => {
            if (!isObject(target) || !isObject(target.triggers))
                return [];
            any = true;
            return targetMatches(target.triggers, event) ? [name] : [];
        });
    };
    const targets = { workflows: matching(config.workflows), pipelines: matching(config.pipelines) };
    return any ? targets : null;
}
function targetMatches(triggers, event) {
    const items = (kind) => Array.isArray(triggers[kind]) ? triggers[kind].filter(isObject) : [];
    const all = (item, conditions) => conditions.some(([key]) => item[key] !== undefined) &&
        conditions.every(([key, value]) => item[key] === undefined || (typeof item[key] === 'string' && globMatch(item[key], value ?? '')));
    if (event.pullRequest) {
        const { sourceBranch, targetBranch } = event.pullRequest;
        return items('pull_request').some((item) => all(item, [
            ['source_branch', sourceBranch],
            ['target_branch', targetBranch]
        ]));
    }
    if (event.tag !== undefined)
        return items('tag').some((item) => all(item, [['name', event.tag]]));
    return event.branch !== undefined && items('push').some((item) => all(item, [['branch', event.branch]]));
}

;// CONCATENATED MODULE: ./emulator/routes/trigger-request.ts



const STRING_PARAMS = [
    'branch',
    'commit_hash',
    'tag',
    'commit_message',
    'workflow_id',
    'pipeline_id',
    'branch_dest',
    'branch_repo_owner',
    'branch_dest_repo_owner',
    'pull_request_merge_branch',
    'pull_request_head_branch',
    'pull_request_repository_url',
    // Recorded as sent (original_build_params); the service's own webhook fills them (bitrise-io/bitrise-webhooks).
    'head_repository_url',
    'base_repository_url',
    'stack',
    'machine_type_id'
];
/** The range the service's documentation gives a build's priority (devcenter, "Build priority"). */
const PRIORITY_MIN = -100;
const PRIORITY_MAX = 100;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Accepts the four encodings: object, JSON text, object or text under `payload`, form `payload`. */
function unwrapTriggerBody(body) {
    let value = body;
    const parse = (text, what) => {
        try {
            return JSON.parse(text);
        }
        catch {
            throw badRequest(`${what} is not valid JSON`);
        }
    };
    if (typeof value === 'string')
        value = parse(value, 'request body');
    if (isObject(value) && value.payload !== undefined && value.hook_info === undefined) {
        value = typeof value.payload === 'string' ? parse(value.payload, 'payload') : value.payload;
    }
    if (!isObject(value))
        throw badRequest('request body must be a JSON object with hook_info and build_params');
    return value;
}
/** `environments` items name their variable in `mapped_to` or `key`; the contract's `secrets` items (v0.Secret) in `key` only. */
function checkEnvironments(value, list = 'environments') {
    if (value === undefined || value === null)
        return [];
    if (!Array.isArray(value))
        throw badRequest(`build_params.${list} must be an array`);
    return value.map((item, i) => {
        const at = `build_params.${list}[${i}]`;
        if (!isObject(item))
            throw badRequest(`${at} must be an object`);
        const name = list === 'secrets' ? item.key : (item.mapped_to ?? item.key);
        if (typeof name !== 'string' || !ENV_NAME.test(name)) {
            throw badRequest(`${at}.${list === 'secrets' ? 'key' : 'mapped_to'} must be a valid environment variable name`);
        }
        if (item.key !== undefined && item.mapped_to !== undefined && item.key !== item.mapped_to) {
            throw badRequest(`${at}.key and ${at}.mapped_to disagree`);
        }
        if (typeof item.value !== 'string')
            throw badRequest(`${at}.value must be a string`);
        if (item.is_expand !== undefined && typeof item.is_expand !== 'boolean')
            throw badRequest(`${at}.is_expand must be a boolean`);
        // The value has been checked; the emulator runs nothing, so it keeps only that there was one.
        return { name, value: REDACTED, is_expand: item.is_expand ?? true };
    });
}
/** The emulator's own per-trigger headers: the build's outcome and duration. */
function headerOptions(headers) {
    const outcome = headers['x-emulator-build-outcome'];
    const duration = headers['x-emulator-build-duration-ms'];
    const options = {};
    if (typeof outcome === 'string') {
        if (outcome !== 'success' && outcome !== 'failure')
            throw badRequest('X-Emulator-Build-Outcome must be success or failure');
        options.outcome = outcome;
    }
    if (typeof duration === 'string') {
        if (!/^\d+$/.test(duration))
            throw badRequest('X-Emulator-Build-Duration-Ms must be a non-negative integer');
        options.durationMs = Number(duration);
    }
    return options;
}
function stringParams(params) {
    const text = {};
    for (const field of STRING_PARAMS) {
        const value = params[field];
        if (value !== undefined && value !== null && typeof value !== 'string')
            throw badRequest(`build_params.${field} must be a string`);
        text[field] = typeof value === 'string' && value !== '' ? value : undefined;
    }
    return text;
}
/** The trigger as the model takes it; every error names the field it is about. */
function readTriggerRequest(rawBody, headers) {
    const body = unwrapTriggerBody(rawBody);
    if (!isObject(body.hook_info) || body.hook_info.type !== 'service')
        throw badRequest('hook_info.type must be "service"');
    if (!isObject(body.build_params))
        throw badRequest('build_params is required and must be an object');
    const params = body.build_params;
    const text = stringParams(params);
    const prId = params.pull_request_id;
    if (prId !== undefined && prId !== null && !(typeof prId === 'number' && Number.isInteger(prId))) {
        throw badRequest('build_params.pull_request_id must be an integer');
    }
    const skip = params.skip_git_status_report;
    if (skip !== undefined && typeof skip !== 'boolean')
        throw badRequest('build_params.skip_git_status_report must be a boolean');
    const environments = checkEnvironments(params.environments);
    const secrets = checkEnvironments(params.secrets, 'secrets');
    const priority = params.priority;
    if (priority !== undefined &&
        priority !== null &&
        !(Number.isInteger(priority) && priority >= PRIORITY_MIN && priority <= PRIORITY_MAX)) {
        throw badRequest(`build_params.priority must be a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX}`);
    }
    if (!text.tag && !text.commit_hash && !text.branch && !text.workflow_id && !text.pipeline_id) {
        throw badRequest('build_params needs at least one of tag, commit_hash, branch, workflow_id or pipeline_id');
    }
    return {
        text,
        pullRequestId: typeof prId === 'number' ? prId : null,
        skipGitStatusReport: skip === true,
        environments,
        ...(secrets.length > 0 ? { secrets } : {}),
        ...(typeof priority === 'number' ? { priority } : {}),
        originalParams: redactBody(params),
        ...headerOptions(headers)
    };
}

;// CONCATENATED MODULE: ./emulator/routes/builds.ts
/** Triggering, reading, following and aborting builds. */







function trigger(ctx) {
    const app = ctx.app();
    const request = readTriggerRequest(ctx.body, ctx.headers);
    // One item per build started: several when target-based triggers match several targets.
    const results = [];
    for (const one of triggersOf(app, request)) {
        const item = startOne(ctx, one);
        // The owners and the pull request decide a hold, and every target shares them: the first decides for all.
        if (!item)
            return heldForApproval(app.slug);
        results.push(item);
    }
    const [item] = results;
    return {
        status: 201,
        json: {
            status: 'ok',
            message: 'webhook processed',
            slug: app.slug,
            service: 'service',
            results,
            build_slug: item.build_slug,
            build_number: item.build_number,
            build_url: item.build_url,
            triggered_workflow: item.triggered_workflow
        }
    };
}
/** Starts one build or pipeline, and the `results` item that names it; undefined when the trigger is held for approval. */
function startOne(ctx, request) {
    const app = ctx.app();
    const started = request.text.pipeline_id
        ? triggeredPipeline(ctx.model.triggerPipeline(app, request))
        : ctx.model.triggerBuild(app, request);
    if ('trigger' in started)
        return undefined;
    return {
        build_slug: started.slug,
        build_number: started.buildNumber,
        build_url: `${ctx.origin}/${request.text.pipeline_id ? 'pipelines' : 'build'}/${started.slug}`,
        triggered_workflow: started.triggeredWorkflow,
        triggered_pipeline: 'triggeredPipeline' in started ? started.triggeredPipeline : '',
        status: 'ok',
        message: 'webhook processed'
    };
}
/**
 * A trigger held for manual approval: accepted, with an empty build slug, which is all the
 * service's build-router step shows of this answer (bitrise-step-build-router-start, main.go).
 * No results: nothing started. The build request is found through the build requests list.
 */
function heldForApproval(appSlug) {
    const message = 'build request created: manual build approval is on for this app';
    return { status: 201, json: { status: 'ok', message, slug: appSlug, service: 'service', build_slug: '' } };
}
/** A pipeline as the trigger answer names it: its id stands where a build's slug would. */
function triggeredPipeline(pipeline) {
    return { slug: pipeline.id, buildNumber: pipeline.number, triggeredWorkflow: '', triggeredPipeline: pipeline.name };
}
/** The record the path parameter `param` names (a build, a pipeline), provided it belongs to the route's app. */
function appRecordOf(ctx, records, param) {
    const app = ctx.app();
    const record = records.get(ctx.params[param]);
    if (!record || record.appSlug !== app.slug)
        throw errors_notFound(`${param} "${ctx.params[param]}" not found for app "${app.slug}"`);
    return record;
}
/** The build named by `:build`, provided it belongs to the route's app. */
function findBuild(ctx) {
    return appRecordOf(ctx, ctx.model.state.builds, 'build');
}
function getBuild(ctx) {
    return { status: 200, json: { data: buildJson(findBuild(ctx), ctx.model.now()) } };
}
function getLog(ctx) {
    const build = findBuild(ctx);
    const json = logAnswer(build, ctx.model.now(), { delayMs: ctx.logDelayMs, archiveDelayMs: ctx.logArchiveDelayMs }, ctx.query, ctx.origin);
    if (json === null)
        throw errors_notFound(`the log of build "${build.slug}" is not available yet`);
    return { status: 200, json };
}
/**
 * The configuration the build ran with, as text (the published contract: `text/plain`, "the
 * bitrise.yml configuration with which the build ran"); its app's may have changed since.
 */
function getBuildConfig(ctx) {
    const build = findBuild(ctx);
    const text = ctx.model.state.buildConfigs.of(build.slug);
    if (text === undefined)
        throw errors_notFound(`the configuration build "${build.slug}" ran with is no longer kept`);
    return { status: 200, text, headers: { 'content-type': 'text/plain; charset=utf-8' } };
}
function abort(ctx) {
    const build = findBuild(ctx);
    const body = bodyObject(ctx.body, true);
    ctx.model.abortBuild(ctx.user, ctx.app(), build, {
        reason: optionalString(body, 'abort_reason') ?? '',
        withSuccess: optionalBoolean(body, 'abort_with_success') ?? false,
        skipGitStatusReport: optionalBoolean(body, 'skip_git_status_report') ?? false,
        skipNotifications: optionalBoolean(body, 'skip_notifications') ?? false
    });
    return { status: 200, json: { status: 'ok' } };
}
const buildRoutes = [
    { method: 'POST', pattern: '/apps/:app/builds', access: APP_DEVELOPER, handler: trigger },
    { method: 'GET', pattern: '/apps/:app/builds/:build', access: APP_ANY_ROLE, handler: getBuild },
    { method: 'GET', pattern: '/apps/:app/builds/:build/log', access: APP_DEVELOPER, handler: getLog },
    // Developer, as the service's documentation lists it (devcenter, "Managing an app's builds").
    { method: 'GET', pattern: '/apps/:app/builds/:build/service.yml', access: APP_DEVELOPER, handler: getBuildConfig },
    { method: 'POST', pattern: '/apps/:app/builds/:build/abort', access: APP_DEVELOPER, handler: abort }
];

;// CONCATENATED MODULE: ./emulator/routes/artifacts.ts
/** A build's artifacts: the paged list, and one artifact with its signed, expiring download link. */





function listItem(artifact) {
    return {
        slug: artifact.slug,
        title: artifact.title,
        artifact_type: artifact.artifact_type ?? 'file',
        file_size_bytes: artifact.file_size_bytes,
        is_public_page_enabled: artifact.is_public_page_enabled === true,
        artifact_meta: {}
    };
}
function listArtifacts(ctx) {
    const artifacts = ctx.model.artifacts(ctx.app(), findBuild(ctx));
    return pageOf(ctx, artifacts, (a) => a.slug, listItem);
}
function getArtifact(ctx) {
    const build = findBuild(ctx);
    const artifact = ctx.model.artifacts(ctx.app(), build).find((a) => a.slug === ctx.params.artifact);
    if (!artifact)
        throw errors_notFound(`artifact "${ctx.params.artifact}" not found for build "${build.slug}"`);
    const isPublic = artifact.is_public_page_enabled === true;
    return {
        status: 200,
        json: {
            data: {
                ...listItem(artifact),
                expiring_download_url: `${ctx.origin}${signedDownloadPath(artifact, ctx.model.now())}`,
                public_install_page_url: isPublic
                    ? `${ctx.origin}/artifact/${artifact.slug}/p/${artifact.buildSlug.slice(0, 12)}`
                    : ''
            }
        }
    };
}
const artifactRoutes = [
    { method: 'GET', pattern: '/apps/:app/builds/:build/artifacts', access: APP_ANY_ROLE, handler: listArtifacts },
    { method: 'GET', pattern: '/apps/:app/builds/:build/artifacts/:artifact', access: APP_ANY_ROLE, handler: getArtifact }
];

;// CONCATENATED MODULE: ./emulator/routes/config.ts
/** service.yml upload and download, its location, machine type migration and email notifications. */





const LOCATIONS = ['service', 'repository'];
const NOTIFICATION_CHOICES = ['always', 'never', 'change'];
function getServiceYml(ctx) {
    return { status: 200, text: ctx.app().serviceYml, headers: { 'content-type': 'text/plain; charset=utf-8' } };
}
/** The uploaded configuration as text: YAML text is checked by parsing it, an object is written out as YAML. */
function uploadedText(value) {
    if (value === undefined || value === null)
        throw badRequest('app_config_datastore_yaml is required');
    if (typeof value !== 'string' && !isObject(value))
        throw badRequest('app_config_datastore_yaml must be YAML text or an object');
    if (typeof value === 'string' && value.trim() === '')
        throw badRequest('app_config_datastore_yaml must not be empty');
    try {
        if (typeof value !== 'string')
            return dumpServiceYml(value);
        parseServiceYml(value);
        return value;
    }
    catch (error) {
        if (error instanceof ConfigLimitError)
            throw badRequest(`app_config_datastore_yaml: ${error.message}`);
        if (typeof value !== 'string')
            throw error;
        // 400, the refusal the published contract lists for this route (it lists no 422).
        throw badRequest(`app_config_datastore_yaml is not a valid configuration: ${error.message.split('\n')[0]}`);
    }
}
function uploadServiceYml(ctx) {
    const app = ctx.app();
    ctx.model.uploadConfig(app, uploadedText(bodyObject(ctx.body).app_config_datastore_yaml));
    return { status: 200, json: { status: 'ok' } };
}
function getConfigLocation(ctx) {
    return { status: 200, json: { location: ctx.app().configLocation } };
}
function putConfigLocation(ctx) {
    const app = ctx.app();
    const location = oneOf(requiredString(bodyObject(ctx.body), 'location'), 'location', LOCATIONS);
    ctx.model.setConfigLocation(app, location);
    return { status: 204 };
}
/** Runs a migration over the apps of `owner` and answers in the published contract's shape. */
function migrate(ctx, owner) {
    const body = bodyObject(ctx.body);
    const from = requiredString(body, 'from_machine');
    const to = requiredString(body, 'to_machine');
    const { migrated, errors } = ctx.model.migrateMachineTypes(owner, from, to);
    const json = {
        message: `machine type ${from} replaced by ${to} in ${migrated.length} app(s)`,
        migrated_apps: migrated
    };
    if (errors.length > 0)
        json.errors = errors;
    return { status: 200, json };
}
function config_setNotifications(ctx) {
    const app = ctx.app();
    const body = bodyObject(ctx.body, true);
    ctx.model.setNotifications(app, {
        on_failure: oneOf(optionalString(body, 'on_failure'), 'on_failure', NOTIFICATION_CHOICES),
        on_success: oneOf(optionalString(body, 'on_success'), 'on_success', NOTIFICATION_CHOICES)
    });
    return { status: 200, json: { msg: 'ok' } };
}
const migrateUserApps = (ctx) => migrate(ctx, { account_type: 'user', slug: ctx.params.user });
const migrateOrgApps = (ctx) => migrate(ctx, { account_type: 'organization', slug: ctx.org().slug });
const configRoutes = [
    { method: 'GET', pattern: '/apps/:app/service.yml', access: APP_ADMIN, handler: getServiceYml },
    { method: 'POST', pattern: '/apps/:app/service.yml', access: APP_ADMIN, handler: uploadServiceYml },
    { method: 'GET', pattern: '/apps/:app/service.yml/config', access: APP_ADMIN, handler: getConfigLocation },
    { method: 'PUT', pattern: '/apps/:app/service.yml/config', access: APP_ADMIN, handler: putConfigLocation },
    { method: 'PATCH', pattern: '/user/:user/apps/machine_types', access: USER_SELF, handler: migrateUserApps },
    {
        method: 'PATCH',
        pattern: '/organizations/:org/apps/machine_types',
        access: WORKSPACE_OWNER,
        handler: migrateOrgApps
    },
    { method: 'PATCH', pattern: '/apps/:app/update-email-notifications', access: APP_ADMIN, handler: config_setNotifications }
];

;// CONCATENATED MODULE: ./emulator/routes/pipeline-list.ts
/**
 * The pipeline list of the published contract (`GET /apps/{app-slug}/pipelines`, "List all
 * pipelines and standalone builds of an app"): the app's pipelines and its builds that belong
 * to no pipeline, newest first, each as the contract's `PipelineListResponseItemModel`, with
 * every filter of the contract honoured and a malformed one refused with 400 naming it. Paging
 * as a real answer recorded it (bitrise-io/bitrise-mcp,
 * `devenv/test-responses/before/list_pipelines.json`): `paging.next` is the `triggered_at` of the
 * page's last item, which `before` takes to ask for the next page, and `total_item_count` and
 * `page_item_limit` are 0. Reads only; nothing here changes state.
 */




/** The contract's default page; the emulator's largest, as for every other list. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;
/** The statuses the contract names for the `status` filter, and each one's number in an item. */
const STATUS_NUMBER = {
    on_hold: 0,
    running: 0,
    succeeded: 1,
    failed: 2,
    aborted: 3,
    succeeded_with_abort: 4
};
const BUILD_STATUS = ['running', 'succeeded', 'failed', 'aborted', 'succeeded_with_abort'];
const EVENTS = ['push', 'pull-request', 'tag'];
/** The fields of the contract's `pipelineabledomain.TriggerParams` a trigger of the emulator can carry as text. */
const TRIGGER_TEXT = [
    'branch',
    'branch_dest',
    'branch_dest_repo_owner',
    'branch_repo_owner',
    'commit_hash',
    'commit_message',
    'machine_type_id',
    'pull_request_head_branch',
    'pull_request_merge_branch',
    'pull_request_repository_url',
    'stack',
    'tag'
];
/** An RFC 3339 time, as the contract asks of `after` and `before`. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
function timeParam(query, name) {
    const raw = query.get(name);
    if (raw === null || raw === '')
        return undefined;
    const at = Date.parse(raw);
    if (!RFC3339.test(raw) || Number.isNaN(at))
        throw badRequest(`${name} must be a time in RFC 3339 format (such as 2026-04-03T17:27:47Z); got "${raw}"`);
    return at;
}
/** Whole numbers in at most ten digits, as many as 2^31 - 1 has. */
const DIGITS = 10;
/** The contract's filters; `next`, the deprecated name of `before`, is honoured as well. */
function readFilters(query) {
    return {
        after: timeParam(query, 'after'),
        before: [timeParam(query, 'before'), timeParam(query, 'next')].filter((t) => t !== undefined),
        branch: queryText(query, 'branch'),
        buildNumber: queryInteger(query, 'build_number', 0, 2 ** 31 - 1, DIGITS),
        commitMessage: queryText(query, 'commit_message'),
        limit: queryInteger(query, 'limit', 1, MAX_LIMIT, DIGITS) ?? DEFAULT_LIMIT,
        pipeline: queryText(query, 'pipeline'),
        status: queryChoice(query, 'status', Object.keys(STATUS_NUMBER)),
        event: queryChoice(query, 'trigger_event_type', EVENTS),
        workflow: queryText(query, 'workflow')
    };
}
const pipeline_list_iso = (ms) => (ms === null ? null : new Date(ms).toISOString());
/** push, pull-request or tag, from what the trigger carried. */
function eventOf(params, pullRequestId) {
    if (typeof params.tag === 'string' && params.tag !== '')
        return 'tag';
    return pullRequestId !== null && pullRequestId !== 0 ? 'pull-request' : 'push';
}
/** The trigger's parameters as the contract's `TriggerParams` has them. */
function triggerParams(fields) {
    const { params, pullRequestId } = fields;
    return {
        ...Object.fromEntries(TRIGGER_TEXT.filter((name) => typeof params[name] === 'string').map((name) => [name, params[name]])),
        pull_request_id: pullRequestId === null ? '' : String(pullRequestId),
        skip_git_status_report: fields.skipGitStatusReport,
        environments: fields.environments.map((e) => ({ key: e.name, value: e.value, is_expand: e.is_expand }))
    };
}
/** What the item of a pipeline and of a standalone build share. */
function itemJson(fields) {
    const text = (name) => typeof fields.params[name] === 'string' ? fields.params[name] : null;
    return {
        slug: fields.slug,
        build_number: fields.number,
        branch: text('branch'),
        commit_hash: text('commit_hash'),
        commit_message: text('commit_message'),
        tag: text('tag'),
        pull_request_id: fields.pullRequestId ?? 0,
        pull_request_target_branch: text('branch_dest'),
        trigger_params: triggerParams(fields),
        triggered_by: null,
        artifacts: null,
        is_processed: true
    };
}
function pipelineEntry(pipeline, view, now, builds) {
    const { request } = pipeline;
    const attempt = pipeline.attempts[pipeline.attempts.length - 1];
    const finished = !['running', 'on_hold'].includes(view.status);
    const costs = view.workflows
        .map((w) => builds.get(w.externalId))
        .map((b) => (b ? creditCost(b, progressOf(b, now).finishedAt) : null));
    const json = {
        ...itemJson({
            slug: pipeline.id,
            number: pipeline.number,
            params: request.text,
            pullRequestId: request.pullRequestId,
            skipGitStatusReport: request.skipGitStatusReport,
            environments: request.environments
        }),
        is_pipeline: true,
        // A pipeline's item names the pipeline where a build's names its workflow (the recorded answer).
        triggered_workflow: pipeline.name,
        status: STATUS_NUMBER[view.status],
        is_on_hold: view.status === 'on_hold',
        triggered_at: pipeline_list_iso(pipeline.attempts[0].at),
        started_at: pipeline_list_iso(attempt.startedAt),
        finished_at: pipeline_list_iso(view.finishedAt),
        credit_cost: finished && costs.some((c) => c !== null) ? costs.reduce((sum, c) => sum + (c ?? 0), 0) : null,
        rebuildable: finished
    };
    return {
        triggeredAt: pipeline.attempts[0].at,
        number: pipeline.number,
        json,
        status: view.status,
        pipeline: pipeline.name,
        event: eventOf(request.text, request.pullRequestId)
    };
}
function buildEntry(build, now) {
    const progress = progressOf(build, now);
    const json = {
        ...itemJson({
            slug: build.slug,
            number: build.buildNumber,
            params: build.originalParams,
            pullRequestId: build.pullRequestId,
            skipGitStatusReport: build.skipGitStatusReport,
            environments: build.additionalEnvs
        }),
        is_pipeline: false,
        triggered_workflow: build.triggeredWorkflow,
        status: progress.status,
        is_on_hold: progress.onHold,
        triggered_at: pipeline_list_iso(build.triggeredAt),
        started_at: pipeline_list_iso(build.startedAt),
        finished_at: pipeline_list_iso(progress.finishedAt),
        credit_cost: creditCost(build, progress.finishedAt),
        rebuildable: progress.status !== 0
    };
    const status = progress.onHold ? 'on_hold' : BUILD_STATUS[progress.status];
    return {
        triggeredAt: build.triggeredAt,
        number: build.buildNumber,
        json,
        status,
        pipeline: null,
        event: eventOf(build.originalParams, build.pullRequestId)
    };
}
function pipeline_list_matches(entry, f) {
    const json = entry.json;
    return ((f.after === undefined || entry.triggeredAt > f.after) &&
        f.before.every((before) => entry.triggeredAt < before) &&
        (f.branch === undefined || json.branch === f.branch) &&
        (f.buildNumber === undefined || entry.number === f.buildNumber) &&
        (f.commitMessage === undefined || json.commit_message === f.commitMessage) &&
        (f.pipeline === undefined || entry.pipeline === f.pipeline) &&
        (f.status === undefined || entry.status === f.status) &&
        (f.event === undefined || entry.event === f.event) &&
        (f.workflow === undefined || json.triggered_workflow === f.workflow));
}
/** One page of the app's pipelines and standalone builds, newest first. */
function pipelineListPage(ctx, app) {
    const filters = readFilters(ctx.query);
    const now = ctx.model.now();
    const { pipelines, builds } = ctx.model.state;
    const entries = [
        ...[...pipelines.values()]
            .filter((p) => p.appSlug === app.slug)
            .map((p) => pipelineEntry(p, ctx.model.pipelineView(app, p), now, builds)),
        ...[...builds.values()]
            .filter((b) => b.appSlug === app.slug && b.pipelineWorkflowId === undefined)
            .map((b) => buildEntry(b, now))
    ];
    const all = entries
        .filter((e) => pipeline_list_matches(e, filters))
        .sort((a, b) => b.triggeredAt - a.triggeredAt || b.number - a.number);
    const page = all.slice(0, filters.limit);
    const paging = { total_item_count: 0, page_item_limit: 0 };
    if (all.length > filters.limit)
        paging.next = page.at(-1).json.triggered_at;
    return { data: page.map((e) => e.json), paging };
}

;// CONCATENATED MODULE: ./emulator/routes/pipelines.ts
/** Listing pipelines, and reading, aborting and rebuilding one. */






const pipelines_iso = (ms) => (ms === null ? null : new Date(ms).toISOString());
/** The pipeline named by `:pipeline`, provided it belongs to the route's app. */
function findPipeline(ctx) {
    return appRecordOf(ctx, ctx.model.state.pipelines, 'pipeline');
}
function getPipeline(ctx) {
    const pipeline = findPipeline(ctx);
    const view = ctx.model.pipelineView(ctx.app(), pipeline);
    const attempt = pipeline.attempts[pipeline.attempts.length - 1];
    const finished = !['running', 'on_hold'].includes(view.status);
    const now = ctx.model.now();
    // Each workflow runs as a build of its own: its end and cost are that build's.
    const timesOf = new Map(view.workflows.map((w) => [w.id, workflowTimes(ctx, w, now)]));
    const costs = [...timesOf.values()].map((t) => t.credit_cost);
    const shown = (w) => ({
        id: w.id,
        external_id: w.externalId,
        name: w.name,
        status: w.status,
        ...timesOf.get(w.id)
    });
    return {
        status: 200,
        json: {
            id: pipeline.id,
            name: pipeline.name,
            number_in_app_scope: pipeline.number,
            app: { slug: pipeline.appSlug },
            status: view.status,
            triggered_at: pipelines_iso(pipeline.attempts[0].at),
            started_at: pipelines_iso(attempt.startedAt),
            finished_at: pipelines_iso(view.finishedAt),
            put_on_hold_at: attempt.startedAt === null ? pipelines_iso(attempt.at) : null,
            abort_reason: pipeline.abort?.reason ?? '',
            // As for builds: null on a plan without credits; the workflows' sum once the pipeline ended.
            credit_cost: finished && costs.some((c) => c !== null) ? costs.reduce((sum, c) => sum + (c ?? 0), 0) : null,
            rebuildable: finished,
            current_attempt_id: `${pipeline.id}-${attempt.number}`,
            attempts: pipeline.attempts.map((a) => ({
                id: `${pipeline.id}-${a.number}`,
                number_in_pipeline_build_scope: a.number,
                triggered_at: pipelines_iso(a.at)
            })),
            ...workflowsJson(pipeline, view, shown),
            // The contract's trigger_params model has no pipeline_id: the pipeline is the answer itself.
            trigger_params: Object.fromEntries(Object.entries(pipeline.triggerParams).filter(([name]) => name !== 'pipeline_id'))
        }
    };
}
/** The workflows as the service answers them: under their stages, or for a graph pipeline as graphWorkflows says. */
function workflowsJson(pipeline, view, shown) {
    if (pipeline.plan.kind !== 'graph')
        return {
            stages: view.stages.map((stage) => ({ id: stage.name, name: stage.name, workflows: stage.workflows.map(shown) }))
        };
    return {
        type: 'dag',
        workflows: graphWorkflows(view.workflows).map((w) => ({
            ...shown(w),
            ...(w.dependsOn.length > 0 ? { depends_on: w.dependsOn } : {}),
            startFailureReason: ''
        }))
    };
}
/**
 * A graph pipeline's workflows as the service lists them: under the top-level `workflows`, by
 * name, with `type: "dag"`, no `stages`, and `depends_on` only on a workflow that has
 * dependencies (a real answer recorded in bitrise-io/bitrise-mcp,
 * `devenv/test-responses/before/get_pipeline.json`).
 */
function graphWorkflows(workflows) {
    return [...workflows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
/**
 * A workflow's times and credit_cost: those of the build it runs as (null until it has one
 * that ended). A workflow kept from an earlier attempt keeps its build's start.
 */
function workflowTimes(ctx, w, now) {
    const build = w.externalId === '' ? undefined : ctx.model.state.builds.get(w.externalId);
    if (!build)
        return { started_at: pipelines_iso(w.startedAt), finished_at: null, credit_cost: null };
    const { finishedAt } = progressOf(build, now);
    return {
        started_at: pipelines_iso(w.startedAt ?? build.startedAt),
        finished_at: pipelines_iso(finishedAt),
        credit_cost: creditCost(build, finishedAt)
    };
}
function pipelines_abort(ctx) {
    const body = bodyObject(ctx.body, true);
    ctx.model.abortPipeline(ctx.user, ctx.app(), findPipeline(ctx), {
        reason: optionalString(body, 'abort_reason') ?? '',
        withSuccess: optionalBoolean(body, 'abort_with_success') ?? false,
        skipNotifications: optionalBoolean(body, 'skip_notifications') ?? false
    });
    return { status: 200, json: { status: 'ok' } };
}
function rebuild(ctx) {
    const body = bodyObject(ctx.body, true);
    const pipeline = findPipeline(ctx);
    ctx.model.rebuildPipeline(ctx.app(), pipeline, optionalBoolean(body, 'partial') ?? false);
    return { status: 201, json: { id: pipeline.id, status: 'ok' } };
}
function listPipelines(ctx) {
    return { status: 200, json: pipelineListPage(ctx, ctx.app()) };
}
const pipelineRoutes = [
    { method: 'GET', pattern: '/apps/:app/pipelines', access: APP_ANY_ROLE, handler: listPipelines },
    { method: 'GET', pattern: '/apps/:app/pipelines/:pipeline', access: APP_ANY_ROLE, handler: getPipeline },
    { method: 'POST', pattern: '/apps/:app/pipelines/:pipeline/abort', access: APP_DEVELOPER, handler: pipelines_abort },
    { method: 'POST', pattern: '/apps/:app/pipelines/:pipeline/rebuild', access: APP_DEVELOPER, handler: rebuild }
];

;// CONCATENATED MODULE: ./emulator/routes/roles.ts
/** Group role grants on an app's team and the Workspace group list. */




/**
 * The role of the path. The published contract lists one refusal per route besides the
 * emulator's documented 401/403/404: 404 for GET, 422 for PUT; an unknown role gets that one.
 */
function roleName(ctx, status) {
    const role = ctx.params.role;
    if (!GROUP_ROLE_NAMES.includes(role)) {
        throw new HttpError(status, `role-name must be one of ${GROUP_ROLE_NAMES.join(', ')}; got "${role}"`);
    }
    return role;
}
function getRole(ctx) {
    return { status: 200, json: { groups: [...ctx.app().groupRoles[roleName(ctx, 404)]] } };
}
function putRole(ctx) {
    const app = ctx.app();
    const role = roleName(ctx, 422);
    const groups = bodyObject(ctx.body).groups;
    if (!Array.isArray(groups) || groups.some((g) => typeof g !== 'string')) {
        throw new HttpError(422, 'groups must be an array of group slugs (strings)');
    }
    return { status: 200, json: { groups: ctx.model.setGroupRole(app, role, groups) } };
}
function listGroups(ctx) {
    return { status: 201, json: [...ctx.org().groups.values()].map((g) => ({ slug: g.slug, name: g.name })) };
}
/** Every route here answers errors as `{"error_msg": ...}`, as the published contract shows for them. */
const roleRoutes = [
    { method: 'GET', pattern: '/apps/:app/roles/:role', access: APP_ADMIN, handler: getRole },
    { method: 'PUT', pattern: '/apps/:app/roles/:role', access: APP_ADMIN, handler: putRole },
    { method: 'GET', pattern: '/organizations/:org/groups', access: WORKSPACE_MEMBER, handler: listGroups }
].map((route) => ({ ...route, errorStyle: 'error_msg' }));

;// CONCATENATED MODULE: ./emulator/routes/validation.ts
/** The configuration check: POST /validate-bitrise-yml, with an optional `app_slug` in the query. */


/**
 * The text to check: `bitrise_yml` of a JSON body, as the official CLI and MCP server send it.
 * The contract also lets the YAML come as the whole body (YAML or plain text content types).
 */
function configText(ctx) {
    const body = ctx.body;
    const text = isObject(body) ? body.bitrise_yml : typeof body === 'string' ? body : undefined;
    if (typeof text !== 'string' || text.trim() === '')
        throw badRequest('bitrise_yml is required and must be the configuration as a non-empty string');
    return text;
}
function validate(ctx) {
    const appSlug = ctx.query.get('app_slug') || undefined;
    const { errors, warnings } = ctx.model.validateConfig(ctx.user, appSlug, configText(ctx));
    return { status: 200, json: { errors, warnings } };
}
const CALLER_OR_APP_ROLE = {
    kind: 'caller',
    rule: 'any caller; with `app_slug`, any role on that app (404 otherwise)'
};
const validationRoutes = [
    { method: 'POST', pattern: '/validate-bitrise-yml', access: CALLER_OR_APP_ROLE, handler: validate }
];

;// CONCATENATED MODULE: ./emulator/routes/index.ts
/** The API's route table, and the role table of the emulator README written from it. */











/** Every endpoint the emulator serves under the API prefix. */
const API_ROUTES = [
    ...appRoutes,
    ...configRoutes,
    ...validationRoutes,
    ...roleRoutes,
    ...buildRoutes,
    ...buildRequestRoutes,
    ...artifactRoutes,
    ...pipelineRoutes,
    ...aiSummaryRoutes,
    ...accountRoutes
];
const PLACEHOLDERS = {
    app: '{app-slug}',
    build: '{build-slug}',
    org: '{org-slug}',
    user: '{user-slug}',
    role: '{role-name}',
    request: '{build-request-slug}',
    artifact: '{artifact-slug}',
    pipeline: '{pipeline-id}'
};
/** A route pattern in the interface's notation: `/apps/:app` becomes `/apps/{app-slug}`. */
function interfacePath(pattern) {
    return pattern.replace(/:(\w+)/g, (_match, name) => PLACEHOLDERS[name] ?? `{${name}}`);
}
/** The Markdown table of endpoints and the rule each applies, as the emulator README shows it. */
function accessTableMarkdown(routes = API_ROUTES) {
    const rows = routes.map((route) => `| ${route.method} | \`${interfacePath(route.pattern)}\` | ${describeAccess(route.access)} |`);
    return ['| method | path | who may call it |', '|---|---|---|', ...rows].join('\n');
}

;// CONCATENATED MODULE: ./emulator/control/request-log.ts


const MAX_LOGGED_REQUESTS = 10_000;
/** A body as the request log keeps it: parsed and redacted; one that does not parse only by its size, since it may hold a secret. */
function bodyForLog(raw, contentType) {
    let parsed;
    try {
        parsed = parseBody(raw, contentType);
    }
    catch {
        return unparsedBody(raw);
    }
    return redactBody(parsed) ?? null;
}
class RequestLog {
    entries = [];
    /** Adds a request; `raw` is null when the body was not read. */
    add(method, url, req, raw) {
        // Bounded, so a long rehearsal cannot grow the log without end.
        if (this.entries.length >= MAX_LOGGED_REQUESTS)
            this.entries.shift();
        this.entries.push({
            method,
            path: url.pathname,
            query: Object.fromEntries(url.searchParams),
            body: raw === null ? null : bodyForLog(raw, req.headers['content-type'])
        });
    }
    clear() {
        this.entries = [];
    }
}

;// CONCATENATED MODULE: ./emulator/server.ts
/** The emulator's HTTP server: the API under `/v0.1`, control endpoints under `/_emulator`. */
















const CONTROL_PREFIX = '/_emulator';
/** Timers the server starts (fault delays), all cleared when it closes. */
class Timers {
    pending = new Set();
    sleep(ms) {
        return new Promise((resolve) => {
            const timer = setTimeout(() => {
                this.pending.delete(timer);
                resolve();
            }, ms);
            this.pending.add(timer);
        });
    }
    clear() {
        for (const timer of this.pending)
            clearTimeout(timer);
        this.pending.clear();
    }
}
function seedOf(options) {
    if (options.seed)
        return checkSeed(structuredClone(options.seed));
    return options.seedFile ? loadSeedFile(options.seedFile) : bundledSeed();
}
/** Sends a request to the API, the control endpoints or a 404, by its path. */
function dispatcher(api, control) {
    return (req, res) => {
        let url;
        try {
            url = new URL(req.url ?? '/', 'http://emulator.invalid');
        }
        catch {
            // An absolute-form target such as `http://[x/` is not a URL; without this it would end the process.
            answer(req, res, { status: 400, json: { message: 'the request target is not a valid URL path' } });
            return;
        }
        let work;
        if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`))
            work = handleApi(api, req, res, url);
        else if (url.pathname.startsWith(`${CONTROL_PREFIX}/`))
            work = control(req, res, url);
        else if (url.pathname.startsWith(`${DOWNLOAD_PREFIX}/`))
            work = serveDownload(api.model, req, res, url);
        else if (url.pathname.startsWith(`${RAW_LOG_PREFIX}/`))
            work = serveRawLog(api.model, req, res, url, { delayMs: api.logDelayMs, archiveDelayMs: api.logArchiveDelayMs });
        else if (isOidcPath(url.pathname))
            work = serveOidc(api.model, req, res, url, api.origin());
        else
            work = Promise.resolve(answer(req, res, {
                status: 404,
                json: { message: `no endpoint ${url.pathname}; the API lives under ${API_PREFIX}` }
            }));
        work.catch((error) => answer(req, res, errorReply(error, 'message')));
    };
}
/** Binds the server and resolves with the address it got. */
async function listen(server, port, host) {
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
            server.off('error', reject);
            resolve();
        });
    });
    return server.address();
}
/** The emulator's clock: the wall clock, or one `scale` times faster from `origin` (the bench's --time-scale). */
function scaledClock(scale, origin) {
    return scale === 1 ? Date.now : () => origin + (Date.now() - origin) * scale;
}
/** Answers a request with `reply`; true, as the interception has dealt with it. */
function replied(req, res, reply) {
    answer(req, res, reply);
    return true;
}
/** The trace player of `--replay`, when one is asked for. */
function replayOf(options) {
    return options.replayFile
        ? new ReplayPlayer((0,external_node_fs_namespaceObject.readFileSync)(options.replayFile, 'utf8'), options.now ?? Date.now)
        : undefined;
}
/** The model the emulator serves, on its clock from `timeOrigin`. */
function modelOf(options, timeOrigin) {
    return new MemoryModel(seedOf(options), {
        buildDurationMs: options.buildDurationMs ?? 2000,
        now: options.now ?? scaledClock(options.timeScale ?? 1, timeOrigin),
        maxBuilds: options.maxBuilds
    });
}
/** Starts the emulator and resolves once it listens. */
async function startEmulator(options = {}) {
    const timeOrigin = options.timeOrigin ?? Date.now();
    const model = modelOf(options, timeOrigin);
    const host = options.host ?? '127.0.0.1';
    const timers = new Timers();
    let origin = '';
    const requests = new RequestLog();
    const faults = new FaultInjector();
    const replay = replayOf(options);
    const api = {
        model,
        routes: API_ROUTES,
        origin: () => origin,
        logDelayMs: options.logDelayMs ?? 200,
        logArchiveDelayMs: options.logArchiveDelayMs ?? 1000,
        async intercept(req, res, url, apiPath, raw) {
            const method = req.method ?? 'GET';
            requests.add(method, url, req, raw);
            options.onRequest?.({ method, path: url.pathname, at: model.now() });
            if (replay)
                return replied(req, res, replay.answer(method, apiPath, origin));
            const fault = faults.take(method, url.pathname, apiPath);
            return fault !== null && (await applyFault(fault, req, res, (ms) => timers.sleep(ms)));
        }
    };
    // Decided before listening; checked again against the address actually bound.
    let controlToken = controlTokenRequired(host, options.requireControlToken === true) ? newControlToken() : null;
    async function handleControlRequest(req, res, url) {
        if (controlToken !== null && !controlTokenMatches(req.headers[CONTROL_TOKEN_HEADER], controlToken)) {
            const message = `the control endpoints need the ${CONTROL_TOKEN_HEADER} header, with the token the emulator printed at start`;
            answer(req, res, { status: 401, json: { message } });
            return;
        }
        try {
            const body = parseBody(await readBody(req, res), req.headers['content-type']);
            const context = { body, model, requests, faults, faultsEnabled: options.enableFaults === true };
            answer(req, res, handleControl(req.method ?? 'GET', url.pathname.slice(CONTROL_PREFIX.length), context));
        }
        catch (error) {
            answer(req, res, errorReply(error, 'message'));
        }
    }
    const handle = dispatcher(api, handleControlRequest);
    const server = (0,external_node_http_namespaceObject.createServer)(handle);
    // Answered by the same handler, which sends 100 Continue only once it means to read the body.
    server.on('checkContinue', handle);
    const { port, address } = await listen(server, options.port ?? 0, host);
    if (controlToken === null && !isLoopbackHost(address))
        controlToken = newControlToken();
    origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const close = () => new Promise((resolve, reject) => {
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
    });
    return { url: `${origin}${API_PREFIX}`, origin, port, model, state: model.state, controlToken, timeOrigin, close };
}

;// CONCATENATED MODULE: ./emulator/cli.ts
/** Command line entry: `service-emulator [--port N] [--host H] [--seed FILE] [--build-duration-ms N] [--enable-faults] [--require-control-token]`. */


async function main() {
    let options;
    try {
        options = parseArgs(process.argv.slice(2));
    }
    catch (error) {
        console.error(`service-emulator: ${error.message}\n${USAGE}`);
        process.exit(2);
    }
    if (options === 'help') {
        console.log(USAGE);
        return;
    }
    const emulator = await startEmulator(options);
    console.log(`service emulator listening on ${emulator.url}`);
    if (options.replayFile)
        console.log(`replaying the wire trace ${options.replayFile}`);
    if ((options.timeScale ?? 1) !== 1)
        console.log(`clock ${options.timeScale}x the wall clock from ${emulator.timeOrigin} (SERVICE_TIME_ORIGIN)`);
    // Printed once, here only: whoever reads this terminal may use the control endpoints.
    if (emulator.controlToken !== null)
        console.log(`control endpoints need the header x-emulator-control-token: ${emulator.controlToken}`);
    const stop = () => {
        // A hard deadline, so a stuck connection can never keep the process past a second.
        setTimeout(() => process.exit(0), 900).unref();
        emulator.close().then(() => process.exit(0), () => process.exit(1));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
}
main().catch((error) => {
    console.error(`service-emulator: ${error.message}`);
    process.exit(1);
});

