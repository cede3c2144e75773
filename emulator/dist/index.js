#!/usr/bin/env node

// emulator/args.ts
var USAGE = `usage: service-emulator [options]
  --port N               port to listen on (0 = any free port; default 0)
  --host HOST            interface to bind (default 127.0.0.1)
  --seed FILE            JSON or YAML seed file (default: the bundled demo seed)
  --build-duration-ms N  how long a build runs before it finishes (default 2000)
  --log-delay-ms N       how long a new build's log answers 404 (default 200; the service: about 15 s)
  --rebuild-delay-ms N   how long after a pipeline rebuild its new attempt shows (default 3000)
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
  if (value === void 0 || !/^\d+$/.test(value))
    throw new Error(`${flag} needs a non-negative integer; got "${value ?? ""}"`);
  return Number(value);
}
function text(flag, value, what) {
  if (!value) throw new Error(`${flag} needs ${what}`);
  return value;
}
function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case "--port": {
        const port = integer(flag, value());
        if (port > 65535) throw new Error("--port must be at most 65535");
        options.port = port;
        break;
      }
      case "--host":
        options.host = text(flag, value(), "a value");
        break;
      case "--seed":
        options.seedFile = text(flag, value(), "a file path");
        break;
      case "--build-duration-ms":
        options.buildDurationMs = integer(flag, value());
        break;
      case "--rebuild-delay-ms":
        options.rebuildDelayMs = integer(flag, value());
        break;
      case "--log-delay-ms":
        options.logDelayMs = integer(flag, value());
        break;
      case "--log-archive-delay-ms":
        options.logArchiveDelayMs = integer(flag, value());
        break;
      case "--max-builds":
        options.maxBuilds = Math.max(1, integer(flag, value()));
        break;
      case "--replay":
        options.replayFile = text(flag, value(), "a trace file path");
        break;
      case "--time-scale":
        options.timeScale = Math.max(1, integer(flag, value()));
        break;
      case "--time-origin":
        options.timeOrigin = integer(flag, value());
        break;
      case "--enable-faults":
        options.enableFaults = true;
        break;
      case "--require-control-token":
        options.requireControlToken = true;
        break;
      case "--help":
      case "-h":
        return "help";
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  return options;
}

// emulator/server.ts
import { createServer } from "node:http";

// emulator/model/errors.ts
var ModelError = class extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
    this.name = "ModelError";
  }
  kind;
};
var invalid = (message) => new ModelError("invalid", message);
var conflict = (message) => new ModelError("conflict", message);
var forbidden = (message) => new ModelError("forbidden", message);
var notFound = (message) => new ModelError("not-found", message);
var unknownReference = (message) => new ModelError("unknown-reference", message);
var unreadable = (message) => new ModelError("unreadable", message);

// emulator/model/access.ts
var ANY_ROLE = ["owner", "admin", "platform_engineer", "manager", "member"];
var OWNER_ONLY = ["owner"];
var OWNER_OR_ADMIN = ["owner", "admin"];
var WORKFLOW_EDITORS = ["owner", "admin", "platform_engineer"];
var OWNER_ADMIN_DEVELOPER = ["owner", "admin", "platform_engineer", "manager"];
var APP_ANY_ROLE = { kind: "app", roles: ANY_ROLE };
var APP_ADMIN = { kind: "app", roles: OWNER_OR_ADMIN };
var APP_OWNER = { kind: "app", roles: OWNER_ONLY };
var APP_WORKFLOW_EDITOR = { kind: "app", roles: WORKFLOW_EDITORS };
var APP_DEVELOPER = { kind: "app", roles: OWNER_ADMIN_DEVELOPER };
var APP_DEVELOPER_OR_PUBLIC = { kind: "app", roles: OWNER_ADMIN_DEVELOPER, publicApp: true };
var WORKSPACE_MEMBER = { kind: "workspace-member" };
var WORKSPACE_LISTING = { kind: "workspace-listing" };
var WORKSPACE_OWNER = { kind: "workspace-owner" };
var USER_SELF = { kind: "user-self" };
var ROLE_LABEL = {
  owner: "Owner",
  admin: "Admin",
  platform_engineer: "Platform Engineer",
  manager: "Developer",
  member: "Tester/QA"
};
function appWithRole(state2, user, slug, access) {
  const app = state2.apps.get(slug);
  if (!app) throw notFound(`app "${slug}" not found`);
  if (access.publicApp && app.isPublic) return app;
  const allowed = access.roles;
  const role = state2.roleOf(user, app);
  if (role === null) throw forbidden(`you have no role on the team of app "${app.slug}"`);
  if (!allowed.includes(role)) {
    const needed = allowed.map((r) => ROLE_LABEL[r]).join(" or ");
    throw forbidden(`this operation needs the ${needed} role on app "${app.slug}"; you are ${ROLE_LABEL[role]}`);
  }
  return app;
}
function organization(state2, slug) {
  const org = state2.organizations.get(slug);
  if (!org) throw notFound(`organization "${slug}" not found`);
  return org;
}
function authorize(access, state2, user, params) {
  switch (access.kind) {
    case "app":
      return { app: appWithRole(state2, user, params.app, access) };
    case "workspace-listing":
      return { org: organization(state2, params.org) };
    case "workspace-member": {
      const org = organization(state2, params.org);
      if (!state2.isWorkspaceMember(user, org)) throw forbidden(`you are not a member of organization "${org.slug}"`);
      return { org };
    }
    case "workspace-owner": {
      const org = organization(state2, params.org);
      if (!org.owners.has(user))
        throw forbidden(`migrating machine types needs the owner role of organization "${org.slug}"`);
      return { org };
    }
    case "user-self":
      if (!state2.users.has(params.user)) throw notFound(`user "${params.user}" not found`);
      if (user !== params.user)
        throw forbidden(`only user "${params.user}" may migrate the machine types of his own apps`);
      return {};
    case "caller":
      return {};
  }
}

// emulator/http/errors.ts
var HttpError = class extends Error {
  constructor(status, message, headers = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.name = "HttpError";
  }
  status;
  headers;
};
var badRequest = (message) => new HttpError(400, message);
var notFound2 = (message) => new HttpError(404, message);
var STATUS_OF_KIND = {
  invalid: 400,
  conflict: 400,
  forbidden: 403,
  "not-found": 404,
  "unknown-reference": 422,
  // The published contract's "Validation failed" of POST /validate-bitrise-yml.
  unreadable: 422
};
function asHttpError(error) {
  if (error instanceof HttpError) return error;
  if (error instanceof ModelError) return new HttpError(STATUS_OF_KIND[error.kind], error.message);
  return null;
}

// emulator/http/io.ts
var MAX_BODY_BYTES = 1024 * 1024;
var tooLarge = (limit) => new HttpError(413, `request body is larger than ${limit} bytes`);
function bodyPending(req) {
  if (req.complete) return false;
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== void 0 || length !== void 0 && length.trim() !== "0";
}
function readBody(req, res, limit = MAX_BODY_BYTES) {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  if (/100-continue/i.test(req.headers.expect ?? "")) res.writeContinue();
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
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
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const onError = (error) => {
      stop();
      reject(error);
    };
    const onClose = () => {
      if (req.complete) return;
      stop();
      reject(new HttpError(400, "the connection closed before the request body ended"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}
function parseBody(raw, contentType) {
  if (raw.trim() === "") return void 0;
  const looksLikeJson = /^\s*[[{"]/.test(raw);
  if ((contentType ?? "").includes("application/x-www-form-urlencoded") && !looksLikeJson) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, "request body is not valid JSON");
  }
}
function send(res, reply) {
  if (res.headersSent || res.destroyed) return;
  const headers = { ...reply.headers ?? {} };
  let payload;
  if (reply.json !== void 0) {
    payload = JSON.stringify(reply.json);
    headers["content-type"] = "application/json; charset=utf-8";
  } else if (reply.text !== void 0) {
    payload = reply.text;
    headers["content-type"] ??= "text/plain; charset=utf-8";
  }
  if (payload !== void 0) headers["content-length"] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers);
  res.end(payload);
}
function answer(req, res, reply) {
  send(res, bodyPending(req) ? { ...reply, headers: { ...reply.headers ?? {}, connection: "close" } } : reply);
}

// emulator/http/router.ts
function decodeSegment(segment, name) {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest(
      `path parameter ${name} is not valid percent-encoding: every % must start a %XX escape of UTF-8 bytes`
    );
  }
}
function matchPattern(pattern, path) {
  const segments = pattern.split("/").filter(Boolean);
  const parts = path.split("/").filter(Boolean);
  if (segments.length !== parts.length) return null;
  if (!segments.every((segment, i) => segment.startsWith(":") || segment === parts[i])) return null;
  return Object.fromEntries(
    segments.flatMap((segment, i) => segment.startsWith(":") ? [[segment.slice(1), parts[i]]] : [])
  );
}
function matchRoute(routes, method, path) {
  for (const route of routes) {
    if (route.method !== method) continue;
    const params = matchPattern(route.pattern, path);
    if (params !== null) return { route, params };
  }
  return null;
}
function decodeParams(match) {
  return Object.fromEntries(Object.entries(match.params).map(([name, raw]) => [name, decodeSegment(raw, name)]));
}

// emulator/http/handler.ts
var API_PREFIX = "/v0.1";
function tokenOf(req) {
  const header = req.headers.authorization;
  if (!header || header.trim() === "") return void 0;
  return header.trim().replace(/^(token|bearer)\s+/i, "");
}
function errorReply(error, style) {
  const known = asHttpError(error);
  if (known !== null) return { status: known.status, json: { [style]: known.message }, headers: known.headers };
  console.error(`service emulator: internal error: ${error?.message ?? String(error)}`);
  return { status: 500, json: { [style]: "internal emulator error" } };
}
function authenticate(model, req) {
  const token = tokenOf(req);
  if (token === void 0) return { refusal: new HttpError(401, "missing access token in the Authorization header") };
  const user = model.state.tokens.get(token);
  if (user === void 0) return { refusal: new HttpError(401, "invalid access token") };
  const expiresAt = model.state.tokenExpiry.get(token);
  if (expiresAt !== void 0 && model.now() >= expiresAt)
    return { refusal: new HttpError(401, "the access token has expired") };
  return { user };
}
function found(value, what) {
  if (value === void 0) throw new Error(`the route's access rule provides no ${what}`);
  return value;
}
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
    app: () => found(target.app, "app"),
    org: () => found(target.org, "Workspace")
  });
}
async function handleApi(server, req, res, url) {
  const method = req.method ?? "GET";
  const apiPath = url.pathname.slice(API_PREFIX.length) || "/";
  const match = matchRoute(server.routes, method, apiPath);
  const style = match?.route.errorStyle ?? "message";
  const caller = match ? authenticate(server.model, req) : { refusal: new HttpError(404, `no endpoint ${method} ${url.pathname}`) };
  const logAndFault = (raw2) => server.intercept(req, res, url, apiPath, raw2);
  if ("refusal" in caller) {
    if (!await logAndFault(null)) answer(req, res, errorReply(caller.refusal, style));
    return;
  }
  let raw;
  try {
    raw = await readBody(req, res);
  } catch (error) {
    answer(req, res, errorReply(error, style));
    return;
  }
  if (await logAndFault(raw)) return;
  try {
    const base = {
      method,
      path: apiPath,
      params: decodeParams(match),
      query: url.searchParams,
      headers: req.headers,
      user: caller.user
    };
    answer(req, res, dispatch(server, match.route, { ...base, body: parseBody(raw, req.headers["content-type"]) }));
  } catch (error) {
    answer(req, res, errorReply(error, style));
  }
}

// emulator/model/build-progress.ts
var STATUS_TEXT = {
  0: "in-progress",
  1: "success",
  2: "error",
  3: "aborted",
  4: "aborted-with-success"
};
function progressOf(build2, now) {
  if (build2.abort) {
    const status = build2.abort.withSuccess ? 4 : 3;
    return { status, statusText: STATUS_TEXT[status], onHold: false, finishedAt: build2.abort.at };
  }
  if (build2.startedAt === null) return { status: 0, statusText: "on-hold", onHold: true, finishedAt: null };
  const end = build2.startedAt + build2.durationMs;
  if (now >= end) {
    const status = build2.outcome === "success" ? 1 : 2;
    return { status, statusText: STATUS_TEXT[status], onHold: false, finishedAt: end };
  }
  return { status: 0, statusText: STATUS_TEXT[0], onHold: false, finishedAt: null };
}

// emulator/routes/build-views.ts
var iso = (ms) => ms === null ? null : new Date(ms).toISOString();
function buildJson(build2, now) {
  const progress = progressOf(build2, now);
  return {
    slug: build2.slug,
    build_number: build2.buildNumber,
    status: progress.status,
    status_text: progress.statusText,
    is_on_hold: progress.onHold,
    abort_reason: build2.abort ? build2.abort.reason : null,
    triggered_workflow: build2.triggeredWorkflow,
    branch: build2.branch,
    commit_hash: build2.commitHash,
    commit_message: typeof build2.originalParams.commit_message === "string" ? build2.originalParams.commit_message : null,
    tag: build2.tag,
    // A build of no pull request has 0, not null: recorded real answers show it (see README).
    pull_request_id: build2.pullRequestId ?? 0,
    triggered_at: iso(build2.triggeredAt),
    started_on_worker_at: iso(build2.startedAt),
    finished_at: iso(progress.finishedAt),
    credit_cost: creditCost(build2, progress.finishedAt),
    original_build_params: build2.originalParams,
    stack_identifier: build2.stackIdentifier,
    machine_type_id: build2.machineTypeId,
    ...build2.pipelineWorkflowId === void 0 ? {} : { pipeline_workflow_id: build2.pipelineWorkflowId }
  };
}
function creditCost(build2, finishedAt) {
  if (build2.creditsPerMinute === null || finishedAt === null) return null;
  if (build2.startedAt === null) return 0;
  return Math.ceil(Math.max(0, finishedAt - build2.startedAt) / 6e4) * build2.creditsPerMinute;
}
function buildStateJson(build2, now) {
  return {
    app: build2.appSlug,
    ...buildJson(build2, now),
    duration_ms: build2.durationMs,
    planned_outcome: build2.outcome,
    checkout: build2.checkout,
    additional_envs: build2.additionalEnvs,
    priority: build2.priority,
    effective_env: build2.effectiveEnv,
    env_sources: build2.envSources,
    skip_git_status_report: build2.skipGitStatusReport,
    build_request: build2.buildRequest,
    git_status_report: build2.gitStatusReport,
    abort: build2.abort && {
      at: iso(build2.abort.at),
      reason: build2.abort.reason,
      with_success: build2.abort.withSuccess,
      skip_notifications: build2.abort.skipNotifications,
      skip_git_status_report: build2.abort.skipGitStatusReport,
      notification_sent: build2.abort.notificationSent,
      by: build2.abort.by
    }
  };
}

// emulator/control/endpoints.ts
var NO_CONTENT = { status: 204 };
function withFaults(handler) {
  return (ctx) => {
    if (!ctx.faultsEnabled) throw notFound2("fault injection is off; start the emulator with --enable-faults");
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
function reset(ctx) {
  ctx.model.reset();
  ctx.requests.clear();
  ctx.faults.clear();
  return { status: 200, json: { status: "ok" } };
}
function concurrency(ctx) {
  const app = ctx.model.state.apps.get(ctx.params.app);
  if (!app) throw notFound2(`app "${ctx.params.app}" not found`);
  const slots = ctx.body?.slots;
  if (slots !== null && !(Number.isInteger(slots) && slots >= 0))
    throw badRequest("slots must be a whole number, 0 or more, or null");
  ctx.model.setConcurrency(app, slots);
  return { status: 200, json: { status: "ok", app: app.slug, concurrency: app.concurrency } };
}
function dropBuild(ctx) {
  const build2 = ctx.model.state.builds.get(ctx.params.build);
  if (!build2) throw notFound2(`build "${ctx.params.build}" not found`);
  ctx.model.state.deleteBuild(build2);
  return NO_CONTENT;
}
var CONTROL_ROUTES = [
  { method: "GET", pattern: "/state", handler: state },
  { method: "POST", pattern: "/reset", handler: reset },
  { method: "GET", pattern: "/requests", handler: (ctx) => ({ status: 200, json: ctx.requests.entries }) },
  { method: "DELETE", pattern: "/requests", handler: (ctx) => (ctx.requests.clear(), NO_CONTENT) },
  { method: "GET", pattern: "/events", handler: (ctx) => ({ status: 200, json: ctx.model.events() }) },
  { method: "DELETE", pattern: "/events", handler: (ctx) => (ctx.model.clearEvents(), NO_CONTENT) },
  { method: "PUT", pattern: "/apps/:app/concurrency", handler: concurrency },
  { method: "DELETE", pattern: "/builds/:build", handler: dropBuild },
  {
    method: "POST",
    pattern: "/faults",
    handler: withFaults((ctx) => ({ status: 201, json: { status: "ok", fault: ctx.faults.add(ctx.body) } }))
  },
  { method: "GET", pattern: "/faults", handler: withFaults((ctx) => ({ status: 200, json: ctx.faults.pending() })) },
  { method: "DELETE", pattern: "/faults", handler: withFaults((ctx) => (ctx.faults.clear(), NO_CONTENT)) }
];
function handleControl(method, path, ctx) {
  const match = matchRoute(CONTROL_ROUTES, method, path);
  if (!match) throw notFound2(`no emulator control endpoint ${method} /_emulator${path}`);
  ctx.model.settle();
  return match.route.handler({ ...ctx, params: decodeParams(match) });
}

// emulator/model/artifacts.ts
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
var DOWNLOAD_PREFIX = "/_downloads";
var DOWNLOAD_TTL_MS = 10 * 6e4;
var SIGNING_KEY = randomBytes(32);
var DEFAULT_ARTIFACTS = [
  { title: "app-release.apk", artifact_type: "android-apk", file_size_bytes: 4096, is_public_page_enabled: true },
  { title: "test-results.xml", artifact_type: "file", file_size_bytes: 512, is_public_page_enabled: false }
];
function artifactsOf(app, build2, now) {
  const status = progressOf(build2, now).status;
  if (status !== 1 && status !== 2) return [];
  const listed = (app.artifacts ?? DEFAULT_ARTIFACTS).map((artifact, index) => ({ artifact, index }));
  return listed.filter(({ artifact }) => status === 1 || artifact.always === true).map(({ artifact, index }) => {
    const slug = createHash("sha256").update(`${build2.slug}/${index}`).digest("hex").slice(0, 16);
    const switched = build2.publicPages?.[slug];
    return {
      ...artifact,
      slug,
      buildSlug: build2.slug,
      is_public_page_enabled: switched ?? artifact.is_public_page_enabled
    };
  });
}
function setPublicPage(build2, artifactSlug, enabled) {
  build2.publicPages = { ...build2.publicPages, [artifactSlug]: enabled };
}
function signature(buildSlug, artifactSlug, expires) {
  return createHmac("sha256", SIGNING_KEY).update(`${buildSlug}/${artifactSlug}/${expires}`).digest();
}
function signedDownloadPath(artifact, now) {
  const expires = now + DOWNLOAD_TTL_MS;
  const sig = signature(artifact.buildSlug, artifact.slug, expires).toString("hex");
  return `${DOWNLOAD_PREFIX}/${artifact.buildSlug}/${artifact.slug}?expires=${expires}&signature=${sig}`;
}
function checkDownloadLink(buildSlug, artifactSlug, expiresText, signatureText, now) {
  const expires = Number(expiresText);
  if (!/^\d{1,16}$/.test(expiresText ?? "") || !/^[0-9a-f]{64}$/.test(signatureText ?? "")) return "forged";
  if (!timingSafeEqual(signature(buildSlug, artifactSlug, expires), Buffer.from(signatureText, "hex"))) return "forged";
  return now > expires ? "expired" : "ok";
}
function artifactContent(artifact) {
  if (artifact.content !== void 0) return Buffer.from(artifact.content);
  const line = Buffer.from(`${artifact.title} of build ${artifact.buildSlug}
`);
  const content = Buffer.alloc(artifact.file_size_bytes);
  for (let at2 = 0; at2 < content.length; at2 += line.length) line.copy(content, at2);
  return content;
}

// emulator/routes/downloads.ts
async function serveDownload(model, req, res, url) {
  const [buildSlug, artifactSlug, ...rest] = url.pathname.slice(DOWNLOAD_PREFIX.length + 1).split("/");
  const build2 = model.state.builds.get(buildSlug ?? "");
  const app = build2 && model.state.apps.get(build2.appSlug);
  const artifact = app && build2 && rest.length === 0 ? model.artifacts(app, build2).find((a) => a.slug === artifactSlug) : void 0;
  if (req.method !== "GET" || !artifact) {
    answer(req, res, { status: 404, json: { message: "no such download" } });
    return;
  }
  const check = checkDownloadLink(
    artifact.buildSlug,
    artifact.slug,
    url.searchParams.get("expires"),
    url.searchParams.get("signature"),
    model.now()
  );
  if (check !== "ok") {
    answer(req, res, {
      status: 403,
      json: { message: check === "expired" ? "the download link has expired" : "the download link is not valid" }
    });
    return;
  }
  const content = artifactContent(artifact);
  res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(content.length) });
  res.end(content);
}

// emulator/routes/build-log.ts
import { createHmac as createHmac2, randomBytes as randomBytes2, timingSafeEqual as timingSafeEqual2 } from "node:crypto";

// emulator/routes/log-chunks.ts
import { createHash as createHash2 } from "node:crypto";
var MIN_CHUNKS = 10;
var MAX_CHUNKS = 51;
var MAX_CHUNK_CHARS = 8192;
function drawsFor(slug) {
  let state2 = createHash2("sha256").update(`log/${slug}`).digest().readUInt32LE(0);
  return () => {
    state2 = state2 + 1831565813 | 0;
    let t = Math.imul(state2 ^ state2 >>> 15, 1 | state2);
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
    return ((t ^ t >>> 14) >>> 0) / 2 ** 32;
  };
}
var between = (draw, low, high) => low + Math.floor(draw() * (high - low + 1));
function chunkLength(draw) {
  const kind = draw();
  if (kind < 0.55) return between(draw, 12, 200);
  if (kind < 0.9) return between(draw, 200, 2e3);
  return between(draw, 2e3, MAX_CHUNK_CHARS);
}
var LineSource = class {
  constructor(build2, draw) {
    this.build = build2;
    this.draw = draw;
  }
  build;
  draw;
  steps = 0;
  opened = false;
  next(offsetMs) {
    if (!this.opened) {
      this.opened = true;
      const { buildNumber, triggeredWorkflow, checkout } = this.build;
      return `Build #${buildNumber} of workflow ${triggeredWorkflow} started (checkout ${checkout.kind} ${checkout.value})
`;
    }
    if (this.draw() < 0.01) return `[${offsetMs} ms] progress ${"#".repeat(between(this.draw, 80, 400))}
`;
    return `[${offsetMs} ms] step output line ${++this.steps}
`;
  }
};
function writtenChunks(build2, startedAt, until) {
  const draw = drawsFor(build2.slug);
  const bodyChunks = between(draw, MIN_CHUNKS, MAX_CHUNKS) - 1;
  const lines = new LineSource(build2, draw);
  const chunks = [];
  let pending = "";
  for (let k = 0; k < bodyChunks; k++) {
    const at2 = startedAt + Math.floor(k * build2.durationMs / bodyChunks);
    if (at2 > until) break;
    const length = chunkLength(draw);
    while (pending.length < length) pending += lines.next(at2 - startedAt);
    chunks.push({ chunk: pending.slice(0, length), position: k + 1, at: at2 });
    pending = pending.slice(length);
  }
  return { chunks, rest: pending };
}
function logAt(build2, now, logDelayMs) {
  if (build2.startedAt === null || now < build2.startedAt + logDelayMs) return null;
  const progress = progressOf(build2, now);
  const { chunks, rest } = writtenChunks(build2, build2.startedAt, progress.finishedAt ?? now);
  if (progress.finishedAt === null) return { chunks, finishedAt: null };
  const reason = build2.abort?.reason ? `: ${build2.abort.reason}` : "";
  const closing = `${rest}Build finished with status ${progress.statusText}${reason}
`;
  const at2 = progress.finishedAt + (build2.abort ? 1 : 0);
  for (let from = 0; from < closing.length; from += MAX_CHUNK_CHARS) {
    chunks.push({ chunk: closing.slice(from, from + MAX_CHUNK_CHARS), position: chunks.length + 1, at: at2 });
  }
  return { chunks, finishedAt: progress.finishedAt };
}

// emulator/routes/big-log.ts
var CHUNK_BYTES = 8192;
var LINE_BYTES = 100;
function textAt(from, to) {
  let text2 = "";
  for (let line = Math.floor(from / LINE_BYTES); line * LINE_BYTES < to; line++) {
    const head = `big ${line} `;
    text2 += `${head}${".".repeat(LINE_BYTES - 1 - head.length)}
`;
  }
  const start = from - Math.floor(from / LINE_BYTES) * LINE_BYTES;
  return text2.slice(start, start + to - from);
}
var writtenAt = (build2, position) => (build2.startedAt ?? 0) + Math.floor(position * CHUNK_BYTES * 1e3 / (build2.logBytesPerSecond ?? 1));
function shape(build2, now) {
  const rate = build2.logBytesPerSecond ?? 0;
  const progress = progressOf(build2, now);
  const until = Math.min(progress.finishedAt ?? now, now) - (build2.startedAt ?? now);
  let chunks = Math.max(0, Math.floor(rate * Math.max(0, until) / 1e3 / CHUNK_BYTES));
  while (chunks > 0 && writtenAt(build2, chunks) > (build2.startedAt ?? 0) + until) chunks--;
  const bodyBytes = chunks * CHUNK_BYTES;
  if (progress.finishedAt === null) return { chunks, bodyBytes };
  const closing = `Build finished with status ${progress.statusText}
`;
  return { chunks: chunks + 1, bodyBytes, closing, endAt: progress.finishedAt + (build2.abort ? 1 : 0) };
}
function fastChunks(build2, now, after, window) {
  const { chunks: count, bodyBytes, closing, endAt } = shape(build2, now);
  const body = bodyBytes / CHUNK_BYTES;
  let first = Math.max(1, count - window + 1);
  if (after !== void 0) {
    const rate = build2.logBytesPerSecond ?? 1;
    first = Math.max(1, Math.floor((after - (build2.startedAt ?? 0)) * rate / 1e3 / CHUNK_BYTES) + 1);
    while (first > 1 && writtenAt(build2, first - 1) > after) first--;
    while (first <= body && writtenAt(build2, first) <= after) first++;
  }
  const chunks = [];
  for (let p = first; p <= body; p++)
    chunks.push({ chunk: textAt((p - 1) * CHUNK_BYTES, p * CHUNK_BYTES), position: p, at: writtenAt(build2, p) });
  if (closing !== void 0 && (after === void 0 || endAt > after))
    chunks.push({ chunk: closing, position: count, at: endAt });
  return { chunks, generated: count, finished: closing !== void 0 };
}
async function streamFastLog(build2, now, res) {
  const { bodyBytes, closing } = shape(build2, now);
  const tail = Buffer.from(closing ?? "");
  res.writeHead(200, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": String(bodyBytes + tail.length)
  });
  for (let at2 = 0; at2 < bodyBytes && !res.destroyed; at2 += CHUNK_BYTES * 16) {
    const ok = res.write(textAt(at2, Math.min(bodyBytes, at2 + CHUNK_BYTES * 16)));
    if (!ok) await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
  }
  res.end(tail);
}

// emulator/routes/build-log.ts
var LOG_WINDOW = 10;
var RAW_LOG_PREFIX = "/_raw-logs";
var RAW_LOG_TTL_MS = 10 * 6e4;
var SIGNING_KEY2 = randomBytes2(32);
var sign = (buildSlug, expires) => createHmac2("sha256", SIGNING_KEY2).update(`raw-log/${buildSlug}/${expires}`).digest();
var iso2 = (ms) => new Date(ms).toISOString();
function archived(log, now, archiveDelayMs) {
  return log.finishedAt !== null && now >= log.finishedAt + archiveDelayMs;
}
function readCursor(query) {
  const name = query.get("after_timestamp") ? "after_timestamp" : "timestamp";
  const value = query.get(name);
  if (value === null || value === "") return void 0;
  const at2 = /^\d{1,12}(\.\d{1,9})?$/.test(value) ? Math.floor(Number(value) * 1e3) : Date.parse(value);
  if (Number.isNaN(at2))
    throw badRequest(
      `${name} is not a time: give the next_after_timestamp of an earlier answer (an ISO time) or Unix seconds`
    );
  return at2;
}
function logAnswer(build2, now, timing, query, origin) {
  const after = readCursor(query);
  const log = build2.logBytesPerSecond ? fastLogAt(build2, now, timing.delayMs, after) : logAt(build2, now, timing.delayMs);
  if (log === null) return null;
  const done = archived(log, now, timing.archiveDelayMs);
  const chunks = after !== void 0 ? log.chunks.filter((c) => c.at > after) : done ? log.chunks.slice(-LOG_WINDOW) : log.chunks;
  const generated = log.generated ?? log.chunks.length;
  const expires = now + RAW_LOG_TTL_MS;
  const cursor = iso2(Math.max(now, log.chunks.length ? log.chunks[log.chunks.length - 1].at : now));
  return {
    log_chunks: chunks.map(({ chunk, position }) => ({ chunk, position })),
    generated_log_chunks_num: generated,
    is_archived: done,
    expiring_raw_log_url: done ? `${origin}${RAW_LOG_PREFIX}/${build2.slug}?expires=${expires}&signature=${sign(build2.slug, expires).toString("hex")}` : null,
    timestamp: done ? null : cursor,
    next_after_timestamp: done ? null : cursor
  };
}
function fastLogAt(build2, now, delayMs, after) {
  if (build2.startedAt === null || now < build2.startedAt + delayMs) return null;
  const { chunks, generated, finished } = fastChunks(build2, now, after, LOG_WINDOW);
  return { chunks, generated, finishedAt: finished ? progressOf(build2, now).finishedAt : null };
}
function serveRawLog(model, req, res, url, timing) {
  const slug = url.pathname.slice(RAW_LOG_PREFIX.length + 1);
  const build2 = model.state.builds.get(slug);
  const log = !build2 ? null : build2.logBytesPerSecond ? fastLogAt(build2, model.now(), 0, Infinity) : logAt(build2, model.now(), 0);
  if (req.method !== "GET" || !log || !archived(log, model.now(), timing.archiveDelayMs)) {
    answer(req, res, { status: 404, json: { message: "no such archived log" } });
    return Promise.resolve();
  }
  if (req.headers.authorization !== void 0) {
    answer(req, res, {
      status: 400,
      headers: { "content-type": "application/xml" },
      text: '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InvalidArgument</Code><Message>The link is signed: a request may carry one credential, so no Authorization header may come with it.</Message><ArgumentName>Authorization</ArgumentName></Error>'
    });
    return Promise.resolve();
  }
  const expiresText = url.searchParams.get("expires") ?? "";
  const signature2 = url.searchParams.get("signature") ?? "";
  const expires = Number(expiresText);
  const valid = /^\d{1,16}$/.test(expiresText) && /^[0-9a-f]{64}$/.test(signature2) && timingSafeEqual2(sign(slug, expires), Buffer.from(signature2, "hex"));
  if (!valid || model.now() > expires) {
    answer(req, res, {
      status: 403,
      json: { message: valid ? "the archived log link has expired" : "the archived log link is not valid" }
    });
    return Promise.resolve();
  }
  if (build2.logBytesPerSecond) return streamFastLog(build2, model.now(), res);
  const text2 = Buffer.from(log.chunks.map((c) => c.chunk).join(""), "utf8");
  res.writeHead(200, { "content-type": "text/plain; charset=utf-8", "content-length": String(text2.length) });
  res.end(text2);
  return Promise.resolve();
}

// emulator/model/oidc.ts
import { createPublicKey, generateKeyPairSync, randomBytes as randomBytes3, sign as sign2, verify } from "node:crypto";

// emulator/model/seed.ts
import { readFileSync } from "node:fs";

// node_modules/js-yaml/dist/js-yaml.mjs
var NOT_RESOLVED = /* @__PURE__ */ Symbol("NOT_RESOLVED");
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
var strTag = defineScalarTag("tag:yaml.org,2002:str", {
  resolve: (source) => source,
  identify: (data) => typeof data === "string"
});
var NULL_VALUES$1 = [
  "",
  "~",
  "null",
  "Null",
  "NULL"
];
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
var NULL_VALUES = [
  "",
  "~",
  "null",
  "Null",
  "NULL"
];
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
var TRUE_VALUES$1 = ["true"];
var FALSE_VALUES$1 = ["false"];
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
var YAML_INTEGER_IMPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
var YAML_INTEGER_EXPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
function parseYamlInteger$2(source) {
  let value = source;
  let sign3 = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign3 = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign3 * parseInt(value.slice(2), 2);
  if (value.startsWith("0o")) return sign3 * parseInt(value.slice(2), 8);
  if (value.startsWith("0x")) return sign3 * parseInt(value.slice(2), 16);
  return sign3 * parseInt(value, 10);
}
function resolveYamlInteger$2(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_INTEGER_EXPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
  } else if (!YAML_INTEGER_IMPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger$2(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
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
var YAML_INTEGER_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)$");
var YAML_INTEGER_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
function parseYamlInteger$1(source) {
  let value = source;
  let sign3 = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign3 = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign3 * parseInt(value.slice(2), 2);
  if (value.startsWith("0o")) return sign3 * parseInt(value.slice(2), 8);
  if (value.startsWith("0x")) return sign3 * parseInt(value.slice(2), 16);
  return sign3 * parseInt(value, 10);
}
function resolveYamlInteger$1(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_INTEGER_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  } else if (!YAML_INTEGER_IMPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger$1(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
var intJsonTag = defineScalarTag("tag:yaml.org,2002:int", {
  implicit: true,
  implicitFirstChars: ["-", ..."0123456789"],
  resolve: resolveYamlInteger$1,
  identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
  represent: (object) => object.toString(10)
});
var YAML_INTEGER_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?0x[0-9a-fA-F_]+|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+|[-+]?(?:0|[1-9][0-9_]*))$");
function parseYamlInteger(source) {
  let value = source.replace(/_/g, "");
  let sign3 = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign3 = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign3 * parseInt(value.slice(2), 2);
  if (value.startsWith("0x")) return sign3 * parseInt(value.slice(2), 16);
  if (value.includes(":")) {
    let result = 0;
    for (const part of value.split(":")) result = result * 60 + Number(part);
    return sign3 * result;
  }
  if (value !== "0" && value[0] === "0") return sign3 * parseInt(value, 8);
  return sign3 * parseInt(value, 10);
}
function resolveYamlInteger(source) {
  if (!YAML_INTEGER_PATTERN.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
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
var YAML_FLOAT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
var YAML_FLOAT_SPECIAL_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat$2(source) {
  if (!YAML_FLOAT_PATTERN$1.test(source)) return NOT_RESOLVED;
  let value = source.toLowerCase();
  const sign3 = value[0] === "-" ? -1 : 1;
  if ("+-".includes(value[0])) value = value.slice(1);
  if (value === ".inf") return sign3 === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (value === ".nan") return NaN;
  const result = sign3 * parseFloat(value);
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
var YAML_FLOAT_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$");
var YAML_FLOAT_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat$1(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_FLOAT_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
    let value = source.toLowerCase();
    const sign3 = value[0] === "-" ? -1 : 1;
    if ("+-".includes(value[0])) value = value.slice(1);
    if (value === ".inf") return sign3 === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    if (value === ".nan") return NaN;
    const result2 = sign3 * parseFloat(value);
    return Number.isFinite(result2) ? result2 : NOT_RESOLVED;
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
var floatJsonTag = defineScalarTag("tag:yaml.org,2002:float", {
  implicit: true,
  implicitFirstChars: ["-", ..."0123456789"],
  resolve: resolveYamlFloat$1,
  identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
  represent: representYamlFloat$1
});
var YAML_FLOAT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?(?:(?:[0-9][0-9_]*)?\\.[0-9_]*)(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
var YAML_FLOAT_SPECIAL_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat(source) {
  if (!YAML_FLOAT_PATTERN.test(source)) return NOT_RESOLVED;
  let value = source.toLowerCase().replace(/_/g, "");
  const sign3 = value[0] === "-" ? -1 : 1;
  if ("+-".includes(value[0])) value = value.slice(1);
  if (value === ".inf") return sign3 === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (value === ".nan") return NaN;
  let result = 0;
  if (value.includes(":")) {
    for (const part of value.split(":")) result = result * 60 + Number(part);
    result *= sign3;
  } else result = sign3 * parseFloat(value);
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
var mergeTag = defineScalarTag("tag:yaml.org,2002:merge", {
  implicit: true,
  implicitFirstChars: ["<"],
  resolve: (source, isExplicit) => {
    if (source === "<<" || isExplicit && source === "") return "<<";
    return NOT_RESOLVED;
  },
  identify: () => false
});
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
var binaryTag = defineScalarTag("tag:yaml.org,2002:binary", {
  resolve: resolveYamlBinary,
  identify: (object) => Object.prototype.toString.call(object) === "[object Uint8Array]",
  represent: representYamlBinary
});
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
    const date2 = makeUtcDate(year, month, day);
    if (date2.getUTCFullYear() !== year || date2.getUTCMonth() !== month || date2.getUTCDate() !== day) return NOT_RESOLVED;
    return date2;
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
var timestampTag = defineScalarTag("tag:yaml.org,2002:timestamp", {
  implicit: true,
  implicitFirstChars: [..."0123456789"],
  resolve: resolveYamlTimestamp,
  identify: (object) => object instanceof Date,
  represent: (object) => object.toISOString()
});
var seqTag = defineSequenceTag("tag:yaml.org,2002:seq", {
  create: () => [],
  addItem: (container, item) => {
    container.push(item);
  },
  identify: Array.isArray
});
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
function createTagDefinitionMap() {
  return {
    scalar: /* @__PURE__ */ Object.create(null),
    sequence: /* @__PURE__ */ Object.create(null),
    mapping: /* @__PURE__ */ Object.create(null)
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
var Schema = class Schema2 {
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
        case "mapping":
          if (tag.matchByTagPrefix) prefix.mapping.push(tag);
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
    for (const tag2 of candidates) {
      const value = tag2.resolve(source, false, tag2.tagName);
      if (value !== NOT_RESOLVED) return {
        value,
        tag: tag2
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
    return new Schema2([...this.tags, ...flatTags]);
  }
};
var FAILSAFE_SCHEMA = new Schema([
  strTag,
  seqTag,
  mapTag
]);
var JSON_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullJsonTag,
  boolJsonTag,
  intJsonTag,
  floatJsonTag
]);
var CORE_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullCoreTag,
  boolCoreTag,
  intCoreTag,
  floatCoreTag
]);
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
    str: head + buffer.slice(lineStart, lineEnd).replace(/\t/g, "\u2192") + tail,
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
    const line2 = getLine(mark.buffer, lineStarts[foundLineNo - i], lineEnds[foundLineNo - i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo - i]), maxLineLength);
    result = `${" ".repeat(opts.indent)}${padStart((mark.line - i + 1).toString(), lineNoLength)} | ${line2.str}
${result}`;
  }
  const line = getLine(mark.buffer, lineStarts[foundLineNo], lineEnds[foundLineNo], mark.position, maxLineLength);
  result += `${" ".repeat(opts.indent)}${padStart((mark.line + 1).toString(), lineNoLength)} | ${line.str}
`;
  result += `${"-".repeat(opts.indent + lineNoLength + 3 + line.pos)}^
`;
  for (let i = 1; i <= opts.linesAfter; i++) {
    if (foundLineNo + i >= lineEnds.length) break;
    const line2 = getLine(mark.buffer, lineStarts[foundLineNo + i], lineEnds[foundLineNo + i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo + i]), maxLineLength);
    result += `${" ".repeat(opts.indent)}${padStart((mark.line + i + 1).toString(), lineNoLength)} | ${line2.str}
`;
  }
  return result.replace(/\n$/, "");
}
function formatError(exception, compact) {
  let where = "";
  if (!exception.mark) return exception.reason;
  if (exception.mark.name) where += `in "${exception.mark.name}" `;
  where += `(${exception.mark.line + 1}:${exception.mark.column + 1})`;
  if (!compact && exception.mark.snippet) where += `

${exception.mark.snippet}`;
  return `${exception.reason} ${where}`;
}
var YAMLException = class YAMLException2 extends Error {
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
    throw new YAMLException2(message, mark);
  }
};
var EVENT_ID = {
  DOCUMENT: 1,
  SEQUENCE: 2,
  MAPPING: 3,
  SCALAR: 4,
  ALIAS: 5,
  POP: 6
};
var SCALAR_STYLE = {
  PLAIN: 1,
  SINGLE_QUOTED: 2,
  DOUBLE_QUOTED: 3,
  LITERAL_BLOCK: 4,
  FOLDED_BLOCK: 5
};
var COLLECTION_STYLE = {
  BLOCK: 1,
  FLOW: 2
};
var CHOMPING_MODE = {
  CLIP: 1,
  STRIP: 2,
  KEEP: 3
};
var NO_RANGE$3 = -1;
function simpleEscapeSequence(c) {
  switch (c) {
    case 48:
      return "\0";
    case 97:
      return "\x07";
    case 98:
      return "\b";
    case 116:
      return "	";
    case 9:
      return "	";
    case 110:
      return "\n";
    case 118:
      return "\v";
    case 102:
      return "\f";
    case 114:
      return "\r";
    case 101:
      return "\x1B";
    case 32:
      return " ";
    case 34:
      return '"';
    case 47:
      return "/";
    case 92:
      return "\\";
    case 78:
      return "\x85";
    case 95:
      return "\xA0";
    case 76:
      return "\u2028";
    case 80:
      return "\u2029";
    default:
      return "";
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
function getScalarValue(input, scalar) {
  if (scalar.valueStart === NO_RANGE$3) return "";
  const { valueStart, valueEnd } = scalar;
  if (scalar.fast) return input.slice(valueStart, valueEnd);
  switch (scalar.style) {
    case SCALAR_STYLE.SINGLE_QUOTED:
      return getSingleQuotedValue(input, valueStart, valueEnd);
    case SCALAR_STYLE.DOUBLE_QUOTED:
      return getDoubleQuotedValue(input, valueStart, valueEnd);
    case SCALAR_STYLE.LITERAL_BLOCK:
      return getBlockValue(input, valueStart, valueEnd, scalar.indent, scalar.chomping, false);
    case SCALAR_STYLE.FOLDED_BLOCK:
      return getBlockValue(input, valueStart, valueEnd, scalar.indent, scalar.chomping, true);
    default:
      return getPlainValue(input, valueStart, valueEnd);
  }
}
var DEFAULT_TAG_HANDLERS = Object.assign(/* @__PURE__ */ Object.create(null), {
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
function throwError$1(state2, message) {
  YAMLException.throwAt(state2.source, state2.position, message, state2.filename);
}
function finalizeCollection(state2, position, tag, carrier) {
  try {
    return tag.finalize(carrier);
  } catch (error) {
    if (error instanceof YAMLException) throw error;
    YAMLException.throwAt(state2.source, position, error instanceof Error ? error.message : String(error), state2.filename);
  }
}
function constructScalar(state2, event) {
  const source = getScalarValue(state2.source, event);
  const rawTag = event.tagStart === NO_RANGE$2 ? "" : state2.source.slice(event.tagStart, event.tagEnd);
  const strTag2 = state2.schema.defaultScalarTag;
  if (rawTag !== "") {
    if (rawTag === "!") return {
      value: source,
      tag: strTag2
    };
    const tagName = tagNameFull(rawTag, state2.tagHandlers);
    const scalarTag = state2.schema.lookupScalarTag(tagName);
    if (scalarTag) {
      const result = scalarTag.resolve(source, true, tagName);
      if (result === NOT_RESOLVED) throwError$1(state2, `cannot resolve a node with !<${tagName}> explicit tag`);
      return {
        value: result,
        tag: scalarTag
      };
    }
    const collectionTagDef = state2.schema.lookupMappingTag(tagName) ?? state2.schema.lookupSequenceTag(tagName);
    if (collectionTagDef) {
      if (source !== "") throwError$1(state2, `cannot resolve a node with !<${tagName}> explicit tag`);
      const carrier = collectionTagDef.create(tagName);
      return {
        value: collectionTagDef.carrierIsResult ? carrier : finalizeCollection(state2, state2.position, collectionTagDef, carrier),
        tag: collectionTagDef
      };
    }
    throwError$1(state2, `unknown scalar tag !<${tagName}>`);
  }
  if (event.style === SCALAR_STYLE.PLAIN) return state2.schema.resolveImplicitScalarTag(source);
  return {
    value: strTag2.resolve(source, false, strTag2.tagName),
    tag: strTag2
  };
}
function collectionTagName(state2, event, defaultTagName) {
  const rawTag = event.tagStart === NO_RANGE$2 ? "" : state2.source.slice(event.tagStart, event.tagEnd);
  return rawTag === "" || rawTag === "!" ? defaultTagName : tagNameFull(rawTag, state2.tagHandlers);
}
function isMappingTag(tag) {
  return tag.nodeKind === "mapping";
}
function chargeMergeWork(state2) {
  state2.totalMergeKeys++;
  if (state2.maxTotalMergeKeys !== -1 && state2.totalMergeKeys > state2.maxTotalMergeKeys) throwError$1(state2, `merge keys exceeded maxTotalMergeKeys (${state2.maxTotalMergeKeys})`);
}
function mergeKeys(state2, frame, source, sourceTag) {
  chargeMergeWork(state2);
  for (const sourceKey of sourceTag.keys(source)) {
    chargeMergeWork(state2);
    if (frame.tag.has(frame.value, sourceKey)) continue;
    const err = frame.tag.addPair(frame.value, sourceKey, sourceTag.get(source, sourceKey));
    if (err) throwError$1(state2, err);
    frame.overridable ??= /* @__PURE__ */ new Set();
    frame.overridable.add(sourceKey);
  }
}
function mergeSource(state2, frame, source, sourceTag) {
  state2.position = frame.keyPosition;
  if (isMappingTag(sourceTag)) mergeKeys(state2, frame, source, sourceTag);
  else if (sourceTag.nodeKind === "sequence" && Array.isArray(source)) {
    if (source.length > 100) throwError$1(state2, "abnormal merge sequence size");
    for (const element of source) {
      const elementTag = state2.nodeTags.get(element);
      if (!elementTag) throwError$1(state2, "cannot merge mappings; the provided source object is unacceptable");
      mergeKeys(state2, frame, element, elementTag);
    }
  } else throwError$1(state2, "cannot merge mappings; the provided source object is unacceptable");
}
function addMappingValue(state2, frame, key, value, tag) {
  state2.position = frame.keyPosition;
  if (frame.keyIsMerge) {
    mergeSource(state2, frame, value, tag);
    return;
  }
  if (!state2.json && frame.tag.has(frame.value, key) && !frame.overridable?.has(key)) throwError$1(state2, "duplicated mapping key");
  const err = frame.tag.addPair(frame.value, key, value);
  if (err) throwError$1(state2, err);
  frame.overridable?.delete(key);
}
function addValue(state2, value, tag) {
  const frame = state2.frames[state2.frames.length - 1];
  if (frame.kind === "document") {
    frame.value = value;
    frame.hasValue = true;
  } else if (frame.kind === "sequence") {
    if (isMappingTag(tag)) state2.nodeTags.set(value, tag);
    const err = frame.tag.addItem(frame.value, value, frame.index++);
    if (err) throwError$1(state2, err);
  } else if (frame.hasKey) {
    const key = frame.key;
    frame.key = void 0;
    frame.hasKey = false;
    addMappingValue(state2, frame, key, value, tag);
  } else {
    frame.key = value;
    frame.keyPosition = state2.position;
    frame.hasKey = true;
    frame.keyIsMerge = tag.tagName === MERGE_TAG_NAME;
  }
}
function storeAnchor(state2, event, value, tag, isValueFinal) {
  if (event.anchorStart !== NO_RANGE$2) {
    const anchor = {
      value,
      tag,
      isValueFinal
    };
    state2.anchors.set(state2.source.slice(event.anchorStart, event.anchorEnd), anchor);
    return anchor;
  }
  return null;
}
function constructFromEvents(events, options) {
  const state2 = {
    ...DEFAULT_CONSTRUCTOR_OPTIONS,
    ...options,
    events,
    documents: [],
    eventIndex: 0,
    position: 0,
    frames: [],
    anchors: /* @__PURE__ */ new Map(),
    nodeTags: /* @__PURE__ */ new Map(),
    tagHandlers: /* @__PURE__ */ Object.create(null),
    totalMergeKeys: 0,
    aliasCount: 0
  };
  while (state2.eventIndex < state2.events.length) {
    const event = state2.events[state2.eventIndex++];
    state2.position = eventPosition$1(event);
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        state2.anchors = /* @__PURE__ */ new Map();
        state2.nodeTags = /* @__PURE__ */ new Map();
        state2.aliasCount = 0;
        state2.tagHandlers = /* @__PURE__ */ Object.create(null);
        for (const directive of event.directives) if (directive.kind === "tag") state2.tagHandlers[directive.handle] = directive.prefix;
        state2.frames.push({
          kind: "document",
          position: state2.position,
          value: void 0,
          hasValue: false
        });
        break;
      case EVENT_ID.SCALAR: {
        const { value, tag } = constructScalar(state2, event);
        storeAnchor(state2, event, value, tag, true);
        addValue(state2, value, tag);
        break;
      }
      case EVENT_ID.SEQUENCE: {
        const tagName = collectionTagName(state2, event, "tag:yaml.org,2002:seq");
        const tag = state2.schema.lookupSequenceTag(tagName);
        if (!tag) throwError$1(state2, `unknown sequence tag !<${tagName}>`);
        const value = tag.create(tagName);
        const anchor = storeAnchor(state2, event, value, tag, tag.carrierIsResult);
        state2.frames.push({
          kind: "sequence",
          position: state2.position,
          value,
          tag,
          anchor,
          index: 0
        });
        break;
      }
      case EVENT_ID.MAPPING: {
        const tagName = collectionTagName(state2, event, "tag:yaml.org,2002:map");
        const tag = state2.schema.lookupMappingTag(tagName);
        if (!tag) throwError$1(state2, `unknown mapping tag !<${tagName}>`);
        const value = tag.create(tagName);
        const anchor = storeAnchor(state2, event, value, tag, tag.carrierIsResult);
        state2.frames.push({
          kind: "mapping",
          position: state2.position,
          value,
          tag,
          anchor,
          key: void 0,
          keyPosition: state2.position,
          hasKey: false,
          keyIsMerge: false,
          overridable: null
        });
        break;
      }
      case EVENT_ID.ALIAS: {
        if (state2.maxAliases !== -1 && ++state2.aliasCount > state2.maxAliases) throwError$1(state2, `aliases exceeded maxAliases (${state2.maxAliases})`);
        const name = state2.source.slice(event.anchorStart, event.anchorEnd);
        const anchor = state2.anchors.get(name);
        if (!anchor) throwError$1(state2, `unidentified alias "${name}"`);
        if (!anchor.isValueFinal) throwError$1(state2, `recursive alias "${name}" is not supported for tag ${anchor.tag.tagName} because it uses finalize()`);
        addValue(state2, anchor.value, anchor.tag);
        break;
      }
      case EVENT_ID.POP: {
        const frame = state2.frames.pop();
        if (frame.kind === "mapping" && frame.hasKey) {
          state2.position = frame.keyPosition;
          throwError$1(state2, "incomplete mapping pair in event stream");
        }
        if (frame.kind === "document") state2.documents.push(frame.value);
        else {
          const value = frame.tag.carrierIsResult ? frame.value : finalizeCollection(state2, frame.position, frame.tag, frame.value);
          if (frame.anchor) {
            frame.anchor.value = value;
            frame.anchor.isValueFinal = true;
          }
          addValue(state2, value, frame.tag);
        }
        break;
      }
    }
  }
  return state2.documents;
}
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
function addDocumentEvent(state2, explicitStart, explicitEnd) {
  state2.events.push({
    type: EVENT_ID.DOCUMENT,
    explicitStart,
    explicitEnd,
    directives: state2.directives
  });
}
function addSequenceEvent(state2, start, anchorStart, anchorEnd, tagStart, tagEnd, style) {
  state2.events.push({
    type: EVENT_ID.SEQUENCE,
    start,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style
  });
}
function addMappingEvent(state2, start, anchorStart, anchorEnd, tagStart, tagEnd, style) {
  state2.events.push({
    type: EVENT_ID.MAPPING,
    start,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style
  });
}
function insertFlowPairMappingEvent(state2, snapshot) {
  state2.events.splice(snapshot.eventsLength, 0, {
    type: EVENT_ID.MAPPING,
    start: snapshot.position,
    anchorStart: NO_RANGE$1,
    anchorEnd: NO_RANGE$1,
    tagStart: NO_RANGE$1,
    tagEnd: NO_RANGE$1,
    style: COLLECTION_STYLE.FLOW
  });
}
function addScalarEvent(state2, valueStart, valueEnd, anchorStart, anchorEnd, tagStart, tagEnd, style, chomping = CHOMPING_MODE.CLIP, indent = -1, fast = false) {
  state2.events.push({
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
function addAliasEvent(state2, anchorStart, anchorEnd) {
  state2.events.push({
    type: EVENT_ID.ALIAS,
    anchorStart,
    anchorEnd
  });
}
function addPopEvent(state2) {
  state2.events.push({ type: EVENT_ID.POP });
}
function addEmptyScalarEvent(state2) {
  addScalarEvent(state2, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, SCALAR_STYLE.PLAIN);
}
function emptyProperties() {
  return {
    anchorStart: NO_RANGE$1,
    anchorEnd: NO_RANGE$1,
    tagStart: NO_RANGE$1,
    tagEnd: NO_RANGE$1
  };
}
function snapshotState(state2) {
  return {
    position: state2.position,
    line: state2.line,
    lineStart: state2.lineStart,
    lineIndent: state2.lineIndent,
    firstTabInLine: state2.firstTabInLine,
    eventsLength: state2.events.length
  };
}
function restoreState(state2, snapshot) {
  state2.position = snapshot.position;
  state2.line = snapshot.line;
  state2.lineStart = snapshot.lineStart;
  state2.lineIndent = snapshot.lineIndent;
  state2.firstTabInLine = snapshot.firstTabInLine;
  state2.events.length = snapshot.eventsLength;
}
function throwError(state2, message) {
  YAMLException.throwAt(state2.input.slice(0, state2.length), state2.position, message, state2.filename);
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
function consumeLineBreak(state2) {
  if (state2.input.charCodeAt(state2.position) === 10) state2.position++;
  else {
    state2.position++;
    if (state2.input.charCodeAt(state2.position) === 10) state2.position++;
  }
  state2.line++;
  state2.lineStart = state2.position;
  state2.lineIndent = 0;
  state2.firstTabInLine = -1;
}
function skipSeparationSpace(state2, allowComments) {
  let lineBreaks = 0;
  let ch = state2.input.charCodeAt(state2.position);
  let hasSeparation = state2.position === state2.lineStart || isWsOrEol(state2.input.charCodeAt(state2.position - 1));
  while (ch !== 0) {
    while (isWhiteSpace(ch)) {
      hasSeparation = true;
      if (ch === 9 && state2.firstTabInLine === -1) state2.firstTabInLine = state2.position;
      ch = state2.input.charCodeAt(++state2.position);
    }
    if (allowComments && hasSeparation && ch === 35) do
      ch = state2.input.charCodeAt(++state2.position);
    while (!isEol(ch) && ch !== 0);
    if (!isEol(ch)) break;
    consumeLineBreak(state2);
    lineBreaks++;
    hasSeparation = true;
    ch = state2.input.charCodeAt(state2.position);
    while (ch === 32) {
      state2.lineIndent++;
      ch = state2.input.charCodeAt(++state2.position);
    }
  }
  return lineBreaks;
}
function testDocumentSeparator(state2, position = state2.position) {
  const ch = state2.input.charCodeAt(position);
  if ((ch === 45 || ch === 46) && ch === state2.input.charCodeAt(position + 1) && ch === state2.input.charCodeAt(position + 2)) {
    const following = state2.input.charCodeAt(position + 3);
    return following === 0 || isWsOrEol(following);
  }
  return false;
}
function skipByteOrderMark(state2) {
  if (state2.position === state2.lineStart && state2.input.charCodeAt(state2.position) === 65279) {
    state2.position++;
    state2.lineStart = state2.position;
  }
}
function testDocumentBoundary(state2) {
  if (state2.position !== state2.lineStart) return false;
  if (testDocumentSeparator(state2)) return true;
  if (state2.input.charCodeAt(state2.position) !== 65279) return false;
  const snapshot = snapshotState(state2);
  skipByteOrderMark(state2);
  skipSeparationSpace(state2, true);
  const ch = state2.input.charCodeAt(state2.position);
  const result = state2.position === state2.lineStart && (ch === 37 || ch === 45 && testDocumentSeparator(state2));
  restoreState(state2, snapshot);
  return result;
}
function skipUntilLineEnd(state2) {
  let ch = state2.input.charCodeAt(state2.position);
  while (ch !== 0 && !isEol(ch)) ch = state2.input.charCodeAt(++state2.position);
}
function checkPrintable(state2, start, end) {
  const match = PATTERN_NON_PRINTABLE.exec(state2.input.slice(start, end));
  if (match !== null) {
    state2.position = start + match.index + match[0].length - 1;
    throwError(state2, "the stream contains non-printable characters");
  }
}
function readTagProperty(state2, props, inFlow) {
  if (state2.input.charCodeAt(state2.position) !== 33) return false;
  if (props.tagStart !== NO_RANGE$1) throwError(state2, "duplication of a tag property");
  const start = state2.position;
  let isVerbatim = false;
  let isNamed = false;
  let tagHandle = "!";
  let ch = state2.input.charCodeAt(++state2.position);
  if (ch === 60) {
    isVerbatim = true;
    ch = state2.input.charCodeAt(++state2.position);
  } else if (ch === 33) {
    isNamed = true;
    tagHandle = "!!";
    ch = state2.input.charCodeAt(++state2.position);
  }
  let suffixStart = state2.position;
  let tagName;
  if (isVerbatim) {
    while (ch !== 0 && ch !== 62) ch = state2.input.charCodeAt(++state2.position);
    if (ch !== 62) throwError(state2, "unexpected end of the stream within a verbatim tag");
    tagName = state2.input.slice(suffixStart, state2.position);
    state2.position++;
  } else {
    while (ch !== 0 && !isWsOrEol(ch) && !(inFlow && isFlowIndicator(ch))) {
      if (ch === 33) {
        if (!isNamed) {
          tagHandle = state2.input.slice(suffixStart - 1, state2.position + 1);
          if (!PATTERN_TAG_HANDLE.test(tagHandle)) throwError(state2, "named tag handle cannot contain such characters");
          isNamed = true;
          suffixStart = state2.position + 1;
        } else throwError(state2, "tag suffix cannot contain exclamation marks");
      }
      ch = state2.input.charCodeAt(++state2.position);
    }
    tagName = state2.input.slice(suffixStart, state2.position);
    if (PATTERN_FLOW_INDICATORS.test(tagName)) throwError(state2, "tag suffix cannot contain flow indicator characters");
  }
  if (tagName && !(isVerbatim ? PATTERN_TAG_URI.test(tagName) : PATTERN_TAG_SUFFIX.test(tagName))) throwError(state2, `tag name cannot contain such characters: ${tagName}`);
  if (!isVerbatim && tagHandle !== "!" && tagHandle !== "!!" && !HAS_OWN.call(state2.tagHandlers, tagHandle)) throwError(state2, `undeclared tag handle "${tagHandle}"`);
  props.tagStart = start;
  props.tagEnd = state2.position;
  return true;
}
function readAnchorProperty(state2, props) {
  if (state2.input.charCodeAt(state2.position) !== 38) return false;
  if (props.anchorStart !== NO_RANGE$1) throwError(state2, "duplication of an anchor property");
  state2.position++;
  const start = state2.position;
  while (state2.input.charCodeAt(state2.position) !== 0 && !isWsOrEol(state2.input.charCodeAt(state2.position)) && !isFlowIndicator(state2.input.charCodeAt(state2.position))) state2.position++;
  if (state2.position === start) throwError(state2, "name of an anchor node must contain at least one character");
  props.anchorStart = start;
  props.anchorEnd = state2.position;
  return true;
}
function readAlias(state2, props) {
  if (state2.input.charCodeAt(state2.position) !== 42) return false;
  if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) throwError(state2, "alias node should not have any properties");
  state2.position++;
  const start = state2.position;
  while (state2.input.charCodeAt(state2.position) !== 0 && !isWsOrEol(state2.input.charCodeAt(state2.position)) && !isFlowIndicator(state2.input.charCodeAt(state2.position))) state2.position++;
  if (state2.position === start) throwError(state2, "name of an alias node must contain at least one character");
  addAliasEvent(state2, start, state2.position);
  return true;
}
function readFlowScalarBreak(state2, nodeIndent) {
  skipSeparationSpace(state2, false);
  if (state2.lineIndent < nodeIndent) throwError(state2, "deficient indentation");
}
function readSingleQuotedScalar(state2, nodeIndent, props) {
  if (state2.input.charCodeAt(state2.position) !== 39) return false;
  state2.position++;
  const start = state2.position;
  let simple = true;
  while (state2.input.charCodeAt(state2.position) !== 0) {
    const ch = state2.input.charCodeAt(state2.position);
    if (ch === 39) {
      if (state2.input.charCodeAt(state2.position + 1) === 39) {
        simple = false;
        state2.position += 2;
        continue;
      }
      const end = state2.position;
      state2.position++;
      addScalarEvent(state2, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.SINGLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
      return true;
    }
    if (isEol(ch)) {
      simple = false;
      readFlowScalarBreak(state2, nodeIndent);
    } else if (state2.position === state2.lineStart && testDocumentSeparator(state2)) throwError(state2, "unexpected end of the document within a single quoted scalar");
    else if (ch !== 9 && ch < 32) throwError(state2, "expected valid JSON character");
    else state2.position++;
  }
  throwError(state2, "unexpected end of the stream within a single quoted scalar");
}
function readDoubleQuotedScalar(state2, nodeIndent, props) {
  if (state2.input.charCodeAt(state2.position) !== 34) return false;
  state2.position++;
  const start = state2.position;
  let simple = true;
  while (state2.input.charCodeAt(state2.position) !== 0) {
    const ch = state2.input.charCodeAt(state2.position);
    if (ch === 34) {
      const end = state2.position;
      state2.position++;
      addScalarEvent(state2, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.DOUBLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
      return true;
    }
    if (ch === 92) {
      simple = false;
      const escaped = state2.input.charCodeAt(++state2.position);
      if (isEol(escaped)) readFlowScalarBreak(state2, nodeIndent);
      else if (isSimpleEscape(escaped)) state2.position++;
      else {
        let hexLength = escapedHexLen(escaped);
        if (hexLength === 0) throwError(state2, "unknown escape sequence");
        while (hexLength-- > 0) {
          state2.position++;
          if (fromHexCode(state2.input.charCodeAt(state2.position)) < 0) throwError(state2, "expected hexadecimal character");
        }
        state2.position++;
      }
    } else if (isEol(ch)) {
      simple = false;
      readFlowScalarBreak(state2, nodeIndent);
    } else if (state2.position === state2.lineStart && testDocumentSeparator(state2)) throwError(state2, "unexpected end of the document within a double quoted scalar");
    else if (ch !== 9 && ch < 32) throwError(state2, "expected valid JSON character");
    else state2.position++;
  }
  throwError(state2, "unexpected end of the stream within a double quoted scalar");
}
function readBlockScalar(state2, parentIndent, props) {
  const ch = state2.input.charCodeAt(state2.position);
  let chomping = CHOMPING_MODE.CLIP;
  let indent = -1;
  let detectedIndent = false;
  if (ch !== 124 && ch !== 62) return false;
  const style = ch === 124 ? SCALAR_STYLE.LITERAL_BLOCK : SCALAR_STYLE.FOLDED_BLOCK;
  state2.position++;
  while (state2.input.charCodeAt(state2.position) !== 0) {
    const current = state2.input.charCodeAt(state2.position);
    const digit = fromDecimalCode(current);
    if (current === 43 || current === 45) {
      if (chomping !== CHOMPING_MODE.CLIP) throwError(state2, "repeat of a chomping mode identifier");
      chomping = current === 43 ? CHOMPING_MODE.KEEP : CHOMPING_MODE.STRIP;
      state2.position++;
    } else if (digit >= 0) {
      if (digit === 0) throwError(state2, "bad explicit indentation width of a block scalar; it cannot be less than one");
      if (detectedIndent) throwError(state2, "repeat of an indentation width identifier");
      indent = parentIndent + digit - 1;
      detectedIndent = true;
      state2.position++;
    } else break;
  }
  let hadWhitespace = false;
  while (isWhiteSpace(state2.input.charCodeAt(state2.position))) {
    hadWhitespace = true;
    state2.position++;
  }
  if (hadWhitespace && state2.input.charCodeAt(state2.position) === 35) skipUntilLineEnd(state2);
  if (isEol(state2.input.charCodeAt(state2.position))) consumeLineBreak(state2);
  else if (state2.input.charCodeAt(state2.position) !== 0) throwError(state2, "a line break is expected");
  let contentIndent = detectedIndent ? indent : -1;
  let maxLeadingIndent = 0;
  const valueStart = state2.position;
  let valueEnd = state2.position;
  while (state2.input.charCodeAt(state2.position) !== 0) {
    const linePosition = state2.position;
    let column = 0;
    while (state2.input.charCodeAt(linePosition + column) === 32) column++;
    const first = state2.input.charCodeAt(linePosition + column);
    if (first === 0) {
      if (contentIndent >= 0) {
        if (column > contentIndent) valueEnd = linePosition + column;
      } else if (column > 0) valueEnd = linePosition + column;
      break;
    }
    if (testDocumentBoundary(state2)) break;
    if (!detectedIndent && contentIndent === -1 && isEol(first)) maxLeadingIndent = Math.max(maxLeadingIndent, column);
    if (!detectedIndent && contentIndent === -1 && !isEol(first)) {
      if (first === 9 && column < parentIndent) {
        state2.position = linePosition + column;
        throwError(state2, "tab characters must not be used in indentation");
      }
      if (column >= parentIndent && column < maxLeadingIndent) {
        state2.position = linePosition + column;
        throwError(state2, "bad indentation of a mapping entry");
      }
    }
    if (contentIndent === -1 && first !== 0 && !isEol(first) && column < parentIndent) {
      state2.lineIndent = column;
      state2.position = linePosition + column;
      break;
    }
    if (!detectedIndent && first !== 0 && !isEol(first) && contentIndent === -1) contentIndent = column;
    const requiredIndent = contentIndent === -1 ? parentIndent + 1 : contentIndent;
    if (first !== 0 && !isEol(first) && column < requiredIndent) {
      state2.lineIndent = column;
      state2.position = linePosition + column;
      break;
    }
    skipUntilLineEnd(state2);
    valueEnd = state2.position;
    if (isEol(state2.input.charCodeAt(state2.position))) {
      consumeLineBreak(state2);
      valueEnd = state2.position;
    }
  }
  checkPrintable(state2, valueStart, valueEnd);
  addScalarEvent(state2, valueStart, valueEnd, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, style, chomping, contentIndent);
  return true;
}
function canStartPlainScalar(state2, nodeContext) {
  const ch = state2.input.charCodeAt(state2.position);
  const inFlow = nodeContext === CONTEXT_FLOW_IN;
  if (ch === 0 || isWsOrEol(ch) || ch === 35 || ch === 38 || ch === 42 || ch === 33 || ch === 124 || ch === 62 || ch === 39 || ch === 34 || ch === 37 || ch === 64 || ch === 96 || isFlowIndicator(ch)) return false;
  if (ch === 63 || ch === 45) {
    const following = state2.input.charCodeAt(state2.position + 1);
    if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) return false;
  }
  return true;
}
function readPlainScalar(state2, nodeIndent, nodeContext, props) {
  if (!canStartPlainScalar(state2, nodeContext)) return false;
  const start = state2.position;
  let end = state2.position;
  let ch = state2.input.charCodeAt(state2.position);
  const inFlow = nodeContext === CONTEXT_FLOW_IN;
  let multiline = false;
  while (ch !== 0) {
    if (testDocumentBoundary(state2)) break;
    if (ch === 58) {
      const following = state2.input.charCodeAt(state2.position + 1);
      if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) break;
    } else if (ch === 35) {
      if (isWsOrEol(state2.input.charCodeAt(state2.position - 1))) break;
    } else if (inFlow && isFlowIndicator(ch)) break;
    else if (isEol(ch)) {
      const savedPosition = state2.position;
      const savedLine = state2.line;
      const savedLineStart = state2.lineStart;
      const savedLineIndent = state2.lineIndent;
      skipSeparationSpace(state2, false);
      if (state2.lineIndent >= nodeIndent) {
        multiline = true;
        ch = state2.input.charCodeAt(state2.position);
        continue;
      }
      state2.position = savedPosition;
      state2.line = savedLine;
      state2.lineStart = savedLineStart;
      state2.lineIndent = savedLineIndent;
      break;
    }
    if (!isWhiteSpace(ch)) end = state2.position + 1;
    ch = state2.input.charCodeAt(++state2.position);
  }
  if (end === start) return false;
  checkPrintable(state2, start, end);
  addScalarEvent(state2, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN, CHOMPING_MODE.CLIP, -1, !multiline);
  return true;
}
function skipFlowSeparationSpace(state2, nodeIndent) {
  const startLine = state2.line;
  skipSeparationSpace(state2, true);
  if (state2.line > startLine && state2.lineIndent < nodeIndent || state2.firstTabInLine !== -1 && state2.lineIndent < nodeIndent) throwError(state2, "deficient indentation");
}
function readFlowCollection(state2, nodeIndent, props) {
  const ch = state2.input.charCodeAt(state2.position);
  const isMapping = ch === 123;
  const start = state2.position;
  let readNext = true;
  if (ch !== 91 && ch !== 123) return false;
  const terminator = isMapping ? 125 : 93;
  if (isMapping) addMappingEvent(state2, start, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
  else addSequenceEvent(state2, start, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
  state2.position++;
  while (state2.input.charCodeAt(state2.position) !== 0) {
    skipFlowSeparationSpace(state2, nodeIndent);
    let ch2 = state2.input.charCodeAt(state2.position);
    if (ch2 === terminator) {
      state2.position++;
      addPopEvent(state2);
      return true;
    } else if (!readNext) throwError(state2, "missed comma between flow collection entries");
    else if (ch2 === 44) throwError(state2, "expected the node content, but found ','");
    let isPair = false;
    let isExplicitPair = false;
    if (ch2 === 63 && isWsOrEol(state2.input.charCodeAt(state2.position + 1))) {
      isPair = isExplicitPair = true;
      state2.position += 1;
      skipFlowSeparationSpace(state2, nodeIndent);
    }
    const entryLine = state2.line;
    const entryStart = snapshotState(state2);
    const keyWasRead = parseNode(state2, nodeIndent, CONTEXT_FLOW_IN, false, true);
    skipFlowSeparationSpace(state2, nodeIndent);
    ch2 = state2.input.charCodeAt(state2.position);
    if ((isMapping || isExplicitPair || state2.line === entryLine) && ch2 === 58) {
      isPair = true;
      state2.position++;
      skipFlowSeparationSpace(state2, nodeIndent);
      if (!isMapping) {
        insertFlowPairMappingEvent(state2, entryStart);
        if (!keyWasRead) addEmptyScalarEvent(state2);
      } else if (!keyWasRead) addEmptyScalarEvent(state2);
      if (!parseNode(state2, nodeIndent, CONTEXT_FLOW_IN, false, true)) addEmptyScalarEvent(state2);
      skipFlowSeparationSpace(state2, nodeIndent);
      if (!isMapping) addPopEvent(state2);
    } else if (isMapping && isPair) {
      if (!keyWasRead) addEmptyScalarEvent(state2);
      addEmptyScalarEvent(state2);
    } else if (isMapping) addEmptyScalarEvent(state2);
    else if (isPair) {
      insertFlowPairMappingEvent(state2, entryStart);
      if (!keyWasRead) addEmptyScalarEvent(state2);
      addEmptyScalarEvent(state2);
      addPopEvent(state2);
    }
    ch2 = state2.input.charCodeAt(state2.position);
    if (ch2 === 44) {
      readNext = true;
      state2.position++;
    } else readNext = false;
  }
  throwError(state2, "unexpected end of the stream within a flow collection");
}
function readBlockSequence(state2, nodeIndent, props) {
  if (state2.firstTabInLine !== -1 || state2.input.charCodeAt(state2.position) !== 45 || !isWsOrEolOrEnd(state2.input.charCodeAt(state2.position + 1))) return false;
  addSequenceEvent(state2, state2.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
  while (state2.input.charCodeAt(state2.position) === 45 && isWsOrEolOrEnd(state2.input.charCodeAt(state2.position + 1))) {
    if (state2.firstTabInLine !== -1) {
      state2.position = state2.firstTabInLine;
      throwError(state2, "tab characters must not be used in indentation");
    }
    const entryLine = state2.line;
    state2.position++;
    const hadBreak = skipSeparationSpace(state2, true) > 0;
    if (state2.firstTabInLine !== -1 && state2.input.charCodeAt(state2.position) === 45 && isWsOrEolOrEnd(state2.input.charCodeAt(state2.position + 1))) throwError(state2, "bad indentation of a sequence entry");
    if (hadBreak && state2.lineIndent <= nodeIndent) addEmptyScalarEvent(state2);
    else parseNode(state2, nodeIndent, CONTEXT_BLOCK_IN, false, true);
    skipSeparationSpace(state2, true);
    if (state2.lineIndent < nodeIndent || state2.position >= state2.length) break;
    if (state2.lineIndent > nodeIndent) throwError(state2, "bad indentation of a sequence entry");
    if (state2.line === entryLine && state2.input.charCodeAt(state2.position) === 45 && isWsOrEolOrEnd(state2.input.charCodeAt(state2.position + 1))) throwError(state2, "bad indentation of a sequence entry");
  }
  addPopEvent(state2);
  return true;
}
function readBlockMapping(state2, nodeIndent, flowIndent, props) {
  let atExplicitKey = false;
  let detected = false;
  let mappingOpened = false;
  let pendingExplicitKey = false;
  if (state2.firstTabInLine !== -1) return false;
  let ch = state2.input.charCodeAt(state2.position);
  while (ch !== 0) {
    if (!atExplicitKey && state2.firstTabInLine !== -1) {
      state2.position = state2.firstTabInLine;
      throwError(state2, "tab characters must not be used in indentation");
    }
    const following = state2.input.charCodeAt(state2.position + 1);
    const entryLine = state2.line;
    if ((ch === 63 || ch === 58) && isWsOrEolOrEnd(following)) {
      if (!mappingOpened) {
        addMappingEvent(state2, state2.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
        mappingOpened = true;
      }
      if (ch === 63) {
        if (atExplicitKey) addEmptyScalarEvent(state2);
        detected = true;
        atExplicitKey = true;
      } else if (atExplicitKey) atExplicitKey = false;
      else {
        addEmptyScalarEvent(state2);
        detected = true;
        atExplicitKey = false;
      }
      state2.position += 1;
      pendingExplicitKey = true;
    } else {
      if (atExplicitKey) {
        addEmptyScalarEvent(state2);
        atExplicitKey = false;
      }
      const beforeKey = snapshotState(state2);
      if (!parseNode(state2, flowIndent, CONTEXT_FLOW_OUT, false, true)) break;
      if (state2.line === entryLine) {
        ch = state2.input.charCodeAt(state2.position);
        while (isWhiteSpace(ch)) ch = state2.input.charCodeAt(++state2.position);
        if (ch === 58) {
          ch = state2.input.charCodeAt(++state2.position);
          if (!isWsOrEolOrEnd(ch)) throwError(state2, "a whitespace character is expected after the key-value separator within a block mapping");
          if (!mappingOpened) {
            state2.events.splice(beforeKey.eventsLength, 0, {
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
        } else if (detected) throwError(state2, "expected ':' after a mapping key");
        else {
          if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
            restoreState(state2, beforeKey);
            return false;
          }
          return true;
        }
      } else if (detected) throwError(state2, "can not read a block mapping entry; a multiline key may not be an implicit key");
      else {
        if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
          restoreState(state2, beforeKey);
          return false;
        }
        return true;
      }
    }
    if (parseNode(state2, nodeIndent, CONTEXT_BLOCK_OUT, true, pendingExplicitKey)) pendingExplicitKey = false;
    if (!atExplicitKey) {
      if (pendingExplicitKey) {
        addEmptyScalarEvent(state2);
        pendingExplicitKey = false;
      }
    }
    skipSeparationSpace(state2, true);
    ch = state2.input.charCodeAt(state2.position);
    if ((state2.line === entryLine || state2.lineIndent > nodeIndent) && ch !== 0) throwError(state2, "bad indentation of a mapping entry");
    else if (state2.lineIndent < nodeIndent) break;
  }
  if (!detected) return false;
  if (atExplicitKey) addEmptyScalarEvent(state2);
  if (mappingOpened) addPopEvent(state2);
  return true;
}
function parseNode(state2, parentIndent, nodeContext, allowToSeek, allowCompact, allowPropertyMapping = true) {
  if (state2.depth >= state2.maxDepth) throwError(state2, `nesting exceeded maxDepth (${state2.maxDepth})`);
  state2.depth++;
  let indentStatus = 1;
  let atNewLine = false;
  let hasContent = false;
  let propertyStart = null;
  const props = emptyProperties();
  let allowBlockScalars = nodeContext === CONTEXT_BLOCK_OUT || nodeContext === CONTEXT_BLOCK_IN;
  let allowBlockCollections = allowBlockScalars;
  const allowBlockStyles = allowBlockScalars;
  if (allowToSeek && skipSeparationSpace(state2, true)) {
    atNewLine = true;
    if (state2.lineIndent > parentIndent) indentStatus = 1;
    else if (state2.lineIndent === parentIndent) indentStatus = 0;
    else indentStatus = -1;
  }
  if (indentStatus === 1) while (true) {
    const ch = state2.input.charCodeAt(state2.position);
    const propertyState = snapshotState(state2);
    if (atNewLine && indentStatus !== 1 && (ch === 33 || ch === 38)) break;
    if (atNewLine && allowBlockStyles && (props.tagStart !== NO_RANGE$1 || props.anchorStart !== NO_RANGE$1) && (ch === 33 || ch === 38)) {
      const fallbackState = snapshotState(state2);
      const flowIndent = parentIndent + 1;
      if (readBlockMapping(state2, state2.position - state2.lineStart, flowIndent, props) && state2.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) {
        state2.depth--;
        return true;
      }
      restoreState(state2, fallbackState);
    }
    if (atNewLine && (ch === 33 && props.tagStart !== NO_RANGE$1 || ch === 38 && props.anchorStart !== NO_RANGE$1)) break;
    if (!readTagProperty(state2, props, nodeContext === CONTEXT_FLOW_IN) && !readAnchorProperty(state2, props)) break;
    if (propertyStart === null) propertyStart = propertyState;
    if (skipSeparationSpace(state2, true)) {
      atNewLine = true;
      allowBlockCollections = allowBlockStyles;
      if (state2.lineIndent > parentIndent) indentStatus = 1;
      else if (state2.lineIndent === parentIndent) indentStatus = 0;
      else indentStatus = -1;
    } else allowBlockCollections = false;
  }
  if (allowBlockCollections) allowBlockCollections = atNewLine || allowCompact;
  if (indentStatus === 1 || nodeContext === CONTEXT_BLOCK_OUT) {
    const flowIndent = nodeContext === CONTEXT_FLOW_IN || nodeContext === CONTEXT_FLOW_OUT ? parentIndent : parentIndent + 1;
    const blockIndent = state2.position - state2.lineStart;
    if (indentStatus === 1) {
      if (allowBlockCollections && (readBlockSequence(state2, blockIndent, props) || readBlockMapping(state2, blockIndent, flowIndent, props)) || readFlowCollection(state2, flowIndent, props)) hasContent = true;
      else {
        const ch = state2.input.charCodeAt(state2.position);
        if (propertyStart !== null && allowPropertyMapping && allowBlockStyles && !allowBlockCollections && ch !== 124 && ch !== 62) {
          const fallbackState = snapshotState(state2);
          const propertyIndent = propertyStart.position - propertyStart.lineStart;
          restoreState(state2, propertyStart);
          if (readBlockMapping(state2, propertyIndent, flowIndent, emptyProperties()) && state2.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) hasContent = true;
          else restoreState(state2, fallbackState);
        }
        if (!hasContent && (allowBlockScalars && readBlockScalar(state2, flowIndent, props) || readSingleQuotedScalar(state2, flowIndent, props) || readDoubleQuotedScalar(state2, flowIndent, props) || readAlias(state2, props) || readPlainScalar(state2, flowIndent, nodeContext, props))) hasContent = true;
      }
    } else if (indentStatus === 0) hasContent = allowBlockCollections && readBlockSequence(state2, blockIndent, props);
  }
  allowBlockScalars = allowBlockScalars && !hasContent;
  if (!hasContent && (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1 || allowBlockScalars)) {
    addScalarEvent(state2, NO_RANGE$1, NO_RANGE$1, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN);
    hasContent = true;
  }
  state2.depth--;
  return hasContent || props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1;
}
function readDirective(state2) {
  if (state2.lineIndent > 0 || state2.input.charCodeAt(state2.position) !== 37) return false;
  state2.position++;
  const nameStart = state2.position;
  while (state2.input.charCodeAt(state2.position) !== 0 && !isWsOrEol(state2.input.charCodeAt(state2.position))) state2.position++;
  const name = state2.input.slice(nameStart, state2.position);
  const args = [];
  if (name.length === 0) throwError(state2, "directive name must not be less than one character in length");
  while (state2.input.charCodeAt(state2.position) !== 0 && !isEol(state2.input.charCodeAt(state2.position))) {
    while (isWhiteSpace(state2.input.charCodeAt(state2.position))) state2.position++;
    if (state2.input.charCodeAt(state2.position) === 35 || isEol(state2.input.charCodeAt(state2.position)) || state2.input.charCodeAt(state2.position) === 0) break;
    const start = state2.position;
    while (state2.input.charCodeAt(state2.position) !== 0 && !isWsOrEol(state2.input.charCodeAt(state2.position))) state2.position++;
    args.push(state2.input.slice(start, state2.position));
  }
  if (isEol(state2.input.charCodeAt(state2.position))) consumeLineBreak(state2);
  if (name === "YAML") {
    if (state2.directives.some((directive) => directive.kind === "yaml")) throwError(state2, "duplication of %YAML directive");
    if (args.length !== 1) throwError(state2, "YAML directive accepts exactly one argument");
    const match = /^([0-9]+)\.([0-9]+)$/.exec(args[0]);
    if (match === null) throwError(state2, "ill-formed argument of the YAML directive");
    if (parseInt(match[1], 10) !== 1) throwError(state2, "unacceptable YAML version of the document");
    state2.directives.push({
      kind: "yaml",
      version: args[0]
    });
  } else if (name === "TAG") {
    if (args.length !== 2) throwError(state2, "TAG directive accepts exactly two arguments");
    const [handle, prefix] = args;
    if (!PATTERN_TAG_HANDLE.test(handle)) throwError(state2, "ill-formed tag handle (first argument) of the TAG directive");
    if (HAS_OWN.call(state2.tagHandlers, handle)) throwError(state2, `there is a previously declared suffix for "${handle}" tag handle`);
    if (!PATTERN_TAG_PREFIX.test(prefix)) throwError(state2, "ill-formed tag prefix (second argument) of the TAG directive");
    state2.tagHandlers[handle] = prefix;
    state2.directives.push({
      kind: "tag",
      handle,
      prefix
    });
  }
  return true;
}
function readDocument(state2) {
  state2.directives = [];
  state2.tagHandlers = /* @__PURE__ */ Object.create(null);
  let hasDirectives = false;
  skipSeparationSpace(state2, true);
  while (readDirective(state2)) {
    hasDirectives = true;
    skipSeparationSpace(state2, true);
  }
  let explicitStart = false;
  let explicitEnd = false;
  let allowCompact = true;
  if (state2.lineIndent === 0 && state2.input.charCodeAt(state2.position) === 45 && state2.input.charCodeAt(state2.position + 1) === 45 && state2.input.charCodeAt(state2.position + 2) === 45 && isWsOrEolOrEnd(state2.input.charCodeAt(state2.position + 3))) {
    explicitStart = true;
    const markerLine = state2.line;
    state2.position += 3;
    skipSeparationSpace(state2, true);
    allowCompact = state2.line > markerLine;
  } else if (hasDirectives) throwError(state2, "directives end mark is expected");
  const documentEventIndex = state2.events.length;
  if (!explicitStart && state2.position === state2.lineStart && state2.input.charCodeAt(state2.position) === 46 && testDocumentSeparator(state2)) {
    state2.position += 3;
    skipSeparationSpace(state2, true);
    return;
  }
  addDocumentEvent(state2, explicitStart, false);
  if (!parseNode(state2, state2.lineIndent - 1, CONTEXT_BLOCK_OUT, false, allowCompact, allowCompact)) addEmptyScalarEvent(state2);
  skipSeparationSpace(state2, true);
  if (state2.position === state2.lineStart && testDocumentSeparator(state2)) {
    explicitEnd = state2.input.charCodeAt(state2.position) === 46;
    if (explicitEnd) {
      const markerLine = state2.line;
      state2.position += 3;
      skipSeparationSpace(state2, true);
      if (state2.line === markerLine && state2.position < state2.length) throwError(state2, "end of the stream or a document separator is expected");
    }
  }
  const documentEvent = state2.events[documentEventIndex];
  if (documentEvent?.type === EVENT_ID.DOCUMENT) documentEvent.explicitEnd = explicitEnd;
  addPopEvent(state2);
  if (!explicitEnd && state2.position < state2.length && !testDocumentBoundary(state2)) throwError(state2, "end of the stream or a document separator is expected");
}
function parseEvents(input, options) {
  const length = input.length;
  const state2 = {
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
    tagHandlers: /* @__PURE__ */ Object.create(null),
    events: []
  };
  const nullpos = input.indexOf("\0");
  if (nullpos !== -1) YAMLException.throwAt(input, nullpos, "null byte is not allowed in input", state2.filename);
  while (state2.position < state2.length) {
    skipByteOrderMark(state2);
    skipSeparationSpace(state2, true);
    if (state2.position >= state2.length) break;
    const documentStart = state2.position;
    readDocument(state2);
    if (state2.position === documentStart)
      throwError(state2, "can not read a document");
  }
  return state2.events;
}
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
function load(input, options) {
  const documents = loadDocuments(input, options);
  if (documents.length === 0) throw new YAMLException("expected a document, but the input is empty");
  if (documents.length === 1) return documents[0];
  throw new YAMLException("expected a single document in the stream, but found more");
}
var INVALID = /* @__PURE__ */ Symbol("INVALID");
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
function matchTag(state2, object) {
  for (let index = 0, length = state2.representTypes.length; index < length; index += 1) {
    const { tag, implicitTag } = state2.representTypes[index];
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
function build(state2, object) {
  if (!state2.noRefs && object !== null && typeof object === "object") {
    const existing = state2.refs.get(object);
    if (existing) {
      if (existing.anchor === void 0) existing.anchor = `ref_${state2.refCounter++}`;
      return {
        kind: "alias",
        anchor: existing.anchor
      };
    }
  }
  const matched = matchTag(state2, object);
  if (!matched) {
    if (object === void 0) return INVALID;
    if (state2.skipInvalid) return INVALID;
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
    const node2 = {
      kind: "sequence",
      tag: nodeTagName,
      tagged: !implicitTag,
      style: COLLECTION_STYLE.BLOCK,
      items: []
    };
    if (!state2.noRefs) state2.refs.set(object, node2);
    for (let index = 0, length = container.length; index < length; index += 1) {
      let item = build(state2, container[index]);
      if (item === INVALID && container[index] === void 0) item = build(state2, null);
      if (item === INVALID) continue;
      node2.items.push(item);
    }
    return node2;
  }
  const map = tag.represent(object);
  const node = {
    kind: "mapping",
    tag: nodeTagName,
    tagged: !implicitTag,
    style: COLLECTION_STYLE.BLOCK,
    items: []
  };
  if (!state2.noRefs) state2.refs.set(object, node);
  for (const [objectKey, objectValue] of map) {
    const key = build(state2, objectKey);
    if (key === INVALID) continue;
    const value = build(state2, objectValue);
    if (value === INVALID) continue;
    node.items.push({
      key,
      value
    });
  }
  return node;
}
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
var VISIT_BREAK = /* @__PURE__ */ Symbol("visit:break");
var VISIT_SKIP = /* @__PURE__ */ Symbol("visit:skip");
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
    case "mapping":
      for (const { key, value } of node.items) {
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
function visit(documents, visitor) {
  for (const doc of documents) if (doc.contents && visitNode(doc.contents, visitor, {
    depth: 0,
    parent: null,
    isKey: false
  })) return;
}
function hasBit(mask, bit) {
  return (mask & 1 << bit) !== 0;
}
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
    case SCALAR_STYLE.PLAIN:
      return renderPlain(layout);
    case SCALAR_STYLE.SINGLE_QUOTED:
      return renderSingleQuoted(layout);
    case SCALAR_STYLE.LITERAL_BLOCK:
      return renderLiteralBlock(layout);
    case SCALAR_STYLE.FOLDED_BLOCK:
      return renderFoldedBlock(layout);
    case SCALAR_STYLE.DOUBLE_QUOTED:
      return renderDoubleQuoted(layout);
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
  return `${indentIndicator}${clip && (string[string.length - 2] === "\n" || string === "\n") ? "+" : clip ? "" : "-"}
`;
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
      result += `
${line.slice(start, end)}`;
      start = end + 1;
    }
    curr = next;
  }
  result += "\n";
  if (line.length - start > width && curr > start) result += `${line.slice(start, curr)}
${line.slice(curr + 1)}`;
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
    case "\0":
      return "\\0";
    case "\x07":
      return "\\a";
    case "\b":
      return "\\b";
    case "	":
      return "\\t";
    case "\n":
      return "\\n";
    case "\v":
      return "\\v";
    case "\f":
      return "\\f";
    case "\r":
      return "\\r";
    case "\x1B":
      return "\\e";
    case '"':
      return '\\"';
    case "\\":
      return "\\\\";
    case "\x85":
      return "\\N";
    case "\xA0":
      return "\\_";
    case "\u2028":
      return "\\L";
    case "\u2029":
      return "\\P";
  }
  const code = character.charCodeAt(0);
  const hex = code.toString(16).toUpperCase();
  if (code <= 255) return `\\x${"0".repeat(2 - hex.length)}${hex}`;
  return `\\u${"0".repeat(4 - hex.length)}${hex}`;
}
function escapeString(string) {
  return string.replace(CHARACTERS_TO_ESCAPE, escapeCharacter);
}
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
function generateNextLine(state2, level) {
  return `
${" ".repeat(state2.indent * level)}`;
}
function scalarLayout(state2, node, parent, level, isKey, flowOnly) {
  return {
    node,
    parent,
    level,
    isKey,
    flowOnly,
    shiftOfParent: level === 0 ? -1 : state2.indent * (level - 1),
    shiftOfContent: state2.indent * Math.max(1, level),
    shiftOfFirstLine: level === 0 ? 0 : state2.indent * level,
    presenterOptions: state2,
    allowedStylesMask: 0,
    style: node.style
  };
}
function writeFlowSequence(state2, level, node) {
  let result = "";
  for (let index = 0, length = node.items.length; index < length; index += 1) {
    const item = writeNode(state2, level, node.items[index], node, {}).text;
    if (index > 0) result += `,${!state2.flowSkipCommaSpace ? " " : ""}`;
    result += item;
  }
  const pad = state2.flowBracketPadding && node.items.length > 0 ? " " : "";
  return `[${pad}${result}${pad}]`;
}
function writeBlockSequence(state2, level, node, compact) {
  let result = "";
  for (let index = 0, length = node.items.length; index < length; index += 1) {
    const item = writeNode(state2, level + 1, node.items[index], node, {
      block: true,
      compact: state2.seqInlineFirst,
      isblockseq: true
    }).text;
    if (!compact || result !== "") result += generateNextLine(state2, level);
    if (item === "" || CHAR_LINE_FEED === item.charCodeAt(0)) result += "-";
    else result += "- ";
    result += item;
  }
  return result;
}
function writeFlowMapping(state2, level, node) {
  let result = "";
  for (const { key, value } of node.items) {
    let pairBuffer = "";
    if (result !== "") pairBuffer += `,${!state2.flowSkipCommaSpace ? " " : ""}`;
    const keyRender = writeNode(state2, level, key, node, { iskey: true });
    const keyText2 = keyRender.text;
    const valueText = writeNode(state2, level, value, node, {}).text;
    const sep = state2.flowSkipColonSpace || valueText === "" ? "" : " ";
    const keyIsBareProps = key.kind === "scalar" && keyRender.noBody && (key.tagged || key.anchor !== void 0);
    const keyColonSep = key.kind === "alias" || keyIsBareProps ? " " : "";
    pairBuffer += `${keyText2}${keyColonSep}:${sep}${valueText}`;
    result += pairBuffer;
  }
  const pad = state2.flowBracketPadding && result !== "" ? " " : "";
  return `{${pad}${result}${pad}}`;
}
function writeBlockMapping(state2, level, node, compact) {
  let result = "";
  for (let index = 0, length = node.items.length; index < length; index += 1) {
    let pairBuffer = "";
    if (!compact || result !== "") pairBuffer += generateNextLine(state2, level);
    const { key, value } = node.items[index];
    const keyIsBlock = (key.kind === "mapping" || key.kind === "sequence") && key.style === COLLECTION_STYLE.BLOCK && key.items.length !== 0 || key.kind === "scalar" && (key.style === SCALAR_STYLE.LITERAL_BLOCK || key.style === SCALAR_STYLE.FOLDED_BLOCK);
    const keyRender = keyIsBlock ? writeNode(state2, level + 1, key, node, {
      block: true,
      compact: true,
      isblockseq: !cannotBeCompact(state2, key, level + 1)
    }) : writeNode(state2, level + 1, key, node, {
      block: true,
      compact: true,
      iskey: true
    });
    const keyText2 = keyRender.text;
    const keyHasLineBreak = key.kind === "scalar" && key.value.indexOf("\n") !== -1;
    const keyIsTooLong = keyText2.length > 1024 && /^[\s\S]{1025}/u.test(keyText2);
    const explicitPair = keyIsBlock || keyHasLineBreak || keyIsTooLong;
    if (explicitPair) {
      if (keyText2 && CHAR_LINE_FEED === keyText2.charCodeAt(0)) pairBuffer += "?";
      else pairBuffer += "? ";
    }
    pairBuffer += keyText2;
    if (explicitPair) pairBuffer += generateNextLine(state2, level);
    const valueText = writeNode(state2, level + 1, value, node, {
      block: true,
      compact: explicitPair,
      isblockseq: explicitPair && !cannotBeCompact(state2, value, level + 1)
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
function cannotBeCompact(state2, node, level) {
  if (node.kind === "alias") return true;
  return node.tagged || node.anchor !== void 0 || state2.indent < 2 && level > 0;
}
function writeNode(state2, level, node, parent, ctx) {
  if (node.kind === "alias") {
    state2.openEnded = false;
    return {
      text: `*${node.anchor}`,
      noBody: false
    };
  }
  const { block = false, iskey = false, isblockseq = false } = ctx;
  let compact = ctx.compact ?? false;
  const hasAnchor = node.anchor !== void 0;
  if (cannotBeCompact(state2, node, level)) compact = false;
  let body;
  let shouldPrintTag = node.tagged;
  const useBlockCollection = block && (node.kind === "mapping" || node.kind === "sequence") && node.style === COLLECTION_STYLE.BLOCK && node.items.length !== 0;
  if (node.kind === "mapping") {
    if (useBlockCollection) body = writeBlockMapping(state2, level, node, compact);
    else body = writeFlowMapping(state2, level, node);
  } else if (node.kind === "sequence") {
    if (useBlockCollection) {
      if (state2.seqNoIndent && !isblockseq && level > 0) body = writeBlockSequence(state2, level - 1, node, compact);
      else body = writeBlockSequence(state2, level, node, compact);
    } else body = writeFlowSequence(state2, level, node);
  } else {
    const layout = scalarLayout(state2, node, parent, level, iskey, !block);
    detectAllowedStyles(layout);
    for (const rule of state2.scalarStyleRules) rule(layout);
    body = renderScalar(layout);
    state2.openEnded = (layout.style === SCALAR_STYLE.LITERAL_BLOCK || layout.style === SCALAR_STYLE.FOLDED_BLOCK) && (node.value === "\n" || node.value.endsWith("\n\n"));
    shouldPrintTag = node.tagged || body === "" && layout.flowOnly && parent?.kind === "sequence" && !hasAnchor || layout.style !== SCALAR_STYLE.PLAIN && node.tag !== state2.defaultScalarTagName;
  }
  if ((node.kind === "mapping" || node.kind === "sequence") && !useBlockCollection) state2.openEnded = false;
  if (useBlockCollection && compact && level > 0 && state2.indent > 2) body = `${" ".repeat(state2.indent - 2)}${body}`;
  const noBody = body === "";
  let text2 = body;
  if (shouldPrintTag || hasAnchor) {
    const props = [];
    const tag = shouldPrintTag ? nodeTagShort(node) : null;
    const anchor = hasAnchor ? `&${node.anchor}` : null;
    if (state2.tagBeforeAnchor) {
      if (tag !== null) props.push(tag);
      if (anchor !== null) props.push(anchor);
    } else {
      if (anchor !== null) props.push(anchor);
      if (tag !== null) props.push(tag);
    }
    const sep = body === "" || body.charCodeAt(0) === CHAR_LINE_FEED ? "" : " ";
    text2 = `${props.join(" ")}${sep}${body}`;
  }
  return {
    text: text2,
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
      result += `%YAML ${directive.version}
`;
      continue;
    }
    const { handle, prefix } = directive;
    result += `%TAG ${handle} ${prefix}
`;
  }
  return result;
}
function present(documents, options) {
  const state2 = createPresenterState(options);
  let result = "";
  let previousEnded = false;
  for (let index = 0; index < documents.length; index += 1) {
    const doc = documents[index];
    state2.openEnded = false;
    const directives = writeDocumentDirectives(doc);
    const hasDirectives = directives !== "";
    const marker = doc.explicitStart || hasDirectives || index > 0 && !previousEnded;
    result += directives;
    if (doc.contents === null) {
      if (marker) result += "---\n";
    } else if (marker) {
      const body = writeNode(state2, 0, doc.contents, null, {
        block: true,
        compact: true
      }).text;
      const sep = body === "" ? "" : hasDirectives || rootStartsOwnLine(doc.contents) ? "\n" : " ";
      result += `---${sep}${body}
`;
    } else result += writeNode(state2, 0, doc.contents, null, {
      block: true,
      compact: true
    }).text + "\n";
    previousEnded = doc.explicitEnd || state2.openEnded;
    if (previousEnded) result += "...\n";
  }
  return result;
}
var DEFAULT_DUMP_OPTIONS = {
  ...DEFAULT_PRESENTER_OPTIONS,
  schema: DUMP_SCHEMA,
  skipInvalid: false,
  noRefs: false,
  flowLevel: -1,
  sortKeys: false,
  transform: () => {
  }
};
function defaultCompareFn(a, b) {
  const x = String(a);
  const y = String(b);
  if (x < y) return -1;
  if (x > y) return 1;
  return 0;
}
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
var EVENT_DOCUMENT = EVENT_ID.DOCUMENT;
var EVENT_SEQUENCE = EVENT_ID.SEQUENCE;
var EVENT_MAPPING = EVENT_ID.MAPPING;
var EVENT_SCALAR = EVENT_ID.SCALAR;
var EVENT_ALIAS = EVENT_ID.ALIAS;
var EVENT_POP = EVENT_ID.POP;
var SCALAR_STYLE_PLAIN = SCALAR_STYLE.PLAIN;
var SCALAR_STYLE_SINGLE_QUOTED = SCALAR_STYLE.SINGLE_QUOTED;
var SCALAR_STYLE_DOUBLE_QUOTED = SCALAR_STYLE.DOUBLE_QUOTED;
var SCALAR_STYLE_LITERAL_BLOCK = SCALAR_STYLE.LITERAL_BLOCK;
var SCALAR_STYLE_FOLDED_BLOCK = SCALAR_STYLE.FOLDED_BLOCK;
var COLLECTION_STYLE_BLOCK = COLLECTION_STYLE.BLOCK;
var COLLECTION_STYLE_FLOW = COLLECTION_STYLE.FLOW;
var CHOMPING_CLIP = CHOMPING_MODE.CLIP;
var CHOMPING_STRIP = CHOMPING_MODE.STRIP;
var CHOMPING_KEEP = CHOMPING_MODE.KEEP;

// emulator/model/seed.json
var seed_default = {
  users: [
    {
      slug: "olivia",
      name: "Olivia Owner"
    },
    {
      slug: "adam",
      name: "Adam Admin"
    },
    {
      slug: "dora",
      name: "Dora Developer"
    },
    {
      slug: "tom",
      name: "Tom Tester"
    },
    {
      slug: "greta",
      name: "Greta Group-Developer"
    },
    {
      slug: "oscar",
      name: "Oscar Outsider"
    },
    {
      slug: "sam",
      name: "Sam Solo"
    }
  ],
  tokens: {
    "token-olivia-owner": "olivia",
    "token-adam-admin": "adam",
    "token-dora-developer": "dora",
    "token-tom-tester": "tom",
    "token-greta-group": "greta",
    "token-oscar-outsider": "oscar",
    "token-sam-solo": "sam"
  },
  stacks: [
    "osx-xcode-16.0.x",
    "osx-xcode-15.4.x",
    "linux-docker-22.04",
    "linux-docker-android-22.04",
    "ubuntu-noble-24.04"
  ],
  machine_types: [
    "standard",
    "elite",
    "elite-xl",
    "g2-m1.4core",
    "g2-m1.8core",
    "g2-m2.4core",
    "g2-m2.8core",
    "g2.4core",
    "g2.8core",
    "g2.12core"
  ],
  organizations: [
    {
      slug: "acme",
      name: "Acme Mobile",
      owners: [
        "olivia"
      ],
      groups: [
        {
          slug: "release-team",
          name: "Release team",
          members: [
            "greta"
          ]
        },
        {
          slug: "qa-team",
          name: "QA team",
          members: [
            "tom"
          ]
        },
        {
          slug: "platform",
          name: "Platform",
          members: [
            "adam"
          ]
        }
      ]
    },
    {
      slug: "globex",
      name: "Globex",
      owners: [
        "oscar"
      ],
      groups: []
    }
  ],
  apps: [
    {
      slug: "ios-app",
      title: "ios-app",
      owner: {
        account_type: "organization",
        slug: "acme"
      },
      provider: "github",
      repo_owner: "acme",
      repo_url: "git@github.com:acme/ios-app.git",
      repo_slug: "ios-app",
      project_type: "ios",
      is_public: false,
      default_branch: "main",
      branches: [
        "main",
        "develop",
        "release/1.2",
        "feature/login"
      ],
      team: {
        olivia: "owner",
        adam: "admin",
        dora: "developer",
        tom: "tester"
      },
      service_yml: 'format_version: "13"\nmeta:\n  service:\n    stack: osx-xcode-16.0.x\n    machine_type_id: g2-m1.4core\napp:\n  envs:\n  - PROJECT_PATH: App.xcodeproj\ntrigger_map:\n- push_branch: main\n  workflow: deploy\n- push_branch: "release/*"\n  workflow: deploy\n- push_branch: "*"\n  workflow: primary\n- tag: "v*"\n  workflow: deploy\n- pull_request_source_branch: "*"\n  workflow: primary\nworkflows:\n  primary:\n    steps:\n    - script:\n        inputs:\n        - content: echo "running tests"\n  deploy:\n    meta:\n      service:\n        stack: osx-xcode-16.0.x\n        machine_type_id: g2-m1.8core\n    steps:\n    - script:\n        inputs:\n        - content: echo "deploying"\n',
      group_roles: {
        manager: [
          "release-team"
        ],
        member: [
          "qa-team"
        ]
      },
      envs: {
        APP_ENV: "production",
        API_URL: "https://api.example.test"
      },
      secrets: {
        SIGNING_PASSWORD: "emulator-secret"
      },
      notifications: {
        on_failure: "always",
        on_success: "change"
      },
      build_outcome: "success"
    },
    {
      slug: "android-app",
      title: "android-app",
      owner: {
        account_type: "organization",
        slug: "acme"
      },
      provider: "github",
      repo_owner: "acme",
      repo_url: "git@github.com:acme/android-app.git",
      repo_slug: "android-app",
      project_type: "android",
      is_public: false,
      default_branch: "main",
      branches: [
        "main",
        "develop"
      ],
      team: {
        olivia: "owner",
        adam: "admin",
        dora: "developer",
        tom: "tester"
      },
      service_yml: 'format_version: "13"\nmeta:\n  service:\n    stack: linux-docker-android-22.04\n    machine_type_id: standard\ntrigger_map:\n- push_branch: "*"\n  workflow: primary\nworkflows:\n  primary:\n    steps:\n    - script:\n        inputs:\n        - content: ./gradlew test\n',
      config_location: "repository",
      repository_has_config: false,
      ai_summary: true,
      build_outcome: "failure"
    },
    {
      slug: "web-app",
      title: "web-app",
      owner: {
        account_type: "organization",
        slug: "acme"
      },
      provider: "github",
      repo_owner: "acme",
      repo_url: "git@github.com:acme/web-app.git",
      repo_slug: "web-app",
      project_type: "web",
      is_public: false,
      default_branch: "main",
      branches: [
        "main"
      ],
      team: {
        olivia: "owner",
        dora: "developer"
      },
      service_yml: 'format_version: "13"\nmeta:\n  service:\n    stack: linux-docker-22.04\n    machine_type_id: standard\ntrigger_map:\n- push_branch: main\n  workflow: primary\nworkflows:\n  primary:\n    steps:\n    - script:\n        inputs:\n        - content: echo build\n'
    },
    {
      slug: "api-server",
      title: "api-server",
      owner: {
        account_type: "organization",
        slug: "acme"
      },
      provider: "github",
      repo_owner: "acme",
      repo_url: "git@github.com:acme/api-server.git",
      repo_slug: "api-server",
      project_type: "other",
      is_public: false,
      default_branch: "main",
      branches: [
        "main"
      ],
      team: {
        olivia: "owner",
        dora: "developer"
      },
      service_yml: 'format_version: "13"\nmeta:\n  service:\n    stack: linux-docker-22.04\n    machine_type_id: elite\ntrigger_map:\n- push_branch: main\n  workflow: primary\nworkflows:\n  primary:\n    steps:\n    - script:\n        inputs:\n        - content: echo build\n'
    },
    {
      slug: "docs-site",
      title: "docs-site",
      owner: {
        account_type: "organization",
        slug: "acme"
      },
      provider: "github",
      repo_owner: "acme",
      repo_url: "git@github.com:acme/docs-site.git",
      repo_slug: "docs-site",
      project_type: "other",
      is_public: true,
      default_branch: "main",
      branches: [
        "main"
      ],
      team: {
        olivia: "owner"
      },
      service_yml: 'format_version: "13"\nmeta:\n  service:\n    stack: linux-docker-22.04\n    machine_type_id: standard\ntrigger_map:\n- push_branch: main\n  workflow: primary\nworkflows:\n  primary:\n    steps:\n    - script:\n        inputs:\n        - content: echo build\n'
    },
    {
      slug: "sam-cli",
      title: "sam-cli",
      owner: {
        account_type: "user",
        slug: "sam"
      },
      provider: "github",
      repo_owner: "sam",
      repo_url: "https://github.com/sam/sam-cli.git",
      repo_slug: "sam-cli",
      project_type: "other",
      default_branch: "main",
      branches: [
        "main"
      ],
      service_yml: 'format_version: "13"\nmeta:\n  service:\n    stack: linux-docker-22.04\n    machine_type_id: standard\ntrigger_map:\n- push_branch: main\n  workflow: primary\nworkflows:\n  primary:\n    steps:\n    - script:\n        inputs:\n        - content: echo build\n',
      team: {
        sam: "owner"
      }
    }
  ],
  oidc: {
    jobs: {
      "runner-request-token-ios-main": {
        sub: "repo:acme/ios-app:ref:refs/heads/main",
        repository: "acme/ios-app",
        repository_owner: "acme",
        ref: "refs/heads/main",
        ref_type: "branch",
        event_name: "push",
        workflow: "CI",
        job_workflow_ref: "acme/ios-app/.github/workflows/ci.yml@refs/heads/main",
        runner_environment: "github-hosted"
      },
      "runner-request-token-ios-fork-pr": {
        sub: "repo:acme/ios-app:pull_request",
        repository: "acme/ios-app",
        repository_owner: "acme",
        ref: "refs/pull/7/merge",
        event_name: "pull_request",
        workflow: "CI",
        job_workflow_ref: "acme/ios-app/.github/workflows/ci.yml@refs/pull/7/merge",
        runner_environment: "github-hosted"
      }
    },
    trust_policies: [
      {
        id: "4f9c2e0a-6b1d-4c3e-9a8f-2d7e5b1c0a93",
        workspace: "acme",
        rules: {
          sub: "repo:acme/ios-app:ref:refs/heads/main",
          repository: "acme/ios-app"
        },
        role: "developer",
        session_duration_s: 900
      }
    ]
  }
};

// emulator/model/types.ts
var GROUP_ROLE_NAMES = ["admin", "platform_engineer", "manager", "member"];
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// emulator/model/seed.ts
var ROLE_ALIASES = {
  owner: "owner",
  admin: "admin",
  platform_engineer: "platform_engineer",
  "platform-engineer": "platform_engineer",
  developer: "manager",
  manager: "manager",
  tester: "member",
  qa: "member",
  member: "member"
};
function bundledSeed() {
  return checkSeed(structuredClone(seed_default), "bundled seed");
}
function loadSeedFile(file) {
  const text2 = readFileSync(file, "utf8");
  const data = file.endsWith(".json") ? JSON.parse(text2) : load(text2);
  return checkSeed(data, file);
}
function fail(where, message) {
  throw new Error(`invalid seed (${where}): ${message}`);
}
function checkSeed(data, where = "seed") {
  if (!isObject(data)) fail(where, "the seed must be an object");
  const seed = data;
  if (!Array.isArray(seed.users)) fail(where, "`users` must be an array");
  if (!isObject(seed.tokens)) fail(where, "`tokens` must map token strings to user slugs");
  const users = /* @__PURE__ */ new Set();
  for (const user of seed.users) {
    if (!isObject(user) || typeof user.slug !== "string") fail(where, "every user needs a `slug`");
    users.add(user.slug);
  }
  for (const user of Object.values(seed.tokens)) {
    if (!users.has(user)) fail(where, `a token names unknown user "${user}"`);
  }
  for (const list of ["stacks", "machine_types"]) {
    const value = seed[list];
    if (value !== void 0 && !(Array.isArray(value) && value.every((item) => typeof item === "string" && item !== "")))
      fail(where, `\`${list}\` must be a list of names`);
  }
  const groupsByOrg = /* @__PURE__ */ new Map();
  for (const org of seed.organizations ?? []) {
    if (typeof org.slug !== "string") fail(where, "every organization needs a `slug`");
    for (const owner of org.owners ?? []) {
      if (!users.has(owner)) fail(where, `organizations.${org.slug}.owners names unknown user "${owner}"`);
    }
    const groups = /* @__PURE__ */ new Set();
    for (const group of org.groups ?? []) {
      groups.add(group.slug);
      for (const member of group.members ?? []) {
        if (!users.has(member)) fail(where, `group ${group.slug} names unknown user "${member}"`);
      }
    }
    groupsByOrg.set(org.slug, groups);
  }
  const types = seed.oidc?.subject_token_types;
  if (types !== void 0 && (!Array.isArray(types) || !types.every((type) => typeof type === "string" && type !== "")))
    fail(where, "oidc.subject_token_types must be a list of token type names");
  for (const policy of seed.oidc?.trust_policies ?? []) {
    if (!groupsByOrg.has(policy.workspace))
      fail(where, `oidc.trust_policies.${policy.id} names unknown organization "${policy.workspace}"`);
    checkTrustPolicy(policy, where);
  }
  const appSlugs = /* @__PURE__ */ new Set();
  for (const app of seed.apps ?? []) {
    checkApp(app, where, users, groupsByOrg);
    if (appSlugs.has(app.slug)) fail(where, `app slug "${app.slug}" is used twice`);
    appSlugs.add(app.slug);
  }
  return seed;
}
function checkApp(app, where, users, groupsByOrg) {
  if (!isObject(app) || typeof app.slug !== "string") fail(where, "every app needs a `slug`");
  const at2 = `apps.${app.slug}`;
  if (!isObject(app.owner)) fail(where, `${at2}.owner must be {account_type, slug}`);
  if (app.owner.account_type === "organization") {
    if (!groupsByOrg.has(app.owner.slug)) fail(where, `${at2}.owner names unknown organization "${app.owner.slug}"`);
  } else if (app.owner.account_type === "user") {
    if (!users.has(app.owner.slug)) fail(where, `${at2}.owner names unknown user "${app.owner.slug}"`);
  } else {
    fail(where, `${at2}.owner.account_type must be organization or user`);
  }
  for (const [user, role] of Object.entries(app.team ?? {})) {
    if (!users.has(user)) fail(where, `${at2}.team names unknown user "${user}"`);
    if (!(role in ROLE_ALIASES)) fail(where, `${at2}.team.${user} has unknown role "${role}"`);
  }
  if (app.manual_approval !== void 0 && typeof app.manual_approval !== "boolean")
    fail(where, `${at2}.manual_approval must be true or false`);
  if (app.hold_without_owners !== void 0 && typeof app.hold_without_owners !== "boolean")
    fail(where, `${at2}.hold_without_owners must be true or false`);
  if (app.ai_summary_shape !== void 0 && !["summary", "three_parts"].includes(app.ai_summary_shape))
    fail(where, `${at2}.ai_summary_shape must be summary or three_parts`);
  if (app.ai_summary_delay_ms !== void 0 && !(Number.isInteger(app.ai_summary_delay_ms) && app.ai_summary_delay_ms >= 0))
    fail(where, `${at2}.ai_summary_delay_ms must be a whole number, 0 or more`);
  if (app.concurrency !== void 0 && !(Number.isInteger(app.concurrency) && app.concurrency >= 0))
    fail(where, `${at2}.concurrency must be a whole number, 0 or more`);
  if (app.credits_per_minute !== void 0 && !(Number.isInteger(app.credits_per_minute) && app.credits_per_minute >= 0))
    fail(where, `${at2}.credits_per_minute must be a whole number, 0 or more`);
  const groups = app.owner.account_type === "organization" ? groupsByOrg.get(app.owner.slug) : void 0;
  for (const [role, slugs] of Object.entries(app.group_roles ?? {})) {
    if (!GROUP_ROLE_NAMES.includes(role))
      fail(where, `${at2}.group_roles has unknown role "${role}"`);
    for (const slug of slugs ?? []) {
      if (!groups?.has(slug)) fail(where, `${at2}.group_roles.${role} names unknown group "${slug}"`);
    }
  }
}
function normaliseRole(role) {
  return ROLE_ALIASES[role] ?? role;
}
function checkTrustPolicy(policy, where) {
  const at2 = `${where}: oidc.trust_policies.${policy.id}`;
  if (typeof policy.rules?.sub !== "string") fail(at2, "needs a sub rule: the service makes the sub claim mandatory");
  if (!["owner", "admin", "platform_engineer", "manager", "member"].includes(normaliseRole(policy.role ?? "")))
    fail(at2, `has unknown role "${policy.role}"`);
  if (!(policy.session_duration_s > 0)) fail(at2, "needs a positive session_duration_s");
}

// emulator/model/oidc.ts
var TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
var DOCUMENTED_SUBJECT_TOKEN_TYPE = "id_token";
var EXCHANGE_FIELDS = ["grant_type", "subject_token_type", "policy_id", "subject_token"];
var ID_TOKEN_LIFETIME_S = 300;
var ExchangeRefusal = class extends Error {
  constructor(reason) {
    super("invalid_token");
    this.reason = reason;
  }
  reason;
};
var b64 = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
var OidcWorld = class {
  constructor(seed, state2) {
    this.seed = seed;
    this.state = state2;
  }
  seed;
  state;
  key;
  /** How many exchanges succeeded, for tests. */
  exchanges = 0;
  /** The last tokens the issuer signed (at most 100), so tests can check none of them leaks. */
  issued = [];
  /** The last exchange requests (at most 100): how each was encoded and its fields, so tests can check what was sent. */
  requests = [];
  /** Forgets the counts and the tokens signed; the key stays. */
  reset() {
    this.exchanges = 0;
    this.issued.length = 0;
    this.requests.length = 0;
  }
  signingKey() {
    this.key ??= { ...generateKeyPairSync("rsa", { modulusLength: 2048 }), kid: randomBytes3(8).toString("hex") };
    return this.key;
  }
  /** The JWKS the issuer publishes. */
  jwks() {
    const { publicKey, kid } = this.signingKey();
    return { keys: [{ ...publicKey.export({ format: "jwk" }), kid, use: "sig", alg: "RS256" }] };
  }
  /** The runner's answer to a job's request: a signed token for `audience`, or null when the request token is not a job's. */
  issueIdToken(requestToken, audience, issuer, nowMs) {
    const job = this.seed.jobs?.[requestToken];
    if (!job) return null;
    const now = Math.floor(nowMs / 1e3);
    const claims = {
      jti: randomBytes3(12).toString("hex"),
      ...job,
      aud: audience,
      iss: issuer,
      iat: now,
      nbf: now,
      exp: now + ID_TOKEN_LIFETIME_S
    };
    const { privateKey, kid } = this.signingKey();
    const input = `${b64({ alg: "RS256", typ: "JWT", kid })}.${b64(claims)}`;
    const jwt = `${input}.${sign2("sha256", Buffer.from(input), privateKey).toString("base64url")}`;
    this.issued.push(jwt);
    if (this.issued.length > 100) this.issued.shift();
    return jwt;
  }
  /**
   * Checks the request, the token and the policy, and mints a short-lived token; throws
   * ExchangeRefusal. `audience` is the one a policy without its own asks for: the emulator's
   * host, as the service asks for its own (`app.bitrise.io`).
   */
  exchange(request, issuer, audience, nowMs) {
    this.requests.push(request);
    if (this.requests.length > 100) this.requests.shift();
    const { fields } = request;
    const extra = Object.keys(fields).filter((name) => !EXCHANGE_FIELDS.includes(name));
    if (extra.length > 0) throw new ExchangeRefusal(`fields the documented request does not have: ${extra.join(", ")}`);
    if (fields.grant_type !== TOKEN_EXCHANGE_GRANT) throw new ExchangeRefusal("unsupported grant_type");
    if (!(this.seed.subject_token_types ?? [DOCUMENTED_SUBJECT_TOKEN_TYPE]).includes(fields.subject_token_type ?? ""))
      throw new ExchangeRefusal("unsupported subject_token_type");
    const policy = (this.seed.trust_policies ?? []).find((p) => p.id === fields.policy_id);
    if (!policy) throw new ExchangeRefusal("no such trust policy");
    const claims = this.verified(
      fields.subject_token ?? "",
      policy.issuer ?? issuer,
      policy.audience ?? audience,
      nowMs
    );
    for (const [name, wanted] of Object.entries(policy.rules)) {
      if (claims[name] !== wanted) throw new ExchangeRefusal(`claim ${name} does not match`);
    }
    const token = `oidc-${randomBytes3(24).toString("base64url")}`;
    const user = `oidc-policy:${policy.id}`;
    this.state.tokens.set(token, user);
    this.state.tokenExpiry.set(token, nowMs + policy.session_duration_s * 1e3);
    this.state.policyRoles.set(user, { org: policy.workspace, role: normaliseRole(policy.role) });
    this.exchanges++;
    return { access_token: token, token_type: "Bearer", expires_in: policy.session_duration_s };
  }
  /** The token's claims once its signature, issuer, audience and times hold. */
  verified(jwt, issuer, audience, nowMs) {
    const parts = jwt.split(".");
    if (parts.length !== 3) throw new ExchangeRefusal("not a JWT");
    const [header, payload] = parts.slice(0, 2).map((part) => parseJson(Buffer.from(part, "base64url").toString("utf8")));
    const key = this.jwks().keys.find((k) => k.kid === header?.kid);
    if (header?.alg !== "RS256" || !key) throw new ExchangeRefusal("unknown signing key");
    const publicKey = createPublicKey({ key, format: "jwk" });
    if (!verify("sha256", Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, Buffer.from(parts[2], "base64url")))
      throw new ExchangeRefusal("bad signature");
    if (!payload || payload.iss !== issuer) throw new ExchangeRefusal("wrong issuer");
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.includes(audience)) throw new ExchangeRefusal("wrong audience");
    const now = nowMs / 1e3;
    if (typeof payload.exp !== "number" || payload.exp <= now) throw new ExchangeRefusal("expired");
    if (typeof payload.nbf === "number" && payload.nbf > now + 60) throw new ExchangeRefusal("not yet valid");
    return payload;
  }
};
function parseJson(text2) {
  try {
    const value = JSON.parse(text2);
    return value && typeof value === "object" ? value : void 0;
  } catch {
    return void 0;
  }
}

// emulator/routes/oidc.ts
var EXCHANGE_PATH = "/oidc/token";
var ISSUER_PREFIX = "/_oidc";
function isOidcPath(pathname) {
  return pathname === EXCHANGE_PATH || pathname.startsWith(`${ISSUER_PREFIX}/`);
}
async function serveOidc(model, req, res, url, origin) {
  const issuer = `${origin}${ISSUER_PREFIX}`;
  const method = req.method ?? "GET";
  const route = `${method} ${url.pathname}`;
  if (route === `POST ${EXCHANGE_PATH}`)
    return answer(
      req,
      res,
      exchange(model, await readBody(req, res), req.headers["content-type"], issuer, new URL(origin).host)
    );
  if (route === `GET ${ISSUER_PREFIX}/token`) return answer(req, res, idToken(model, req, url, issuer));
  if (route === `GET ${ISSUER_PREFIX}/.well-known/openid-configuration`) {
    return answer(req, res, {
      status: 200,
      json: {
        issuer,
        jwks_uri: `${issuer}/.well-known/jwks`,
        id_token_signing_alg_values_supported: ["RS256"],
        response_types_supported: ["id_token"],
        subject_types_supported: ["public"]
      }
    });
  }
  if (route === `GET ${ISSUER_PREFIX}/.well-known/jwks`)
    return answer(req, res, { status: 200, json: model.oidc.jwks() });
  answer(req, res, { status: 404, json: { message: `no endpoint ${route}` } });
}
function exchange(model, raw, contentType, issuer, audience) {
  const request = exchangeFields(raw, contentType ?? "");
  if (!request) return { status: 400, json: { error: "invalid_token" } };
  try {
    return {
      status: 200,
      json: model.oidc.exchange(request, issuer, audience, model.now()),
      headers: { "cache-control": "no-store" }
    };
  } catch (error) {
    if (error instanceof ExchangeRefusal) return { status: 400, json: { error: "invalid_token" } };
    throw error;
  }
}
function exchangeFields(raw, contentType) {
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    const entries = [...new URLSearchParams(raw)];
    return new Set(entries.map(([name]) => name)).size === entries.length ? { encoding: "form", fields: Object.fromEntries(entries) } : void 0;
  }
  if (!/^application\/json\b/i.test(contentType)) return void 0;
  try {
    const body = JSON.parse(raw);
    if (!body || typeof body !== "object" || Array.isArray(body)) return void 0;
    return {
      encoding: "json",
      fields: Object.fromEntries(
        Object.entries(body).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)])
      )
    };
  } catch {
    return void 0;
  }
}
function idToken(model, req, url, issuer) {
  const bearer = /^bearer\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? "")?.[1];
  const audience = url.searchParams.get("audience") ?? "";
  const token = bearer && audience ? model.oidc.issueIdToken(bearer, audience, issuer, model.now()) : null;
  if (token === null)
    return {
      status: 401,
      json: {
        message: bearer ? audience ? "unknown request token" : "the audience parameter is missing" : "missing bearer token"
      }
    };
  return { status: 200, json: { value: token } };
}

// emulator/control/token.ts
import { createHash as createHash3, randomBytes as randomBytes4, timingSafeEqual as timingSafeEqual3 } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
var CONTROL_TOKEN_HEADER = "x-emulator-control-token";
function isLoopbackHost(host) {
  let name = host.trim().toLowerCase();
  if (name.startsWith("[") && name.endsWith("]")) name = name.slice(1, -1);
  if (name === "localhost" || name === "localhost.") return true;
  if (isIPv4(name)) return name.split(".")[0] === "127";
  if (!isIPv6(name)) return false;
  let canonical;
  try {
    canonical = new URL(`http://[${name}]/`).hostname;
  } catch {
    return false;
  }
  return canonical === "[::1]" || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}
function controlTokenRequired(host, requested = false) {
  return requested || !isLoopbackHost(host);
}
function newControlToken() {
  return randomBytes4(24).toString("base64url");
}
function controlTokenMatches(presented, expected) {
  if (typeof presented !== "string") return false;
  const digest = (text2) => createHash3("sha256").update(text2).digest();
  return timingSafeEqual3(digest(presented), digest(expected));
}

// emulator/control/faults.ts
var ACTIONS = ["status", "delay", "drop", "hang"];
var FaultInjector = class {
  faults = [];
  nextId = 1;
  /** Checks a fault description from `POST /_emulator/faults` and queues it. */
  add(spec) {
    if (!isObject(spec)) throw badRequest("fault must be a JSON object");
    const { path, method, count = 1, action, status, retryAfter, body, ms } = spec;
    if (typeof path !== "string" || path === "")
      throw badRequest("path must be a non-empty string (a prefix, or a route pattern such as /apps/:app/builds)");
    if (method !== void 0 && typeof method !== "string") throw badRequest("method must be a string");
    if (typeof count !== "number" || !Number.isInteger(count) || count < 1)
      throw badRequest("count must be a positive integer");
    if (typeof action !== "string" || !ACTIONS.includes(action)) {
      throw badRequest(`action must be one of ${ACTIONS.join(", ")}`);
    }
    checkPath(path);
    const fault = { id: this.nextId++, path, remaining: count, action, body };
    if (typeof method === "string") fault.method = method.toUpperCase();
    if (action === "status") {
      if (typeof status !== "number" || !Number.isInteger(status) || status < 200 || status > 599) {
        throw badRequest("status must be an HTTP status code from 200 to 599");
      }
      fault.status = status;
      if (retryAfter !== void 0) {
        if (typeof retryAfter !== "string" && typeof retryAfter !== "number")
          throw badRequest("retryAfter must be a string");
        fault.retryAfter = String(retryAfter);
      }
    }
    if (action === "delay") {
      if (typeof ms !== "number" || ms < 0 || ms > 6e4)
        throw badRequest("ms must be a number of milliseconds from 0 to 60000");
      fault.ms = ms;
    }
    this.faults.push(fault);
    return fault;
  }
  /** Takes one use of the first fault matching the request, if any. */
  take(method, fullPath, apiPath) {
    const index = this.faults.findIndex(
      (f) => (!f.method || f.method === method) && (pathMatches(f.path, fullPath) || pathMatches(f.path, apiPath))
    );
    if (index < 0) return null;
    const fault = this.faults[index];
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults.splice(index, 1);
    return { ...fault };
  }
  pending() {
    return this.faults.map((f) => ({ ...f }));
  }
  clear() {
    this.faults = [];
  }
};
var NEVER_IN_A_PATH = /[^\x21-\x7e]|[\\?#"<>`{}]/;
function checkPath(path) {
  const found2 = NEVER_IN_A_PATH.exec(path)?.[0];
  if (found2 === void 0) return;
  const shown = /[\x21-\x7e]/.test(found2) ? `"${found2}"` : `U+${found2.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  throw badRequest(
    `path: ${shown} never appears in a request path; a fault path is a prefix (/apps/ios-app) or a route pattern (/apps/:app/builds), not a regular expression`
  );
}
function pathMatches(faultPath, path) {
  if (faultPath.split("/").some((segment) => segment.startsWith(":"))) return matchPattern(faultPath, path) !== null;
  return path.startsWith(faultPath);
}
async function applyFault(fault, req, res, sleep) {
  switch (fault.action) {
    case "drop":
      req.socket.destroy();
      return true;
    case "hang":
      return true;
    case "delay":
      await sleep(fault.ms ?? 0);
      return false;
    case "status": {
      const headers = fault.retryAfter !== void 0 ? { "retry-after": fault.retryAfter } : {};
      answer(req, res, {
        status: fault.status ?? 503,
        json: fault.body ?? { message: `injected fault: status ${fault.status}` },
        headers
      });
      return true;
    }
  }
}

// emulator/control/replay.ts
import { createHash as createHash4 } from "node:crypto";

// emulator/control/replay-check.ts
import { readFileSync as readFileSync2, statSync } from "node:fs";
var TRACE_FILE_LIMIT = 10 * 1024 * 1024;
var REPLAY_STRING_LIMIT = 1024 * 1024;
var REPLAY_ANSWER_LIMIT = TRACE_FILE_LIMIT;
var DEPTH_LIMIT = 64;
var KNOWN_FORMATS = [1];
var PEERS = /* @__PURE__ */ new Set(["service", "github", "oidc-runner", "oidc-exchange", "signed-url"]);
var EXCHANGE_KEYS = /* @__PURE__ */ new Set(["seq", "peer", "method", "url", "status", "ms", "error", "request", "answer", "cut"]);
var MEDIA_TYPE = /^[a-z0-9][a-z0-9.+-]{0,63}\/[a-z0-9][a-z0-9.+-]{0,63}$/;
var TEXT_PLACEHOLDER = /^<(string|hex|key):(\d{1,12})(?:#(\d{1,9}))?>$/;
var Refusal = class extends Error {
};
var refuse = (line, why) => {
  throw new Refusal(`the trace's line ${line} ${why}; the trace is refused`);
};
function readTrace(path) {
  const size = statSync(path).size;
  if (size > TRACE_FILE_LIMIT)
    throw new Error(`the trace is ${size} bytes, over the ${TRACE_FILE_LIMIT} a trace holds; the trace is refused`);
  return checkTrace(readFileSync2(path, "utf8"));
}
function checkTrace(text2) {
  if (Buffer.byteLength(text2) > TRACE_FILE_LIMIT)
    throw new Error(`the trace is over the ${TRACE_FILE_LIMIT} bytes a trace holds; the trace is refused`);
  const exchanges = [];
  let header = false;
  for (const [index, raw] of text2.split("\n").entries()) {
    const line = index + 1;
    if (raw.trim() === "") continue;
    let entry;
    try {
      entry = JSON.parse(raw);
    } catch {
      refuse(line, "is not JSON");
    }
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) refuse(line, "is not a JSON object");
    const fields = entry;
    if ("trace" in fields) {
      if (header) refuse(line, "is a second header");
      checkHeader(line, fields);
      header = true;
      continue;
    }
    if (!header) refuse(line, "comes before the trace's header (its first line)");
    if ("note" in fields) {
      if (Object.keys(fields).length !== 1 || typeof fields.note !== "string" || fields.note.length > 4096)
        refuse(line, "is not a closing note of the known format");
      continue;
    }
    exchanges.push(checkExchange(line, fields));
  }
  if (!header) throw new Error("the trace has no header line; the trace is refused");
  return exchanges;
}
function checkHeader(line, fields) {
  if (fields.trace !== "service-ci-action") refuse(line, "is not the header of this action's wire trace");
  if (typeof fields.format !== "number" || !KNOWN_FORMATS.includes(fields.format))
    refuse(
      line,
      `is of format ${JSON.stringify(fields.format ?? null).slice(0, 40)}, not one this emulator knows (${KNOWN_FORMATS.join(", ")})`
    );
}
function checkExchange(line, fields) {
  const unknown = Object.keys(fields).find((key) => !EXCHANGE_KEYS.has(key));
  if (unknown !== void 0) refuse(line, `has a field of an unknown version (${JSON.stringify(unknown.slice(0, 40))})`);
  const { peer, method, url, status, ms } = fields;
  if (typeof peer !== "string" || !PEERS.has(peer)) refuse(line, "names no known peer");
  if (typeof method !== "string" || !/^[A-Z]{1,10}$/.test(method)) refuse(line, "has no method");
  if (typeof url !== "string" || !url.startsWith("/") || url.length > 8192 || /[\s\\]/.test(url))
    refuse(line, "has no path, or one over 8192 characters");
  if (status !== null && !(Number.isInteger(status) && status >= 200 && status <= 599))
    refuse(line, "has a status that is neither null nor 200 to 599");
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) refuse(line, "has no time (ms)");
  if (fields.error !== void 0 && (typeof fields.error !== "string" || fields.error.length > 64))
    refuse(line, "has an error that is not a short code");
  checkPart(line, "request", fields.request);
  const answer2 = checkPart(line, "answer", fields.answer);
  return {
    line,
    peer,
    method,
    url,
    status: status ?? 0,
    ms,
    answer: answer2
  };
}
function checkPart(line, name, part) {
  if (part === null || part === void 0) return { type: null, body: null };
  if (typeof part !== "object" || Array.isArray(part)) refuse(line, `has a ${name} that is not an object`);
  const { type, bytes, body } = part;
  if (type !== null && type !== void 0 && type !== "other" && (typeof type !== "string" || !MEDIA_TYPE.test(type)))
    refuse(line, `has a ${name} content type that is not a media type`);
  if (bytes !== null && bytes !== void 0 && !(Number.isSafeInteger(bytes) && bytes >= 0))
    refuse(line, `has a ${name} size that is not a count of bytes`);
  const checked = { type: type ?? null, body: null };
  if (body === null || body === void 0) return checked;
  if (typeof body !== "object" || Array.isArray(body)) refuse(line, `has a ${name} body of no known kind`);
  const shape2 = body;
  if ("json" in shape2 && Object.keys(shape2).length === 1) {
    const filled = filledSize(line, shape2.json, 0);
    if (filled > REPLAY_ANSWER_LIMIT)
      refuse(line, `has a ${name} that fills to ${filled} bytes, over the ${REPLAY_ANSWER_LIMIT} an answer may be`);
    checked.body = { json: shape2.json };
    return checked;
  }
  const { kind, bytes: size } = shape2;
  if (typeof kind !== "string" || !(MEDIA_TYPE.test(kind) || /^[a-z]{1,20}$/.test(kind)))
    refuse(line, `has a ${name} body of no known kind`);
  if (!(Number.isSafeInteger(size) && size >= 0)) refuse(line, `has a ${name} body of no size`);
  if (size > REPLAY_ANSWER_LIMIT)
    refuse(line, `has a ${name} of ${size} bytes, over the ${REPLAY_ANSWER_LIMIT} an answer may be`);
  checked.body = { kind, bytes: size };
  return checked;
}
function textSize(line, text2) {
  const placeholder = TEXT_PLACEHOLDER.exec(text2);
  const length = placeholder ? Number(placeholder[2]) : text2.length;
  if (length > REPLAY_STRING_LIMIT)
    refuse(line, `has a text of ${length} characters, over the ${REPLAY_STRING_LIMIT} one may fill to`);
  return placeholder ? length + 2 : Buffer.byteLength(JSON.stringify(text2));
}
function filledSize(line, value, depth) {
  if (depth > DEPTH_LIMIT) refuse(line, `nests deeper than ${DEPTH_LIMIT} levels`);
  if (typeof value === "string") return textSize(line, value);
  if (Array.isArray(value)) {
    let size = 2;
    for (const item of value) {
      size += filledSize(line, item, depth + 1) + 1;
      if (size > REPLAY_ANSWER_LIMIT) break;
    }
    return size;
  }
  if (value !== null && typeof value === "object") {
    let size = 2;
    for (const [key, item] of Object.entries(value)) {
      size += textSize(line, key) + 1 + filledSize(line, item, depth + 1) + 1;
      if (size > REPLAY_ANSWER_LIMIT) break;
    }
    return size;
  }
  return String(value).length;
}

// emulator/control/replay.ts
function routeKey(method, apiPath) {
  const segments = apiPath.split("?")[0].replace(/^\/v\d+(\.\d+)*/, "").split("/").filter(Boolean);
  return `${method.toUpperCase()} /${segments.map((segment, at2) => at2 % 2 === 1 ? ":" : segment).join("/")}`;
}
var URL_KEY = /(url|uri|href)$/i;
var SERVED_WORD = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/;
function emulatorUrl(origin, length) {
  const base = `${origin}/_replay/`;
  return length > base.length ? base + "x".repeat(length - base.length) : base;
}
function hexOf(seed, length) {
  let text2 = "";
  for (let round = 0; text2.length < length; round++)
    text2 += createHash4("sha256").update(`${seed}:${round}`).digest("hex");
  return text2.slice(0, length);
}
var WORDS = "replayed text of the recorded length, ";
function filledString(key, length, origin, hex = false, id) {
  const name = (key ?? "").toLowerCase();
  if (URL_KEY.test(name)) return emulatorUrl(origin, length);
  if (id !== void 0) return hexOf(`id:${id}`, length);
  if (hex || /(^|_)(slug|id)$/.test(name)) return hexOf(`${name}:${length}`, length);
  return WORDS.repeat(Math.ceil(length / WORDS.length)).slice(0, length);
}
function filledTime(format, now) {
  const iso6 = now.toISOString();
  const m = /^YYYY-MM-DD([T ])hh:mm(:ss(?:\.(f+))?)?(Z| UTC|\+hh:mm|\+hhmm)?$/.exec(format);
  if (!m) return iso6;
  const fraction = m[3] ? `.${(iso6.slice(20, 23) + "000000000").slice(0, m[3].length)}` : "";
  const seconds = m[2] ? `${iso6.slice(16, 19)}${fraction}` : "";
  const zone = m[4] === "+hh:mm" ? "+00:00" : m[4] === "+hhmm" ? "+0000" : m[4] ?? "";
  return `${iso6.slice(0, 10)}${m[1]}${iso6.slice(11, 16)}${seconds}${zone}`;
}
function fill(value, now, origin, key, anchor = now.getTime()) {
  if (typeof value === "string") {
    const text2 = TEXT_PLACEHOLDER.exec(value);
    if (text2 && text2[1] !== "key") return filledString(key, Number(text2[2]), origin, text2[1] === "hex", text2[3]);
    const time = /^<time:([^@]{1,40})(?:@(-?\d{1,12}(?:\.\d{1,3})?))?>$/.exec(value);
    if (time) return filledTime(time[1], time[2] === void 0 ? now : new Date(anchor + Number(time[2]) * 1e3));
    if (URL_KEY.test(key ?? "")) return emulatorUrl(origin, value.length);
    return SERVED_WORD.test(value) ? value : filledString(key, value.length, origin);
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, now, origin, key, anchor));
  if (value !== null && typeof value === "object") {
    const out = {};
    for (const [name, item] of Object.entries(value)) {
      const keyText2 = TEXT_PLACEHOLDER.exec(name);
      out[keyText2 ? "k".repeat(Number(keyText2[2])) : name] = fill(item, now, origin, name, anchor);
    }
    return out;
  }
  return value;
}
var ReplayPlayer = class {
  /** `trace` is a trace's text, or its exchanges as readTrace checked them. */
  constructor(trace, now = Date.now) {
    this.now = now;
    for (const exchange2 of typeof trace === "string" ? checkTrace(trace) : trace) {
      if (exchange2.peer !== "service" || exchange2.status === 0) continue;
      const key = routeKey(exchange2.method, exchange2.url);
      const list = this.byRoute.get(key) ?? [];
      list.push({ status: exchange2.status, type: exchange2.answer.type, body: exchange2.answer.body });
      this.byRoute.set(key, list);
    }
    if (this.byRoute.size === 0) throw new Error("the trace holds no exchange with the service");
    this.anchor = now();
  }
  now;
  byRoute = /* @__PURE__ */ new Map();
  used = /* @__PURE__ */ new Map();
  /** When the replay began: a recorded timestamp is filled at its offset from here. */
  anchor;
  /** The recorded routes and how many answers each has, for the start-up line. */
  routes() {
    return [...this.byRoute.entries()].map(([key, list]) => [key, list.length]);
  }
  /**
   * The answer to one request: the next recorded for its route, or the route's last once used
   * up; undefined for a route the trace does not hold, which the emulator's model answers.
   */
  answer(method, apiPath, origin) {
    const key = routeKey(method, apiPath);
    const list = this.byRoute.get(key);
    if (!list) return void 0;
    const at2 = this.used.get(key) ?? 0;
    this.used.set(key, at2 + 1);
    return this.reply(list[Math.min(at2, list.length - 1)], origin);
  }
  reply(recorded, origin) {
    const body = recorded.body;
    if (recorded.status === 204 || !body) return { status: recorded.status };
    if ("json" in body)
      return { status: recorded.status, json: fill(body.json, new Date(this.now()), origin, void 0, this.anchor) };
    const text2 = "x".repeat(Math.max(0, Number(body.bytes) || 0));
    return {
      status: recorded.status,
      text: text2,
      headers: {
        "content-type": !recorded.type || recorded.type === "other" ? "application/octet-stream" : recorded.type
      }
    };
  }
};

// emulator/model/app-record.ts
function defined(init) {
  return Object.fromEntries(Object.entries(init).filter(([, value]) => value !== void 0));
}
function newAppRecord(init) {
  const { notifications, groupRoles, team, ...fields } = defined(init);
  const repoSlug = fields.repoSlug ?? init.slug;
  const defaultBranch = fields.defaultBranch ?? "master";
  return {
    title: repoSlug,
    provider: "github",
    repoOwner: init.owner.slug,
    repoUrl: `git@github.com:${init.owner.slug}/${repoSlug}.git`,
    projectType: null,
    isPublic: false,
    isDisabled: false,
    status: 1,
    avatarUrl: null,
    branches: [defaultBranch],
    serviceYml: "",
    configLocation: "service",
    repositoryHasConfig: false,
    envs: {},
    secrets: {},
    buildOutcome: "success",
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
      on_failure: notifications?.on_failure ?? "always",
      on_success: notifications?.on_success ?? "change"
    },
    groupRoles: {
      admin: [...groupRoles?.admin ?? []],
      platform_engineer: [...groupRoles?.platform_engineer ?? []],
      manager: [...groupRoles?.manager ?? []],
      member: [...groupRoles?.member ?? []]
    },
    team: new Map(team ?? [])
  };
}

// emulator/model/build-configs.ts
var MAX_KEPT_CONFIG_CHARS = 32 * 1024 * 1024;
var MAX_TRIGGERED_WORKFLOWS = 1e4;
var BuildConfigs = class {
  constructor(maxChars = MAX_KEPT_CONFIG_CHARS) {
    this.maxChars = maxChars;
  }
  maxChars;
  byBuild = /* @__PURE__ */ new Map();
  uses = /* @__PURE__ */ new Map();
  chars = 0;
  /** Keeps the text a build ran with, forgetting the oldest builds' beyond the bound. */
  keep(buildSlug, text2) {
    this.forget(buildSlug);
    this.byBuild.set(buildSlug, text2);
    const uses = this.uses.get(text2) ?? 0;
    this.uses.set(text2, uses + 1);
    if (uses === 0) this.chars += text2.length;
    for (const oldest of this.byBuild.keys()) {
      if (this.chars <= this.maxChars || oldest === buildSlug) break;
      this.forget(oldest);
    }
  }
  /** The text the build ran with, or undefined when it is not kept. */
  of(buildSlug) {
    return this.byBuild.get(buildSlug);
  }
  forget(buildSlug) {
    const text2 = this.byBuild.get(buildSlug);
    if (text2 === void 0) return;
    this.byBuild.delete(buildSlug);
    const uses = this.uses.get(text2) - 1;
    if (uses > 0) this.uses.set(text2, uses);
    else {
      this.uses.delete(text2);
      this.chars -= text2.length;
    }
  }
};
var TriggeredWorkflows = class {
  byApp = /* @__PURE__ */ new Map();
  add(appSlug, workflow) {
    let names = this.byApp.get(appSlug);
    if (!names) this.byApp.set(appSlug, names = /* @__PURE__ */ new Set());
    if (names.size < MAX_TRIGGERED_WORKFLOWS) names.add(workflow);
  }
  of(appSlug) {
    return [...this.byApp.get(appSlug) ?? []];
  }
  forgetApp(appSlug) {
    this.byApp.delete(appSlug);
  }
};

// emulator/model/state.ts
var ROLE_RANK = { owner: 5, admin: 4, platform_engineer: 3, manager: 2, member: 1 };
var EmulatorState = class {
  constructor(seed) {
    this.seed = seed;
    this.offer = {
      stacks: seed.stacks ? new Set(seed.stacks) : null,
      machineTypes: seed.machine_types ? new Set(seed.machine_types) : null
    };
    this.reset();
  }
  seed;
  users = /* @__PURE__ */ new Map();
  tokens = /* @__PURE__ */ new Map();
  /** When a short-lived token of an OIDC exchange stops being accepted (ms); seed tokens never expire. */
  tokenExpiry = /* @__PURE__ */ new Map();
  /** The Workspace role an OIDC trust policy gives the tokens it mints, by their user (`oidc-policy:<id>`). */
  policyRoles = /* @__PURE__ */ new Map();
  organizations = /* @__PURE__ */ new Map();
  apps = /* @__PURE__ */ new Map();
  /** Every build kept, oldest trigger first; add and drop them with addBuild and deleteBuild, which keep the indexes below. */
  builds = /* @__PURE__ */ new Map();
  /**
   * Builds whose end has not been recorded: settling, before every request, looks at these
   * only, not at the whole history (10,000 builds by default). Those that ended some other
   * way (an abort) are dropped by the next settling.
   */
  unended = /* @__PURE__ */ new Set();
  /** Each app's builds on each branch, oldest first: the email rule's previous build without a scan of every build. */
  byBranch = /* @__PURE__ */ new Map();
  /** The configuration each kept build ran with (see model/build-configs.ts). */
  buildConfigs = new BuildConfigs();
  /** The workflows each app has triggered, kept when their builds are dropped. */
  triggeredWorkflows = new TriggeredWorkflows();
  /** Triggers held for manual approval, open and decided, by slug (see model/build-requests.ts). */
  buildRequests = /* @__PURE__ */ new Map();
  /** Running and finished pipelines, by id (see model/pipelines.ts). */
  pipelines = /* @__PURE__ */ new Map();
  /** The events of section 6 of the interface, oldest first (see model/events.ts). */
  events = [];
  nextEventSeq = 1;
  /** Counts the model's changes to apps and roles; a list of apps read at one revision holds until the next. */
  revision = 0;
  /** The stacks and machine types the service offers (null: any), from the seed; never changed. */
  offer;
  /** Forgets everything that happened and rebuilds the world from the seed. */
  reset() {
    this.revision++;
    const seed = structuredClone(this.seed);
    this.users = new Map(seed.users.map((u) => [u.slug, { slug: u.slug, name: u.name ?? u.slug }]));
    this.tokens = new Map(Object.entries(seed.tokens));
    this.tokenExpiry = /* @__PURE__ */ new Map();
    this.policyRoles = /* @__PURE__ */ new Map();
    this.organizations = new Map(
      (seed.organizations ?? []).map((o) => [
        o.slug,
        {
          slug: o.slug,
          name: o.name ?? o.slug,
          owners: new Set(o.owners ?? []),
          groups: new Map(
            (o.groups ?? []).map((g) => [
              g.slug,
              { slug: g.slug, name: g.name ?? g.slug, members: new Set(g.members ?? []) }
            ])
          )
        }
      ])
    );
    this.apps = new Map((seed.apps ?? []).map((a) => [a.slug, appFromSeed(a)]));
    this.builds = /* @__PURE__ */ new Map();
    this.unended = /* @__PURE__ */ new Set();
    this.byBranch = /* @__PURE__ */ new Map();
    this.buildConfigs = new BuildConfigs();
    this.triggeredWorkflows = new TriggeredWorkflows();
    this.pipelines = /* @__PURE__ */ new Map();
    this.buildRequests = /* @__PURE__ */ new Map();
    this.events = [];
    this.nextEventSeq = 1;
  }
  /** Keeps a new build, with the configuration its app has now: the one it runs with. */
  addBuild(build2) {
    this.builds.set(build2.slug, build2);
    const app = this.apps.get(build2.appSlug);
    if (app) this.buildConfigs.keep(build2.slug, app.serviceYml);
    this.triggeredWorkflows.add(build2.appSlug, build2.triggeredWorkflow);
    if (!build2.ended) this.unended.add(build2);
    const key = branchKey(build2);
    const list = this.byBranch.get(key);
    if (list) list.push(build2);
    else this.byBranch.set(key, [build2]);
  }
  /** Forgets a build, and with it its log. */
  deleteBuild(build2) {
    this.builds.delete(build2.slug);
    this.buildConfigs.forget(build2.slug);
    this.unended.delete(build2);
    const key = branchKey(build2);
    const list = this.byBranch.get(key) ?? [];
    const at2 = list.indexOf(build2);
    if (at2 >= 0) list.splice(at2, 1);
    if (list.length === 0) this.byBranch.delete(key);
  }
  /** The kept builds of the build's app on the build's branch, oldest first (the build among them). */
  sameBranchBuilds(build2) {
    return this.byBranch.get(branchKey(build2)) ?? [];
  }
  /** The caller's effective role: direct team role, Workspace ownership or the strongest group grant. */
  roleOf(user, app) {
    const candidates = [];
    const direct = app.team.get(user);
    if (direct) candidates.push(direct);
    if (app.owner.account_type === "user" && app.owner.slug === user) candidates.push("owner");
    const org = app.owner.account_type === "organization" ? this.organizations.get(app.owner.slug) : void 0;
    if (org) {
      if (org.owners.has(user)) candidates.push("owner");
      const viaPolicy = this.policyRoles.get(user);
      if (viaPolicy?.org === org.slug) candidates.push(viaPolicy.role);
      for (const [role, groups] of Object.entries(app.groupRoles)) {
        if (groups.some((g) => org.groups.get(g)?.members.has(user))) candidates.push(role);
      }
    }
    return candidates.sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a])[0] ?? null;
  }
  /** Whether the user owns the Workspace or belongs to one of its groups. */
  isWorkspaceMember(user, org) {
    return org.owners.has(user) || this.policyRoles.get(user)?.org === org.slug || [...org.groups.values()].some((g) => g.members.has(user));
  }
  /** The app object as the API returns it, with the owner's display name. */
  appView(a) {
    const owner = a.owner.account_type === "organization" ? this.organizations.get(a.owner.slug) : this.users.get(a.owner.slug);
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
        ai_summary_shape: a.aiSummaryShape ?? "summary",
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
      notifications: this.events.filter((e) => e.kind === "email_notification")
    };
  }
};
var branchKey = (build2) => JSON.stringify([build2.appSlug, build2.branch]);
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
    envs: { ...a.envs ?? {} },
    secrets: { ...a.secrets ?? {} },
    buildOutcome: a.build_outcome,
    artifacts: a.artifacts,
    steps: a.steps,
    testResults: a.test_results,
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

// emulator/model/apps.ts
import { randomBytes as randomBytes5 } from "node:crypto";
var DEFAULT_STACK = "linux-docker-22.04";
function defaultServiceYml(stack) {
  return [
    'format_version: "13"',
    "meta:",
    "  service:",
    `    stack: ${stack}`,
    "    machine_type_id: standard",
    "trigger_map:",
    '- push_branch: "*"',
    "  workflow: primary",
    '- pull_request_source_branch: "*"',
    "  workflow: primary",
    "workflows:",
    "  primary:",
    "    steps:",
    "    - script:",
    "        inputs:",
    '        - content: echo "hello from the emulator"',
    ""
  ].join("\n");
}
function workspaceOfMember(state2, caller, slug) {
  const org = state2.organizations.get(slug);
  if (!org) throw notFound(`organization "${slug}" (organization_slug) not found`);
  if (!state2.isWorkspaceMember(caller, org)) throw forbidden(`you are not a member of organization "${slug}"`);
  return org;
}
function registerApp(state2, caller, request) {
  workspaceOfMember(state2, caller, request.organization);
  const app = newAppRecord({
    slug: randomBytes5(8).toString("hex"),
    owner: { account_type: "organization", slug: request.organization },
    title: request.title?.trim() ? request.title : void 0,
    provider: request.provider,
    repoOwner: request.gitOwner,
    repoUrl: request.repoUrl,
    repoSlug: request.repoSlug,
    isPublic: request.isPublic,
    defaultBranch: request.defaultBranch,
    serviceYml: defaultServiceYml(DEFAULT_STACK),
    team: [[caller, "owner"]],
    registrationFinished: false
  });
  state2.apps.set(app.slug, app);
  return app;
}
function registerSshKey(app, atProvider) {
  if (/^https?:\/\//i.test(app.repoUrl)) {
    throw invalid(`app "${app.slug}" has an HTTPS repo_url; an SSH key is only used with SSH repository URLs`);
  }
  app.hasSshKey = true;
  app.sshKeyRegisteredAtProvider = atProvider;
}
function finishRegistration(state2, caller, app, request) {
  if (app.registrationFinished) {
    throw conflict(
      `app "${app.slug}" has already finished its registration; finish runs once and changes nothing afterwards (owner, team and settings stay as they are)`
    );
  }
  if (request.organization !== void 0) {
    const org = workspaceOfMember(state2, caller, request.organization);
    if (app.owner.account_type !== "organization" || app.owner.slug !== org.slug) {
      app.groupRoles = { admin: [], platform_engineer: [], manager: [], member: [] };
    }
    app.owner = { account_type: "organization", slug: org.slug };
  }
  if (request.projectType !== void 0) app.projectType = request.projectType;
  if (request.stackId !== void 0) {
    app.stackId = request.stackId;
    app.serviceYml = app.serviceYml.replace(/^( {4}stack: ).*$/m, `$1${request.stackId}`);
  }
  if (request.config !== void 0) app.initialConfig = request.config;
  app.envs = { ...app.envs, ...request.envs };
  app.buildTriggerToken = randomBytes5(12).toString("base64url");
  app.registrationFinished = true;
}
function updateApp(app, changes) {
  if (changes.title !== void 0) app.title = changes.title;
  if (changes.defaultBranch !== void 0) {
    app.defaultBranch = changes.defaultBranch;
    if (!app.branches.includes(changes.defaultBranch)) app.branches.push(changes.defaultBranch);
  }
  if (changes.isPublic !== void 0) app.isPublic = changes.isPublic;
  if (changes.repositoryUrl !== void 0) app.repoUrl = changes.repositoryUrl;
  for (const [field, value] of Object.entries(changes.extra)) if (value !== void 0) app.extra[field] = value;
}
function deleteApp(state2, app) {
  state2.apps.delete(app.slug);
  state2.triggeredWorkflows.forgetApp(app.slug);
  for (const build2 of state2.builds.values()) if (build2.appSlug === app.slug) state2.deleteBuild(build2);
}

// emulator/model/build-requests.ts
import { randomBytes as randomBytes7 } from "node:crypto";

// emulator/model/builds.ts
import { randomBytes as randomBytes6 } from "node:crypto";

// emulator/model/redaction.ts
var REDACTED = "[redacted]";
var SECRET_FIELDS = /* @__PURE__ */ new Set(["auth_ssh_private_key"]);
var SECRET_VALUE_LISTS = /* @__PURE__ */ new Set(["environments", "secrets"]);
var ENCODED_BODY_FIELDS = /* @__PURE__ */ new Set(["payload"]);
var MAX_DEPTH = 64;
var unparsed = (text2) => `[unparsed text of ${text2.length} characters]`;
function parseJsonText(text2) {
  if (!/^\s*[[{]/.test(text2)) return void 0;
  try {
    return JSON.parse(text2);
  } catch {
    return void 0;
  }
}
function redactValueList(list, depth) {
  if (!Array.isArray(list)) return redactValue(list, depth);
  return list.map((item) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return REDACTED;
    const copy = redactValue(item, depth + 1);
    if ("value" in copy) copy.value = REDACTED;
    return copy;
  });
}
function redactEncoded(text2, depth) {
  const parsed = parseJsonText(text2);
  return parsed === void 0 ? unparsed(text2) : JSON.stringify(redactValue(parsed, depth + 1));
}
function redactValue(value, depth) {
  if (depth > MAX_DEPTH) return "[nested too deep]";
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (typeof value !== "object" || value === null) return value;
  const copy = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_FIELDS.has(key)) copy[key] = REDACTED;
    else if (SECRET_VALUE_LISTS.has(key)) copy[key] = redactValueList(item, depth + 1);
    else if (ENCODED_BODY_FIELDS.has(key) && typeof item === "string") copy[key] = redactEncoded(item, depth);
    else copy[key] = redactValue(item, depth + 1);
  }
  return copy;
}
function redactBody(body) {
  return typeof body === "string" ? redactEncoded(body, 0) : redactValue(body, 0);
}
function unparsedBody(raw) {
  return `[unparsed body of ${Buffer.byteLength(raw)} bytes]`;
}

// emulator/model/service-config.ts
import { isDeepStrictEqual } from "node:util";

// src/service-yml/yaml-as-service.ts
var YAML11_SERVICE_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullYaml11Tag,
  boolYaml11Tag,
  intYaml11Tag,
  floatYaml11Tag,
  mergeTag,
  binaryTag
]);
var TEXT_SCHEMA = FAILSAFE_SCHEMA.withTags(mergeTag);
var MAX_REPAIRS = 2e3;
function loadAsService(text2, loadFn) {
  const lines = text2.split("\n");
  const repairedLines = [];
  let lastLine = -1;
  let pad = 0;
  for (let attempt = 0; ; attempt++) {
    const current = lines.join("\n");
    try {
      return { doc: loadFn(current), text: current, repairedLines };
    } catch (error) {
      const line = deficientLine(error);
      if (line === void 0 || line >= lines.length || attempt >= MAX_REPAIRS) throw error;
      pad = line === lastLine ? pad * 2 : Math.max(1, indentOfPrevious(lines, line) + 1 - indentOf(lines[line]));
      if (indentOf(lines[line]) + pad > 1e3) throw error;
      lines[line] = " ".repeat(pad) + lines[line];
      if (line !== lastLine) repairedLines.push(line + 1);
      lastLine = line;
    }
  }
}
function loadServiceYaml(text2, options = {}) {
  return loadAsService(text2, (current) => load(current, { ...options, schema: YAML11_SERVICE_SCHEMA }));
}
function loadServiceYamlText(repairedText, options = {}) {
  return load(repairedText, { ...options, schema: TEXT_SCHEMA });
}
function deficientLine(error) {
  const e = error;
  if (e?.reason !== "deficient indentation" || typeof e.mark?.line !== "number") return void 0;
  return e.mark.line;
}
function indentOf(line) {
  return /^ */.exec(line)[0].length;
}
function indentOfPrevious(lines, index) {
  for (let i = index - 1; i >= 0; i--) if (lines[i].trim() !== "") return indentOf(lines[i]);
  return 0;
}

// emulator/model/machine-type-edit.ts
function treeOf(source, events) {
  const anchors = /* @__PURE__ */ new Map();
  const aliases = [];
  const stack = [];
  let root;
  const place = (node, anchorStart, anchorEnd) => {
    if (anchorStart >= 0) anchors.set(source.slice(anchorStart, anchorEnd), node);
    const parent = stack[stack.length - 1];
    if (!parent) root ??= node;
    else if (parent.kind === "seq") parent.items.push(node);
    else if (parent.kind === "map") {
      const last = parent.entries[parent.entries.length - 1];
      if (last && last[1] === void 0) last[1] = node;
      else parent.entries.push([node, void 0]);
    }
  };
  for (const event of events) {
    if (event.type === EVENT_ID.DOCUMENT) {
      if (root) break;
    } else if (event.type === EVENT_ID.POP) stack.pop();
    else if (event.type === EVENT_ID.SCALAR) place({ kind: "scalar", event }, event.anchorStart, event.anchorEnd);
    else if (event.type === EVENT_ID.ALIAS) {
      const alias = {
        kind: "alias",
        event,
        target: anchors.get(source.slice(event.anchorStart, event.anchorEnd))
      };
      aliases.push(alias);
      place(alias, -1, -1);
    } else {
      const node = event.type === EVENT_ID.MAPPING ? { kind: "map", entries: [] } : { kind: "seq", items: [] };
      place(node, event.anchorStart, event.anchorEnd);
      stack.push(node);
    }
  }
  return { root, aliases };
}
var resolved = (node) => node?.kind === "alias" ? resolved(node.target) : node;
function keyText(source, node) {
  const key = resolved(node);
  return key?.kind === "scalar" ? getScalarValue(source, key.event) : void 0;
}
function entriesOf(reader, node) {
  const map = resolved(node);
  if (map?.kind !== "map") return [];
  const known = reader.entries.get(map);
  if (known) return known;
  reader.entries.set(map, []);
  const own = [];
  const merged = [];
  for (const [key, value] of map.entries) {
    const name = keyText(reader.source, key);
    if (name === void 0) continue;
    if (name !== "<<") own.push([name, value]);
    else {
      const from = resolved(value);
      for (const item of from?.kind === "seq" ? from.items : [value]) merged.push(...entriesOf(reader, item));
    }
  }
  const seen = /* @__PURE__ */ new Set();
  const entries = [...own, ...merged].filter(([name]) => !seen.has(name) && (seen.add(name), true));
  reader.entries.set(map, entries);
  return entries;
}
var child = (reader, node, name) => entriesOf(reader, node).find(([key]) => key === name)?.[1];
function machineTypeNodes(source, root) {
  const reader = { source, entries: /* @__PURE__ */ new Map() };
  const of = (holder) => child(reader, child(reader, child(reader, holder, "meta"), "service"), "machine_type_id");
  const workflows = entriesOf(reader, child(reader, root, "workflows")).map(([, workflow]) => of(workflow));
  return [of(root), ...workflows].filter((node) => node !== void 0);
}
var plainSafe = (value) => /^[A-Za-z0-9_][A-Za-z0-9_./+@-]*$/.test(value) && !/^(null|Null|NULL)$/.test(value);
function written(value, style) {
  if (style === SCALAR_STYLE.PLAIN && plainSafe(value)) return value;
  if (style === SCALAR_STYLE.SINGLE_QUOTED && /^[\x20-\x7e\u00a0-\uffff]*$/.test(value))
    return `'${value.replace(/'/g, "''")}'`;
  return plainSafe(value) && style !== SCALAR_STYLE.DOUBLE_QUOTED ? value : JSON.stringify(value);
}
function scalarEdit(source, event, to) {
  let start = event.valueStart;
  let end = event.valueEnd;
  if (event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED) {
    start -= 1;
    end += 1;
  } else if (event.style === SCALAR_STYLE.LITERAL_BLOCK || event.style === SCALAR_STYLE.FOLDED_BLOCK) {
    start = Math.max(source.lastIndexOf("|", event.valueStart), source.lastIndexOf(">", event.valueStart));
    if (source[end - 1] === "\n") end -= 1;
  }
  let prefix = "";
  if (event.tagStart >= 0 && event.tagStart < start) {
    if (event.anchorStart > event.tagStart) prefix = `${source.slice(event.anchorStart - 1, event.anchorEnd)} `;
    start = event.tagStart;
  }
  return { start, end, text: prefix + written(to, event.style) };
}
var aliasEdit = (alias, text2) => ({
  start: alias.event.anchorStart - 1,
  end: alias.event.anchorEnd,
  text: text2
});
function machineTypeEdits(source, from, to) {
  const { root, aliases } = treeOf(source, parseEvents(source, {}));
  const nodes = machineTypeNodes(source, root);
  const covered = new Set(nodes);
  const edits = /* @__PURE__ */ new Map();
  const add = (edit) => void edits.set(edit.start, edit);
  for (const node of nodes) {
    const value = resolved(node);
    if (value?.kind !== "scalar" || getScalarValue(source, value.event) !== from) continue;
    if (node.kind === "alias") {
      add(aliasEdit(node, written(to, SCALAR_STYLE.PLAIN)));
      continue;
    }
    const edit = scalarEdit(source, value.event, to);
    add(edit);
    if (value.event.anchorStart < 0) continue;
    const old = source.slice(scalarEdit(source, value.event, "").start, edit.end);
    for (const alias of aliases) if (alias.target === value && !covered.has(alias)) add(aliasEdit(alias, old));
  }
  return edits.size === 0 ? null : [...edits.values()];
}
function editsOfText(text2, readable, from, to) {
  const edits = machineTypeEdits(readable, from, to);
  if (edits === null || readable === text2) return edits;
  const lines = text2.split("\n");
  const padded = readable.split("\n");
  const starts = [];
  let at2 = 0;
  let was = 0;
  lines.forEach((line, i) => {
    starts.push({ at: at2, was, pad: padded[i].length - line.length });
    at2 += padded[i].length + 1;
    was += line.length + 1;
  });
  const back = (offset) => {
    let i = starts.length - 1;
    while (i > 0 && starts[i].at > offset) i--;
    return starts[i].was + Math.max(0, offset - starts[i].at - starts[i].pad);
  };
  return edits.map((edit) => ({ ...edit, start: back(edit.start), end: back(edit.end) }));
}
function applyEdits(source, edits) {
  return [...edits].sort((a, b) => b.start - a.start).reduce((text2, edit) => text2.slice(0, edit.start) + edit.text + text2.slice(edit.end), source);
}

// emulator/model/service-config.ts
var MAX_CONFIG_BYTES = 512 * 1024;
var MAX_CONFIG_ALIASES = 100;
var MAX_CONFIG_DEPTH = 100;
var MAX_CONFIG_MERGE_KEYS = 1e4;
var MAX_CONFIG_NODES = 1e5;
var MAX_CONFIG_EXPANDED_CHARS = 4 * 1024 * 1024;
var ConfigLimitError = class extends Error {
};
function checkExpandedSize(value) {
  let nodes = 0;
  let chars = 0;
  const stack = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop();
    if (++nodes > MAX_CONFIG_NODES)
      throw new ConfigLimitError(
        `the configuration expands to more than ${MAX_CONFIG_NODES} nodes once its aliases are expanded`
      );
    if (depth > MAX_CONFIG_DEPTH)
      throw new ConfigLimitError(`the configuration nests deeper than ${MAX_CONFIG_DEPTH} levels`);
    if (typeof item === "string") chars += item.length;
    else if (Array.isArray(item)) for (const element of item) stack.push({ value: element, depth: depth + 1 });
    else if (typeof item === "object" && item !== null) {
      for (const [key, element] of Object.entries(item)) {
        chars += key.length;
        stack.push({ value: element, depth: depth + 1 });
      }
    }
    if (chars > MAX_CONFIG_EXPANDED_CHARS) {
      throw new ConfigLimitError(
        `the configuration expands to more than ${MAX_CONFIG_EXPANDED_CHARS} characters of text once its aliases are expanded`
      );
    }
  }
}
var LIMITS = { maxAliases: MAX_CONFIG_ALIASES, maxDepth: MAX_CONFIG_DEPTH, maxTotalMergeKeys: MAX_CONFIG_MERGE_KEYS };
function parseServiceYml(text2) {
  return parseBoth(text2).textConfig;
}
function parseBoth(text2) {
  const bytes = Buffer.byteLength(text2);
  if (bytes > MAX_CONFIG_BYTES)
    throw new ConfigLimitError(`the configuration is ${bytes} bytes; at most ${MAX_CONFIG_BYTES} are accepted`);
  let doc;
  let textDoc;
  let read;
  try {
    read = loadServiceYaml(text2, LIMITS);
    doc = read.doc;
    textDoc = loadServiceYamlText(read.text, LIMITS);
  } catch (error) {
    const message = error.message.split("\n")[0];
    if (/exceeded max(Aliases|Depth|TotalMergeKeys)/.test(message))
      throw new ConfigLimitError(`the configuration is over a limit: ${message}`);
    throw error;
  }
  if (!isObject(doc) || !isObject(textDoc)) throw new Error("the configuration must be a YAML mapping");
  checkExpandedSize(doc);
  return { config: doc, textConfig: textDoc, readable: read.text };
}
function dumpServiceYml(config) {
  checkExpandedSize(config);
  const text2 = dump(config, { noRefs: true, schema: YAML11_SERVICE_SCHEMA });
  const bytes = Buffer.byteLength(text2);
  if (bytes > MAX_CONFIG_BYTES)
    throw new ConfigLimitError(
      `the configuration would be ${bytes} bytes as YAML; at most ${MAX_CONFIG_BYTES} are accepted`
    );
  return text2;
}
function serviceMeta(holder) {
  if (!isObject(holder) || !isObject(holder.meta) || !isObject(holder.meta.service)) return null;
  return holder.meta.service;
}
function machineTypePlaces(doc) {
  return [serviceMeta(doc), ...isObject(doc.workflows) ? Object.values(doc.workflows).map(serviceMeta) : []];
}
function migrateMachineType(text2, from, to) {
  const read = parseBoth(text2);
  const matched = machineTypePlaces(read.textConfig).map((meta) => meta?.machine_type_id === from);
  if (!matched.includes(true)) return null;
  const edits = editsOfText(text2, read.readable, from, to);
  const edited = edits === null ? null : applyEdits(text2, edits);
  if (edited !== null && readsAsMigrated(edited, text2, matched, to)) return edited;
  return rewritten(read.config, read.textConfig, from, to);
}
function readsAsMigrated(edited, text2, matched, to) {
  let after;
  try {
    after = parseBoth(edited).textConfig;
  } catch {
    return false;
  }
  const expected = parseBoth(text2).textConfig;
  machineTypePlaces(expected).forEach((meta, index) => {
    if (meta && matched[index]) meta.machine_type_id = to;
  });
  return isDeepStrictEqual(after, expected);
}
function rewritten(config, textConfig, from, to) {
  const written2 = machineTypePlaces(textConfig);
  machineTypePlaces(config).forEach((meta, index) => {
    if (meta && written2[index]?.machine_type_id === from) meta.machine_type_id = to;
  });
  return dumpServiceYml(config);
}
function workflowNames(config) {
  return isObject(config.workflows) ? Object.keys(config.workflows) : [];
}

// emulator/model/trigger-map.ts
function globMatch(pattern, value) {
  let p = 0;
  let v = 0;
  let star = -1;
  let resume = 0;
  while (v < value.length) {
    if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      resume = v;
    } else if (p < pattern.length && pattern[p] === value[v]) {
      p++;
      v++;
    } else if (star >= 0) {
      p = star + 1;
      v = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === "*") p++;
  return p === pattern.length;
}
function selectWorkflow(config, event) {
  if (!Array.isArray(config.trigger_map)) return null;
  for (const item of config.trigger_map) {
    if (!isObject(item) || typeof item.workflow !== "string") continue;
    if (event.pullRequest) {
      const source = item.pull_request_source_branch;
      const target = item.pull_request_target_branch;
      if (typeof source !== "string" && typeof target !== "string") continue;
      if (typeof source === "string" && !globMatch(source, event.pullRequest.sourceBranch ?? "")) continue;
      if (typeof target === "string" && !globMatch(target, event.pullRequest.targetBranch ?? "")) continue;
      return item.workflow;
    }
    if (event.tag !== void 0) {
      if (typeof item.tag === "string" && globMatch(item.tag, event.tag)) return item.workflow;
      continue;
    }
    if (event.branch !== void 0 && typeof item.push_branch === "string" && globMatch(item.push_branch, event.branch)) {
      return item.workflow;
    }
  }
  return null;
}

// emulator/model/events.ts
var MAX_EVENTS = 1e4;
function record(state2, at2, event) {
  if (state2.events.length >= MAX_EVENTS) state2.events.shift();
  state2.events.push({ seq: state2.nextEventSeq++, at: new Date(at2).toISOString(), ...event });
}
function emailDecision(state2, app, build2, outcome, at2) {
  const setting = outcome === "success" ? app.notifications.on_success : app.notifications.on_failure;
  if (setting === "never") return { setting, sent: false, reason: "setting is never" };
  if (setting === "always") return { setting, sent: true, reason: "setting is always" };
  const previous = latestFinishedBefore(state2.sameBranchBuilds(build2), build2, at2);
  if (!previous) return { setting, sent: true, reason: "no previous build on this branch" };
  const previousSucceeded = previous.status === 1 || previous.status === 4;
  const changed = previousSucceeded !== (outcome === "success");
  return { setting, sent: changed, reason: changed ? "status changed" : "status unchanged" };
}
function latestFinishedBefore(builds, build2, at2) {
  for (let i = builds.length - 1; i >= 0; i--) {
    if (builds[i].buildNumber >= build2.buildNumber) continue;
    const progress = progressOf(builds[i], at2);
    if (progress.status !== 0) return progress;
  }
  return void 0;
}
function statusReport(state2, build2, event, reportState, skip, at2) {
  const decision = skip ?? { sent: true, reason: "the app has a webhook" };
  record(state2, at2, {
    kind: "git_status_report",
    event,
    app: build2.appSlug,
    build: build2.slug,
    branch: build2.branch,
    commit_hash: build2.commitHash,
    state: reportState,
    ...decision
  });
  if (reportState !== "pending") build2.gitStatusReport = decision.sent ? reportState : null;
}
var skippedByTrigger = (build2) => build2.skipGitStatusReport ? { sent: false, reason: "skip_git_status_report was true at trigger" } : null;
function recordTrigger(state2, build2, at2) {
  statusReport(state2, build2, "trigger", "pending", skippedByTrigger(build2), at2);
}
function recordBuildEnd(state2, app, build2, at2) {
  statusReport(state2, build2, "build_end", build2.outcome, skippedByTrigger(build2), at2);
  const email = emailDecision(state2, app, build2, build2.outcome, at2);
  record(state2, at2, {
    kind: "email_notification",
    event: "build_end",
    app: app.slug,
    build: build2.slug,
    branch: build2.branch,
    outcome: build2.outcome,
    ...email
  });
}
function recordAbort(state2, app, build2, at2) {
  const abort3 = build2.abort;
  const outcome = abort3.withSuccess ? "success" : "failure";
  const skip = skippedByTrigger(build2) ?? (abort3.skipGitStatusReport ? { sent: false, reason: "skip_git_status_report was true at abort" } : null);
  statusReport(state2, build2, "abort", outcome, skip, at2);
  const email = abort3.skipNotifications ? {
    setting: outcome === "success" ? app.notifications.on_success : app.notifications.on_failure,
    sent: false,
    reason: "skip_notifications is true"
  } : emailDecision(state2, app, build2, outcome, at2);
  record(state2, at2, {
    kind: "email_notification",
    event: "abort",
    app: app.slug,
    build: build2.slug,
    branch: build2.branch,
    outcome,
    ...email
  });
  return email.sent;
}

// emulator/model/build-overrides.ts
function serviceMeta2(holder) {
  return isObject(holder) && isObject(holder.meta) && isObject(holder.meta.service) ? holder.meta.service : {};
}
function scalarText(value) {
  return typeof value === "string" && value !== "" || typeof value === "number" ? String(value) : null;
}
function runsOn(app, config, workflow, text2) {
  const own = serviceMeta2(isObject(config.workflows) ? config.workflows[workflow] : void 0);
  const top = serviceMeta2(config);
  return {
    stackIdentifier: text2.stack ?? scalarText(own.stack) ?? scalarText(top.stack) ?? app.stackId,
    machineTypeId: text2.machine_type_id ?? scalarText(own.machine_type_id) ?? scalarText(top.machine_type_id)
  };
}

// emulator/model/builds.ts
var parsedConfigs = /* @__PURE__ */ new Map();
var MAX_PARSED_CONFIGS = 256;
function parsedConfig(text2) {
  let config = parsedConfigs.get(text2);
  if (!config) {
    config = parseServiceYml(text2);
    if (parsedConfigs.size >= MAX_PARSED_CONFIGS) parsedConfigs.delete(parsedConfigs.keys().next().value);
    parsedConfigs.set(text2, config);
  }
  return config;
}
function configForBuild(app) {
  if (app.configLocation === "repository" && !app.repositoryHasConfig) {
    throw invalid(
      `the configuration file service.yml was not found in the repository of app "${app.slug}" (the configuration location is "repository")`
    );
  }
  try {
    return parsedConfig(app.serviceYml);
  } catch (error) {
    if (error instanceof ConfigLimitError)
      throw invalid(`the app's service.yml is over the emulator's limits: ${error.message}`);
    throw invalid(`the app's service.yml is not valid: ${error.message.split("\n")[0]}`);
  }
}
function chooseWorkflow(config, request) {
  const { text: text2 } = request;
  if (text2.workflow_id) {
    const known = workflowNames(config);
    if (known.length > 0 && !known.includes(text2.workflow_id)) {
      throw invalid(`build_params.workflow_id: workflow "${text2.workflow_id}" is not defined in the configuration`);
    }
    return text2.workflow_id;
  }
  const selected = selectWorkflow(config, {
    branch: text2.branch,
    tag: text2.tag,
    pullRequest: request.pullRequestId !== null ? { sourceBranch: text2.branch, targetBranch: text2.branch_dest } : void 0
  });
  if (selected === null) {
    throw invalid(
      "no trigger map item matched the given branch, tag or pull request; set build_params.workflow_id or add a trigger_map item"
    );
  }
  return selected;
}
function effectiveEnvironment(app, additional, buildSecrets = []) {
  const effectiveEnv = {};
  const envSources = {};
  const set = (name, value, source) => {
    effectiveEnv[name] = value;
    envSources[name] = source;
  };
  for (const item of additional) set(item.name, REDACTED, "additional");
  for (const [name, value] of Object.entries(app.envs)) set(name, value, "app");
  for (const name of Object.keys(app.secrets)) set(name, "[secret]", "secret");
  for (const item of buildSecrets) set(item.name, "[secret]", "build_secret");
  return { effectiveEnv, envSources };
}
function checkoutOf(app, text2) {
  if (text2.pull_request_merge_branch)
    return { kind: "pull_request_merge_branch", value: text2.pull_request_merge_branch };
  if (text2.branch_dest || text2.pull_request_repository_url) {
    const fork = text2.pull_request_repository_url !== void 0 && text2.pull_request_repository_url !== app.repoUrl;
    return {
      kind: "merge",
      value: fork ? `${text2.pull_request_repository_url} ${text2.branch ?? ""}`.trim() : text2.commit_hash ?? text2.branch ?? "",
      into: text2.branch_dest ?? ""
    };
  }
  if (text2.commit_hash) return { kind: "commit_hash", value: text2.commit_hash };
  if (text2.tag) return { kind: "tag", value: text2.tag };
  if (text2.branch) return { kind: "branch", value: text2.branch };
  return { kind: "default_branch", value: app.defaultBranch };
}
function runningCount(state2, app, now) {
  let count = 0;
  for (const b of state2.unended)
    if (b.appSlug === app.slug && !b.abort && b.startedAt !== null && now < b.startedAt + b.durationMs) count++;
  return count;
}
function hasFreeSlot(state2, app, now) {
  return app.concurrency === null || runningCount(state2, app, now) < app.concurrency;
}
function triggerBuild(state2, app, request, now, defaultDurationMs, buildRequest = null) {
  const config = configForBuild(app);
  const workflow = chooseWorkflow(config, request);
  const { text: text2 } = request;
  const free = hasFreeSlot(state2, app, now);
  const build2 = {
    slug: randomBytes6(8).toString("hex"),
    appSlug: app.slug,
    buildNumber: app.nextBuildNumber++,
    triggeredAt: now,
    startedAt: free ? now : null,
    durationMs: request.durationMs ?? defaultDurationMs,
    ...request.logBytesPerSecond ? { logBytesPerSecond: request.logBytesPerSecond } : {},
    creditsPerMinute: app.creditsPerMinute,
    outcome: request.outcome ?? app.buildOutcome,
    triggeredWorkflow: workflow,
    branch: text2.branch ?? null,
    commitHash: text2.commit_hash ?? null,
    tag: text2.tag ?? null,
    pullRequestId: request.pullRequestId,
    checkout: checkoutOf(app, text2),
    originalParams: request.originalParams,
    additionalEnvs: request.environments,
    ...effectiveEnvironment(app, request.environments, request.secrets),
    ...runsOn(app, config, workflow, text2),
    priority: request.priority ?? 0,
    skipGitStatusReport: request.skipGitStatusReport,
    buildRequest,
    gitStatusReport: null,
    ended: false,
    abort: null
  };
  state2.addBuild(build2);
  recordTrigger(state2, build2, now);
  return build2;
}
function startHeldBuilds(state2, now) {
  const waiting = [...state2.unended].filter((b) => b.startedAt === null && !b.abort).sort((a, b) => b.priority - a.priority || a.buildNumber - b.buildNumber);
  for (const build2 of waiting) {
    const app = state2.apps.get(build2.appSlug);
    if (app && hasFreeSlot(state2, app, now)) build2.startedAt = now;
  }
}
function abortBuild(state2, app, build2, caller, request, now) {
  settleBuilds(state2, now);
  const progress = progressOf(build2, now);
  if (progress.status !== 0) {
    throw conflict(`build "${build2.slug}" has already finished (${progress.statusText}) and cannot be aborted`);
  }
  build2.abort = { at: now, ...request, notificationSent: false, by: caller };
  build2.ended = true;
  build2.abort.notificationSent = recordAbort(state2, app, build2, now);
}
function settleBuilds(state2, now) {
  const ended = [];
  for (const build2 of state2.unended) {
    if (build2.ended) state2.unended.delete(build2);
    else if (build2.startedAt !== null && now >= build2.startedAt + build2.durationMs) {
      state2.unended.delete(build2);
      ended.push(build2);
    }
  }
  ended.sort((a, b) => a.startedAt + a.durationMs - (b.startedAt + b.durationMs) || a.buildNumber - b.buildNumber);
  for (const build2 of ended) {
    build2.ended = true;
    const app = state2.apps.get(build2.appSlug);
    if (app) recordBuildEnd(state2, app, build2, build2.startedAt + build2.durationMs);
  }
  startHeldBuilds(state2, now);
}

// emulator/model/build-requests.ts
function needsApproval(app, request) {
  const source = request.text.branch_repo_owner;
  const dest = request.text.branch_dest_repo_owner;
  if (app.manualApproval && app.holdWithoutOwners && !request.pullRequestId && !source && !dest) return true;
  if (!app.manualApproval || !request.pullRequestId) return false;
  return !source || !dest || source.toLowerCase() !== dest.toLowerCase();
}
function holdForApproval(state2, app, request, now) {
  chooseWorkflow(configForBuild(app), request);
  const record2 = {
    slug: randomBytes7(8).toString("hex"),
    appSlug: app.slug,
    createdAt: now,
    trigger: request,
    decision: null
  };
  state2.buildRequests.set(record2.slug, record2);
  return record2;
}
function openBuildRequests(state2, app) {
  return [...state2.buildRequests.values()].filter((r) => r.appSlug === app.slug && r.decision === null).sort((a, b) => a.createdAt - b.createdAt);
}
function decideBuildRequest(state2, app, caller, requestSlug, approve, now, defaultDurationMs) {
  const request = state2.buildRequests.get(requestSlug);
  if (!request || request.appSlug !== app.slug || request.decision !== null)
    throw notFound(`no open build request "${requestSlug}" for app "${app.slug}"`);
  const build2 = approve ? triggerBuild(state2, app, request.trigger, now, defaultDurationMs, request.slug) : null;
  request.decision = {
    approved: approve,
    at: now,
    by: caller,
    buildSlug: build2?.slug ?? null,
    reason: approve ? null : `rejected by ${caller}`
  };
  return { request, build: build2 };
}

// emulator/model/pipelines.ts
import { createHash as createHash5, randomUUID } from "node:crypto";

// emulator/model/pipeline-plan.ts
var MAX_PIPELINE_WORKFLOWS = 200;
var ALWAYS_RUN = ["off", "none", "workflow"];
var NOT_EMULATED = ["uses", "inputs", "parallel"];
var BOOLEAN_TEXT = /^(true|false|yes|no|on|off|y|n)$/i;
var asList = (value) => Array.isArray(value) ? value : [];
var nameOf = (item) => typeof item === "string" ? item : isObject(item) ? Object.keys(item)[0] : void 0;
function readPipeline(config, id) {
  const pipelines = isObject(config.pipelines) ? config.pipelines : {};
  if (!Object.hasOwn(pipelines, id)) return void 0;
  const definition = pipelines[id];
  if (definition !== null && !isObject(definition)) return { error: `pipeline "${id}" must be a mapping` };
  const stages = asList(definition?.stages);
  const workflows = isObject(definition?.workflows) ? Object.keys(definition.workflows) : [];
  if (stages.length > 0 && workflows.length > 0)
    return { error: `pipeline "${id}" has both stages and workflows; a pipeline has one or the other` };
  if (stages.length > 0) return stagePlan(config, id, stages);
  if (definition?.workflows !== void 0 && definition.workflows !== null && !isObject(definition.workflows)) {
    return { error: `pipeline "${id}": workflows must be a mapping of workflow names` };
  }
  if (workflows.length > 0) return graphPlan(config, id, definition.workflows);
  return { empty: `pipeline "${id}" has no stages and no workflows, so it cannot be started` };
}
function stagePlan(config, id, entries) {
  const shared = isObject(config.stages) ? config.stages : {};
  const stages = entries.map((entry) => {
    const name = nameOf(entry) ?? "";
    const inline = isObject(entry) && isObject(entry[name]) ? entry[name].workflows : void 0;
    const own = Object.hasOwn(shared, name) && isObject(shared[name]) ? shared[name].workflows : void 0;
    const workflows = asList(inline ?? own).map(nameOf).filter((w) => Boolean(w));
    return { name, workflows };
  });
  if (stages.some((s) => s.name === "" || s.workflows.length === 0))
    return { error: `pipeline "${id}" has a stage without a name or without workflows` };
  const planned = [];
  let before = [];
  for (const stage of stages) {
    const start = planned.length;
    for (const name of stage.workflows) planned.push({ name, stage: stage.name, needs: before, alwaysRun: false });
    before = stage.workflows.map((_, i) => start + i);
  }
  return { plan: { kind: "stages", workflows: planned } };
}
function graphPlan(config, id, entries) {
  const names = Object.keys(entries);
  if (names.length > MAX_PIPELINE_WORKFLOWS)
    return { error: `pipeline "${id}" has ${names.length} workflows; at most ${MAX_PIPELINE_WORKFLOWS} are allowed` };
  const defined2 = isObject(config.workflows) ? config.workflows : {};
  const planned = [];
  for (const name of names) {
    const where = `workflow "${name}" of pipeline "${id}"`;
    if (name.startsWith("_")) return { error: `${where} is a utility workflow, which a pipeline cannot run` };
    if (!Object.hasOwn(defined2, name)) return { error: `${where} is not defined under workflows` };
    const entry = entries[name] ?? {};
    if (!isObject(entry)) return { error: `${where} must be a mapping` };
    const problem = fieldProblem(entry, names);
    if (problem) return { error: `${where}: ${problem}` };
    const alwaysRun = entry.should_always_run === "workflow";
    planned.push({
      name,
      stage: null,
      needs: asList(entry.depends_on).map((d) => names.indexOf(d)),
      alwaysRun
    });
  }
  const cycle = cycleOf(planned);
  return cycle ? {
    error: `pipeline "${id}": the dependency between workflow "${cycle[0]}" and workflow "${cycle[1]}" creates a cycle`
  } : { plan: { kind: "graph", workflows: planned } };
}
function fieldProblem(entry, names) {
  const skipped = NOT_EMULATED.find((field) => entry[field] !== void 0);
  if (skipped) return `${skipped} is not emulated`;
  const needs = entry.depends_on;
  if (needs !== void 0 && needs !== null) {
    if (!Array.isArray(needs) || needs.some((d) => typeof d !== "string"))
      return "depends_on must be a list of workflow names";
    const seen = /* @__PURE__ */ new Set();
    for (const d of needs) {
      if (seen.has(d)) return `"${d}" is listed twice in depends_on`;
      seen.add(d);
      if (!names.includes(d)) return `depends_on names "${d}", which is not a workflow of this pipeline`;
    }
  }
  const always = entry.should_always_run;
  if (always !== void 0 && always !== null && !ALWAYS_RUN.includes(always))
    return `should_always_run must be one of ${ALWAYS_RUN.join(", ")}`;
  if (entry.run_if !== void 0 && entry.run_if !== null && !(isObject(entry.run_if) && (entry.run_if.expression === void 0 || typeof entry.run_if.expression === "string"))) {
    return "run_if must be a mapping with an expression";
  }
  const abort3 = entry.abort_on_fail;
  if (abort3 !== void 0 && abort3 !== null && !(typeof abort3 === "string" && BOOLEAN_TEXT.test(abort3)))
    return "abort_on_fail must be true or false";
  return void 0;
}
function cycleOf(workflows) {
  const state2 = workflows.map(() => 0);
  const visit2 = (i) => {
    state2[i] = 1;
    for (const need of workflows[i].needs) {
      if (state2[need] === 1) return [need, i];
      if (state2[need] === 0) {
        const found2 = visit2(need);
        if (found2) return found2;
      }
    }
    state2[i] = 2;
    return void 0;
  };
  for (let i = 0; i < workflows.length; i++) {
    const found2 = state2[i] === 0 ? visit2(i) : void 0;
    if (found2) return [workflows[found2[0]].name, workflows[found2[1]].name].sort();
  }
  return void 0;
}
function runOrder(plan) {
  const order = [];
  const placed = /* @__PURE__ */ new Set();
  const place = (i) => {
    if (placed.has(i)) return;
    placed.add(i);
    for (const need of plan.workflows[i].needs) place(need);
    order.push(i);
  };
  plan.workflows.forEach((_, i) => place(i));
  return order;
}

// emulator/model/pipelines.ts
function triggerPipeline(state2, app, request, now, stageDurationMs) {
  const name = request.text.pipeline_id;
  const reading = readPipeline(configForBuild(app), name);
  if (!reading) throw invalid(`build_params.pipeline_id: pipeline "${name}" is not defined in the configuration`);
  if (!("plan" in reading)) throw invalid("error" in reading ? reading.error : reading.empty);
  const heldFor = needsApproval(app, request) ? "approval" : hasFreeSlot(state2, app, now) ? void 0 : "slot";
  const pipeline = {
    id: randomUUID(),
    appSlug: app.slug,
    name,
    number: app.nextBuildNumber++,
    plan: reading.plan,
    attempts: [{ number: 1, at: now, startedAt: heldFor ? null : now, heldFor, kept: /* @__PURE__ */ new Map(), builds: /* @__PURE__ */ new Map() }],
    stageDurationMs: request.durationMs ?? stageDurationMs,
    triggerParams: request.originalParams,
    request,
    abort: null
  };
  state2.pipelines.set(pipeline.id, pipeline);
  return pipeline;
}
function startSlotHeldPipelines(state2, now) {
  const waiting = [...state2.pipelines.values()].filter(
    (p) => !p.abort && p.attempts.at(-1).heldFor === "slot" && p.attempts.at(-1).startedAt === null
  );
  for (const pipeline of waiting.sort((a, b) => a.number - b.number)) {
    const app = state2.apps.get(pipeline.appSlug);
    const attempt = pipeline.attempts.at(-1);
    if (app && hasFreeSlot(state2, app, now)) {
      attempt.startedAt = now;
      attempt.heldFor = void 0;
    }
  }
}
function workflowId(pipeline, attempt, name) {
  return attempt.kept.get(name)?.id ?? createHash5("sha256").update(`${pipeline.id}/${attempt.number}/${name}`).digest("hex").slice(0, 16);
}
function pipelineView(app, pipeline, now) {
  const attempt = pipeline.attempts[pipeline.attempts.length - 1];
  const cut = pipeline.abort ? Math.min(now, pipeline.abort.at) : now;
  const ended = [];
  const views = [];
  let failed = false;
  const waiting = pipeline.abort ? "aborted" : "pending";
  for (const i of runOrder(pipeline.plan)) {
    const planned = pipeline.plan.workflows[i];
    const show = (status, startedAt = null, clean = false) => {
      views[i] = workflowView(pipeline, attempt, planned, status, startedAt, clean);
    };
    const needs = planned.needs.map((j) => ended[j]);
    if (attempt.kept.has(planned.name)) {
      ended[i] = { at: attempt.startedAt ?? attempt.at, clean: true };
      show("succeeded", null, true);
    } else if (attempt.startedAt === null) show(pipeline.abort ? "aborted" : "on_hold");
    else if (needs.some((n) => n === void 0)) show(waiting);
    else {
      const ready = Math.max(attempt.startedAt, ...needs.map((n) => n.at));
      const clean = needs.every((n) => n.clean);
      if (!clean && !planned.alwaysRun) {
        ended[i] = { at: ready, clean: false };
        show("skipped");
      } else if (cut < ready) show(waiting);
      else if (cut < ready + pipeline.stageDurationMs) show(pipeline.abort ? "aborted" : "running", ready);
      else {
        const fails = workflowFails(app, attempt, planned.name);
        failed ||= fails;
        ended[i] = { at: ready + pipeline.stageDurationMs, clean: clean && !fails };
        show(fails ? "failed" : "succeeded", ready, clean && !fails);
      }
    }
  }
  return { ...pipelineStatus(pipeline, attempt, ended, failed), workflows: views, stages: stagesOf(pipeline, views) };
}
function pipelineStatus(pipeline, attempt, ended, failed) {
  if (pipeline.abort)
    return { status: pipeline.abort.withSuccess ? "succeeded_with_abort" : "aborted", finishedAt: pipeline.abort.at };
  if (attempt.startedAt === null) return { status: "on_hold", finishedAt: null };
  if (pipeline.plan.workflows.some((_, i) => ended[i] === void 0)) return { status: "running", finishedAt: null };
  const finishedAt = Math.max(attempt.startedAt, ...ended.map((e) => e.at));
  return { status: failed ? "failed" : "succeeded", finishedAt };
}
function stagesOf(pipeline, views) {
  const stages = [];
  pipeline.plan.workflows.forEach((planned, i) => {
    if (planned.stage === null) return;
    if (i === 0 || pipeline.plan.workflows[i - 1].needs !== planned.needs)
      stages.push({ name: planned.stage, workflows: [] });
    stages.at(-1).workflows.push(views[i]);
  });
  return stages;
}
function workflowFails(app, attempt, name) {
  return app?.buildOutcome === "failure" || attempt.number === 1 && (app?.flakyWorkflows ?? []).includes(name);
}
function workflowView(pipeline, attempt, planned, status, startedAt, clean) {
  const kept = attempt.kept.get(planned.name);
  return {
    id: workflowId(pipeline, attempt, planned.name),
    externalId: kept?.externalId ?? attempt.builds.get(planned.name) ?? "",
    name: planned.name,
    stage: planned.stage,
    dependsOn: planned.needs.length > 0 && planned.stage === null ? planned.needs.map((j) => pipeline.plan.workflows[j].name) : [],
    status,
    startedAt,
    clean
  };
}
function abortPipeline(app, pipeline, caller, request, now) {
  const { status } = pipelineView(app, pipeline, now);
  if (status !== "running" && status !== "on_hold")
    throw conflict(`pipeline "${pipeline.id}" has already finished (${status}) and cannot be aborted`);
  pipeline.abort = { at: now, ...request, by: caller };
}
function rebuildPipeline(app, pipeline, partial, now, delayMs = 0) {
  if (pipeline.rebuild) throw conflict(`pipeline "${pipeline.id}" is already being rebuilt`);
  const view = pipelineView(app, pipeline, now);
  if (view.status === "running" || view.status === "on_hold")
    throw conflict(`pipeline "${pipeline.id}" is still ${view.status} and cannot be rebuilt`);
  if (partial && view.status === "succeeded")
    throw conflict(`pipeline "${pipeline.id}" succeeded: a partial rebuild has nothing to run`);
  pipeline.attempts[pipeline.attempts.length - 1].endStatus = view.status;
  pipeline.rebuild = { at: now + Math.max(0, delayMs), partial };
  if (delayMs <= 0) startRebuild(app, pipeline);
}
function startRebuilds(state2, now) {
  for (const pipeline of state2.pipelines.values()) {
    const app = state2.apps.get(pipeline.appSlug);
    if (app && pipeline.rebuild && pipeline.rebuild.at <= now) startRebuild(app, pipeline);
  }
}
function startRebuild(app, pipeline) {
  const { at: at2, partial } = pipeline.rebuild;
  const kept = /* @__PURE__ */ new Map();
  if (partial) {
    for (const w of pipelineView(app, pipeline, at2).workflows)
      if (w.clean) kept.set(w.name, { id: w.id, externalId: w.externalId });
  }
  pipeline.attempts.push({ number: pipeline.attempts.length + 1, at: at2, startedAt: at2, kept, builds: /* @__PURE__ */ new Map() });
  pipeline.abort = null;
  pipeline.rebuild = void 0;
}

// emulator/model/pipeline-builds.ts
import { randomBytes as randomBytes8 } from "node:crypto";
function settlePipelineBuilds(state2, now) {
  for (const pipeline of state2.pipelines.values()) {
    const app = state2.apps.get(pipeline.appSlug);
    if (app) startedWorkflowBuilds(state2, app, pipeline, now);
  }
}
function startedWorkflowBuilds(state2, app, pipeline, now) {
  const attempt = pipeline.attempts[pipeline.attempts.length - 1];
  if (attempt.startedAt === null || attempt.builds.size === pipeline.plan.workflows.length) return;
  for (const workflow of pipelineView(app, pipeline, now).workflows) {
    if (workflow.startedAt === null || attempt.builds.has(workflow.name)) continue;
    const build2 = workflowBuild(app, pipeline, workflow, workflow.startedAt, workflowFails(app, attempt, workflow.name));
    state2.addBuild(build2);
    recordTrigger(state2, build2, workflow.startedAt);
    attempt.builds.set(workflow.name, build2.slug);
  }
}
function workflowBuild(app, pipeline, workflow, startedAt, fails) {
  const { text: text2, pullRequestId, environments, secrets, priority, originalParams, skipGitStatusReport } = pipeline.request;
  return {
    slug: randomBytes8(8).toString("hex"),
    appSlug: app.slug,
    // A pipeline's workflow builds carry the pipeline's number (bitrise-io/bitrise-mcp
    // devenv/test-responses list_builds.json: three builds of one pipeline, build_number 324527 each).
    buildNumber: pipeline.number,
    triggeredAt: startedAt,
    startedAt,
    durationMs: pipeline.stageDurationMs,
    creditsPerMinute: app.creditsPerMinute,
    outcome: fails ? "failure" : "success",
    triggeredWorkflow: workflow.name,
    branch: text2.branch ?? null,
    commitHash: text2.commit_hash ?? null,
    tag: text2.tag ?? null,
    pullRequestId,
    checkout: checkoutOf(app, text2),
    originalParams,
    additionalEnvs: environments,
    ...effectiveEnvironment(app, environments, secrets),
    ...runsOn(app, configForBuild(app), workflow.name, text2),
    priority: priority ?? 0,
    skipGitStatusReport,
    buildRequest: null,
    gitStatusReport: null,
    ended: false,
    abort: null,
    pipelineWorkflowId: workflow.id
  };
}
function abortWorkflowBuilds(state2, app, pipeline, now) {
  const { abort: abort3 } = pipeline;
  if (abort3 === null) return;
  startedWorkflowBuilds(state2, app, pipeline, now);
  const attempt = pipeline.attempts[pipeline.attempts.length - 1];
  for (const slug of attempt.builds.values()) {
    const build2 = state2.builds.get(slug);
    if (!build2 || progressOf(build2, now).status !== 0) continue;
    const { reason, withSuccess, skipNotifications } = abort3;
    abortBuild(state2, app, build2, abort3.by, { reason, withSuccess, skipNotifications, skipGitStatusReport: false }, now);
  }
}

// emulator/model/history.ts
var DEFAULT_MAX_BUILDS = 1e4;
var EVENTS_PER_BUILD = 4;
function trimHistory(state2, maxBuilds) {
  if (state2.builds.size > maxBuilds) {
    for (const build2 of state2.builds.values()) {
      if (state2.builds.size <= maxBuilds) break;
      state2.deleteBuild(build2);
    }
  }
  const maxEvents = Math.max(1, maxBuilds) * EVENTS_PER_BUILD;
  if (state2.events.length > maxEvents) state2.events.splice(0, state2.events.length - maxEvents);
}

// emulator/model/config-validation.ts
function checkConfiguration(text2, offer) {
  const config = readConfig(text2);
  const lines = text2.split("\n");
  const findings = { errors: [], warnings: [] };
  if (config.format_version === void 0)
    findings.warnings.push("format_version is not set; the newest format is assumed");
  const workflows = isObject(config.workflows) ? Object.keys(config.workflows) : [];
  if (workflows.length === 0)
    findings.errors.push(`${at(lines, /^workflows\s*:/)}the configuration defines no workflows; no build can run`);
  checkTriggerMap(config, lines, workflows, findings);
  checkPipelines(config, lines, findings);
  if (offer === null) {
    findings.warnings.push("no app_slug was given: stacks and machine types were not checked against an app");
  } else {
    checkOffered(lines, usedValues(config, "stack"), "stack", offer.stacks, findings);
    checkOffered(lines, usedValues(config, "machine_type_id"), "machine_type_id", offer.machineTypes, findings);
  }
  return findings;
}
function readConfig(text2) {
  try {
    return parseServiceYml(text2);
  } catch (error) {
    if (error instanceof ConfigLimitError) throw unreadable(error.message);
    const e = error;
    const place = typeof e.mark?.line === "number" ? `line ${e.mark.line + 1}, column ${(e.mark.column ?? 0) + 1}: ` : "";
    throw unreadable(`${place}${e.reason ?? (e.message ?? String(error)).split("\n")[0]}`);
  }
}
function at(lines, pattern, from = 1) {
  const index = lines.findIndex((line, i) => i >= from - 1 && pattern.test(line));
  return index < 0 ? "" : `line ${index + 1}: `;
}
function keyValue(key, value) {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\s*(?:-\\s+)?${key}\\s*:\\s*(["']?)${escaped}\\1\\s*(?:#.*)?\\r?$`);
}
function usedValues(config, key) {
  const metas = [config, ...isObject(config.workflows) ? Object.values(config.workflows) : []].map(
    (holder) => isObject(holder) && isObject(holder.meta) && isObject(holder.meta.service) ? holder.meta.service[key] : void 0
  );
  return new Set(metas.filter((value) => typeof value === "string" && value !== ""));
}
function checkOffered(lines, used, key, offered, findings) {
  if (offered === null) return;
  const what = key === "stack" ? "stack" : "machine type";
  for (const value of used) {
    if (offered.has(value)) continue;
    const pattern = keyValue(key, value);
    const where = lines.flatMap((line, index) => pattern.test(line) ? [index + 1] : []);
    const reason = `${what} "${value}" is not available to this app; available: ${[...offered].join(", ")}`;
    if (where.length === 0) findings.errors.push(reason);
    for (const line of where) findings.errors.push(`line ${line}: ${reason}`);
  }
}
function checkPipelines(config, lines, findings) {
  if (!isObject(config.pipelines)) return;
  const start = lines.findIndex((line) => /^pipelines\s*:/.test(line)) + 1;
  for (const id of Object.keys(config.pipelines)) {
    const reading = readPipeline(config, id);
    if (!reading || "plan" in reading) continue;
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const place = start > 0 ? at(lines, new RegExp(`^\\s+["']?${escaped}["']?\\s*:`), start + 1) : "";
    if ("error" in reading) findings.errors.push(`${place}${reading.error}`);
    else findings.warnings.push(`${place}${reading.empty}`);
  }
}
function checkTriggerMap(config, lines, workflows, findings) {
  if (config.trigger_map === void 0) return;
  const start = lines.findIndex((line) => /^trigger_map\s*:/.test(line)) + 1;
  if (!Array.isArray(config.trigger_map)) {
    findings.errors.push(`${at(lines, /^trigger_map\s*:/)}trigger_map must be a list of items`);
    return;
  }
  const pipelines = isObject(config.pipelines) ? Object.keys(config.pipelines) : [];
  let from = start + 1;
  config.trigger_map.forEach((item, index) => {
    if (!isObject(item)) return;
    for (const [key, defined2] of [
      ["workflow", workflows],
      ["pipeline", pipelines]
    ]) {
      const name = item[key];
      if (typeof name !== "string") continue;
      const found2 = lines.findIndex((line, i) => i >= from - 1 && keyValue(key, name).test(line));
      if (found2 >= 0) from = found2 + 2;
      if (defined2.includes(name)) continue;
      const known = defined2.length > 0 ? `; defined: ${defined2.join(", ")}` : "";
      findings.errors.push(
        `${found2 >= 0 ? `line ${found2 + 1}: ` : ""}trigger_map item ${index + 1} names ${key} "${name}", which the configuration does not define${known}`
      );
    }
  });
}

// emulator/model/settings.ts
function uploadConfig(app, text2) {
  app.serviceYml = text2;
}
function setConfigLocation(app, location) {
  app.configLocation = location;
}
function setGroupRole(state2, app, role, groups) {
  const org = app.owner.account_type === "organization" ? state2.organizations.get(app.owner.slug) : void 0;
  for (const slug of groups) {
    if (!org?.groups.has(slug))
      throw unknownReference(`groups: "${slug}" is not a group of the Workspace that owns app "${app.slug}"`);
  }
  app.groupRoles[role] = [...new Set(groups)];
  return [...app.groupRoles[role]];
}
function setNotifications(app, choices) {
  if (choices.on_failure !== void 0) app.notifications.on_failure = choices.on_failure;
  if (choices.on_success !== void 0) app.notifications.on_success = choices.on_success;
}
function migrateMachineTypes(state2, owner, from, to) {
  const result = { migrated: [], errors: [] };
  for (const app of state2.apps.values()) {
    if (app.owner.account_type !== owner.account_type || app.owner.slug !== owner.slug) continue;
    const label = `${app.title} (${app.slug})`;
    try {
      const text2 = migrateMachineType(app.serviceYml, from, to);
      if (text2 !== null) {
        app.serviceYml = text2;
        result.migrated.push(label);
      }
    } catch (error) {
      const reason = error instanceof ConfigLimitError ? error.message : `configuration is not valid YAML: ${error.message.split("\n")[0]}`;
      result.errors.push({ app: label, error: reason });
    }
  }
  return result;
}

// emulator/model/model.ts
var MemoryModel = class {
  constructor(seed, options) {
    this.options = options;
    this.state = new EmulatorState(seed);
    this.oidc = new OidcWorld(seed.oidc ?? {}, this.state);
  }
  options;
  state;
  oidc;
  now() {
    return this.options.now();
  }
  settle() {
    startRebuilds(this.state, this.now());
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
  uploadConfig(app, text2) {
    uploadConfig(app, text2);
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
  validateConfig(caller, appSlug, text2) {
    if (appSlug !== void 0) {
      const app = this.state.apps.get(appSlug);
      if (!app || this.state.roleOf(caller, app) === null)
        throw notFound(`app "${appSlug}" not found or not visible to you`);
    }
    return checkConfiguration(text2, appSlug === void 0 ? null : this.state.offer);
  }
  triggerBuild(app, request) {
    if (needsApproval(app, request)) return holdForApproval(this.state, app, request, this.now());
    const build2 = triggerBuild(this.state, app, request, this.now(), this.options.buildDurationMs);
    this.settle();
    return build2;
  }
  setConcurrency(app, slots) {
    app.concurrency = slots;
    startHeldBuilds(this.state, this.now());
    startSlotHeldPipelines(this.state, this.now());
  }
  abortBuild(caller, app, build2, request) {
    abortBuild(this.state, app, build2, caller, request, this.now());
  }
  decideBuildRequest(caller, app, requestSlug, approve) {
    return decideBuildRequest(this.state, app, caller, requestSlug, approve, this.now(), this.options.buildDurationMs);
  }
  artifacts(app, build2) {
    return artifactsOf(app, build2, this.now());
  }
  setPublicPage(build2, artifactSlug, enabled) {
    setPublicPage(build2, artifactSlug, enabled);
  }
  triggerPipeline(app, request) {
    return triggerPipeline(this.state, app, request, this.now(), this.options.buildDurationMs);
  }
  abortPipeline(caller, app, pipeline, request) {
    abortPipeline(app, pipeline, caller, request, this.now());
    abortWorkflowBuilds(this.state, app, pipeline, this.now());
  }
  rebuildPipeline(app, pipeline, partial) {
    rebuildPipeline(app, pipeline, partial, this.now(), this.options.rebuildDelayMs);
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
};

// emulator/routes/account.ts
var PROFILE = { kind: "caller", rule: "any caller; a token of no user (an OIDC trust policy's) gets 404" };
var WORKSPACE_RECORD = {
  kind: "caller",
  rule: "Workspace owner or group member; anyone else gets 404, as for a Workspace that does not exist"
};
function me(ctx) {
  const user = ctx.model.state.users.get(ctx.user);
  if (!user) throw new HttpError(404, "this token belongs to no user");
  return { status: 200, json: { data: { slug: user.slug, username: user.slug, avatar_url: null } } };
}
function organization2(ctx) {
  const state2 = ctx.model.state;
  const org = state2.organizations.get(ctx.params.org);
  if (!org || !state2.isWorkspaceMember(ctx.user, org))
    throw new HttpError(404, `organization "${ctx.params.org}" not found`);
  const owners = [...org.owners].map((slug) => ({ slug, username: slug }));
  return { status: 200, json: { data: { slug: org.slug, name: org.name, owners } } };
}
var accountRoutes = [
  { method: "GET", pattern: "/me", access: PROFILE, handler: me },
  { method: "GET", pattern: "/organizations/:org", access: WORKSPACE_RECORD, handler: organization2 }
];

// emulator/routes/ai-summary.ts
function getAiSummary(ctx) {
  const nothing = notFound2("not found: the build does not exist, you may not see it, or it has no AI summary");
  const build2 = ctx.model.state.builds.get(ctx.params.build);
  if (!build2) throw nothing;
  const app = ctx.model.state.apps.get(build2.appSlug);
  if (!app || ctx.model.state.roleOf(ctx.user, app) === null) throw nothing;
  const progress = progressOf(build2, ctx.model.now());
  if (!app.aiSummary || progress.status !== 2) throw nothing;
  if (ctx.model.now() < (progress.finishedAt ?? 0) + (app.aiSummaryDelayMs ?? 0)) throw nothing;
  return { status: 200, json: app.aiSummaryShape === "three_parts" ? partsOf(build2) : { summary: summaryOf(build2) } };
}
function summaryOf(build2) {
  const message = typeof build2.originalParams.commit_message === "string" ? build2.originalParams.commit_message : "";
  const change = message === "" ? "the commit it built" : `the change "${message}"`;
  return `The ${build2.triggeredWorkflow} workflow failed in its script step, which exited with status 1 after ${change}. Run the step locally to see the failing test.`;
}
function partsOf(build2) {
  const message = typeof build2.originalParams.commit_message === "string" ? build2.originalParams.commit_message : "";
  return {
    failure_details: `The ${build2.triggeredWorkflow} workflow failed in its script step, which exited with status 1.`,
    reason: message === "" ? "A test failed after the commit it built." : `A test failed after the change "${message}".`,
    suggested_solution: "Run the step locally to see the failing test, fix it, and push again."
  };
}
var ROLE_ON_BUILDS_APP = {
  kind: "caller",
  rule: "any role on the build's app; anyone else gets the 404 of a build without a summary"
};
var aiSummaryRoutes = [
  {
    method: "GET",
    pattern: "/builds/:build/ai-summary",
    access: ROLE_ON_BUILDS_APP,
    errorStyle: "error_msg",
    handler: getAiSummary
  }
];

// emulator/model/app-lists.ts
var MAX_LISTS = 64;
var AppListCache = class {
  revision = -1;
  size = -1;
  lists = /* @__PURE__ */ new Map();
  get(state2, key, build2) {
    if (state2.revision !== this.revision || state2.apps.size !== this.size) {
      this.lists.clear();
      this.revision = state2.revision;
      this.size = state2.apps.size;
    }
    let list = this.lists.get(key);
    if (!list) {
      const apps = build2();
      list = { apps, position: new Map(apps.map((app, index) => [app.slug, index])) };
      if (this.lists.size >= MAX_LISTS) this.lists.delete(this.lists.keys().next().value);
      this.lists.set(key, list);
    }
    return list;
  }
};
var caches = /* @__PURE__ */ new WeakMap();
function appList(state2, key, build2) {
  let cache = caches.get(state2);
  if (!cache) caches.set(state2, cache = new AppListCache());
  return cache.get(state2, key, build2);
}

// emulator/http/paging.ts
var MAX_PAGE = 50;
function pageOf(ctx, items, keyOf, view, positionOf = (key) => {
  const at2 = items.findIndex((item) => keyOf(item) === key);
  return at2 < 0 ? void 0 : at2;
}) {
  const limitText = ctx.query.get("limit");
  let limit = MAX_PAGE;
  if (limitText !== null) {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_PAGE) {
      throw badRequest(`limit must be an integer from 1 to ${MAX_PAGE}; got "${limitText}"`);
    }
    limit = Number(limitText);
  }
  let start = 0;
  const next = ctx.query.get("next");
  if (next !== null && next !== "") {
    const found2 = positionOf(next);
    if (found2 === void 0) throw badRequest(`next anchor "${next}" does not name an item of this list`);
    start = found2;
  }
  const paging = { total_item_count: items.length, page_item_limit: limit };
  if (start + limit < items.length) paging.next = keyOf(items[start + limit]);
  return { status: 200, json: { data: items.slice(start, start + limit).map(view), paging } };
}

// emulator/http/validation.ts
function bodyObject(body, allowEmpty = false) {
  if (body === void 0 && allowEmpty) return {};
  if (!isObject(body)) throw badRequest("request body must be a JSON object");
  return body;
}
function optionalOf(body, field, type) {
  const value = body[field];
  if (value === void 0 || value === null) return void 0;
  if (typeof value !== type) throw badRequest(`${field} must be a ${type}`);
  return value;
}
function optionalString(body, field) {
  return optionalOf(body, field, "string");
}
function requiredString(body, field) {
  const value = optionalString(body, field);
  if (value === void 0 || value.trim() === "")
    throw badRequest(`${field} is required and must be a non-empty string`);
  return value;
}
function optionalBoolean(body, field) {
  return optionalOf(body, field, "boolean");
}
function optionalId(body, field) {
  const value = body[field];
  if (value === void 0 || value === null) return void 0;
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isInteger(value)) return String(value);
  throw badRequest(`${field} must be a string`);
}
function oneOf(value, field, allowed) {
  if (value === void 0) return void 0;
  if (!allowed.includes(value)) {
    throw badRequest(`${field} must be one of ${allowed.join(", ")}; got "${value}"`);
  }
  return value;
}
function queryText(query, name) {
  return query.get(name) || void 0;
}
function queryInteger(query, name, min, max, digits = 12) {
  const raw = queryText(query, name);
  if (raw === void 0) return void 0;
  if (raw.length > digits || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw badRequest(`${name} must be a whole number from ${min} to ${max}; got "${raw}"`);
  return Number(raw);
}
function queryChoice(query, name, choices) {
  const raw = queryText(query, name);
  if (raw === void 0) return void 0;
  if (!choices.includes(raw))
    throw badRequest(`${name} must be one of ${choices.join(", ")}; got "${raw}"`);
  return raw;
}

// emulator/routes/apps.ts
var OK = { status: 200, json: { status: "ok" } };
function register(ctx) {
  const body = bodyObject(ctx.body);
  const request = {
    provider: requiredString(body, "provider"),
    repoUrl: requiredString(body, "repo_url"),
    repoSlug: requiredString(body, "git_repo_slug"),
    gitOwner: requiredString(body, "git_owner"),
    organization: requiredString(body, "organization_slug"),
    isPublic: optionalBoolean(body, "is_public") ?? false,
    title: optionalString(body, "title"),
    // The published contract's register model: default_branch_name "defaults to master" when absent.
    defaultBranch: optionalString(body, "default_branch_name") ?? "master"
  };
  optionalString(body, "type");
  const app = ctx.model.registerApp(ctx.user, request);
  return { status: 200, json: { status: "ok", slug: app.slug } };
}
function registerSshKey2(ctx) {
  const app = ctx.app();
  const body = bodyObject(ctx.body);
  requiredString(body, "auth_ssh_private_key");
  requiredString(body, "auth_ssh_public_key");
  ctx.model.registerSshKey(app, optionalBoolean(body, "is_register_key_into_provider_service") ?? false);
  return OK;
}
function envsOf(body) {
  if (body.envs === void 0 || body.envs === null) return {};
  if (!isObject(body.envs)) throw badRequest("envs must be an object mapping names to string values");
  for (const [name, value] of Object.entries(body.envs)) {
    if (typeof value !== "string") throw badRequest(`envs.${name} must be a string`);
  }
  return body.envs;
}
function finish(ctx) {
  const app = ctx.app();
  const body = bodyObject(ctx.body, true);
  const mode = optionalString(body, "mode");
  const request = {
    projectType: optionalString(body, "project_type"),
    stackId: optionalString(body, "stack_id"),
    config: optionalString(body, "config"),
    organization: optionalString(body, "organization_slug"),
    envs: envsOf(body)
  };
  if (mode !== void 0 && mode !== "manual") throw badRequest(`mode must be "manual"; got "${mode}"`);
  ctx.model.finishRegistration(ctx.user, app, request);
  return {
    status: 200,
    json: {
      status: "ok",
      build_trigger_token: app.buildTriggerToken,
      branch_name: app.defaultBranch,
      is_webhook_auto_reg_supported: ["github", "gitlab", "bitbucket"].includes(app.provider)
    }
  };
}
function page(ctx, list) {
  return pageOf(
    ctx,
    list.apps,
    (a) => a.slug,
    (a) => ctx.model.state.appView(a),
    (slug) => list.position.get(slug)
  );
}
var NO_APPS = { apps: [], position: /* @__PURE__ */ new Map() };
function visibleApps(ctx, owner) {
  const { state: state2 } = ctx.model;
  const key = JSON.stringify([ctx.user, owner?.account_type ?? "", owner?.slug ?? ""]);
  return appList(
    state2,
    key,
    () => [...state2.apps.values()].filter(
      (a) => state2.roleOf(ctx.user, a) !== null && (!owner || a.owner.account_type === owner.account_type && a.owner.slug === owner.slug)
    )
  );
}
function listMyApps(ctx) {
  return page(ctx, visibleApps(ctx));
}
function listOrganizationApps(ctx) {
  const org = ctx.org();
  const member = ctx.model.state.isWorkspaceMember(ctx.user, org);
  return page(ctx, member ? visibleApps(ctx, { account_type: "organization", slug: org.slug }) : NO_APPS);
}
function listUserApps(ctx) {
  const user = ctx.params.user;
  if (!ctx.model.state.users.has(user)) throw notFound2(`user "${user}" not found`);
  return page(ctx, visibleApps(ctx, { account_type: "user", slug: user }));
}
function getApp(ctx) {
  return { status: 200, json: { data: ctx.model.state.appView(ctx.app()) } };
}
function patchApp(ctx) {
  const app = ctx.app();
  const body = bodyObject(ctx.body);
  const title = optionalString(body, "title");
  if (title !== void 0 && title.trim() === "") throw badRequest("title must not be empty");
  ctx.model.updateApp(app, {
    title,
    defaultBranch: optionalString(body, "default_branch"),
    isPublic: optionalBoolean(body, "is_public"),
    repositoryUrl: optionalString(body, "repository_url"),
    extra: {
      apple_credential_user_id: optionalId(body, "apple_credential_user_id"),
      apple_credential_user_slug: optionalString(body, "apple_credential_user_slug"),
      services_credential_user_id: optionalId(body, "services_credential_user_id")
    }
  });
  return OK;
}
function deleteApp2(ctx) {
  ctx.model.deleteApp(ctx.app());
  return { status: 200, json: { msg: "ok" } };
}
function listBranches(ctx) {
  return { status: 200, json: { data: [...ctx.app().branches] } };
}
var ANY_CALLER = { kind: "caller", rule: "any caller; lists the apps he has a role on" };
var REGISTRAR = {
  kind: "caller",
  rule: "Workspace owner or group member of `organization_slug`; the caller becomes Owner"
};
var appRoutes = [
  { method: "POST", pattern: "/apps/register", access: REGISTRAR, errorStyle: "error_msg", handler: register },
  { method: "POST", pattern: "/apps/:app/register-ssh-key", access: APP_ADMIN, handler: registerSshKey2 },
  { method: "POST", pattern: "/apps/:app/finish", access: APP_ADMIN, handler: finish },
  { method: "GET", pattern: "/apps", access: ANY_CALLER, handler: listMyApps },
  { method: "GET", pattern: "/organizations/:org/apps", access: WORKSPACE_LISTING, handler: listOrganizationApps },
  { method: "GET", pattern: "/users/:user/apps", access: ANY_CALLER, handler: listUserApps },
  { method: "GET", pattern: "/apps/:app", access: APP_ANY_ROLE, handler: getApp },
  { method: "PATCH", pattern: "/apps/:app", access: APP_ADMIN, handler: patchApp },
  { method: "DELETE", pattern: "/apps/:app", access: APP_OWNER, handler: deleteApp2 },
  { method: "GET", pattern: "/apps/:app/branches", access: APP_ANY_ROLE, handler: listBranches }
];

// emulator/routes/build-list.ts
var EVENT_TYPES = ["push", "pull-request", "tag"];
var SORTS = ["created_at", "running_first"];
function readBuildFilters(query) {
  const seconds = (name) => {
    const value = queryInteger(query, name, 0, 253402300799);
    return value === void 0 ? void 0 : value * 1e3;
  };
  const pipeline = queryChoice(query, "is_pipeline_build", ["true", "false"]);
  return {
    sortBy: queryChoice(query, "sort_by", SORTS) ?? "created_at",
    branch: queryText(query, "branch"),
    workflow: queryText(query, "workflow"),
    commitMessage: queryText(query, "commit_message"),
    triggerEventType: queryChoice(query, "trigger_event_type", EVENT_TYPES),
    pullRequestId: queryInteger(query, "pull_request_id", 0, 2 ** 31 - 1),
    buildNumber: queryInteger(query, "build_number", 0, 2 ** 31 - 1),
    after: seconds("after"),
    before: seconds("before"),
    status: queryInteger(query, "status", 0, 4),
    isPipelineBuild: pipeline === void 0 ? void 0 : pipeline === "true",
    limit: queryInteger(query, "limit", 1, 50) ?? 50,
    next: queryText(query, "next")
  };
}
function triggerEventOf(build2) {
  if (build2.tag !== null) return "tag";
  return (build2.pullRequestId ?? 0) > 0 ? "pull-request" : "push";
}
function commitMessageOf(build2) {
  const message = build2.originalParams.commit_message;
  return typeof message === "string" ? message : "";
}
function matches(build2, filters, status) {
  const checks = [
    [filters.branch, () => build2.branch === filters.branch],
    [filters.workflow, () => build2.triggeredWorkflow === filters.workflow],
    [filters.commitMessage, () => commitMessageOf(build2).includes(filters.commitMessage)],
    [filters.triggerEventType, () => triggerEventOf(build2) === filters.triggerEventType],
    [filters.pullRequestId, () => (build2.pullRequestId ?? 0) === filters.pullRequestId],
    [filters.buildNumber, () => build2.buildNumber === filters.buildNumber],
    [filters.after, () => build2.triggeredAt >= filters.after],
    [filters.before, () => build2.triggeredAt < filters.before],
    [filters.status, () => status === filters.status],
    [filters.isPipelineBuild, () => build2.pipelineWorkflowId !== void 0 === filters.isPipelineBuild]
  ];
  return checks.every(([given, check]) => given === void 0 || check());
}
function buildListPage(builds, appSlug, filters, now) {
  const found2 = [];
  for (const build2 of builds) {
    if (build2.appSlug !== appSlug) continue;
    const status = progressOf(build2, now).status;
    if (matches(build2, filters, status)) found2.push({ build: build2, running: status === 0 });
  }
  const runningFirst = filters.sortBy === "running_first";
  found2.sort(
    (a, b) => (runningFirst ? Number(b.running) - Number(a.running) : 0) || b.build.buildNumber - a.build.buildNumber
  );
  const all = found2.map((f) => f.build);
  let from = 0;
  if (filters.next !== void 0) {
    from = all.findIndex((b) => b.slug === filters.next);
    if (from < 0) throw badRequest(`next: no build "${filters.next}" in this list`);
  }
  const page2 = all.slice(from, from + filters.limit);
  const following = all[from + filters.limit];
  return {
    data: page2.map((b) => buildJson(b, now)),
    paging: {
      total_item_count: all.length,
      page_item_limit: filters.limit,
      ...following ? { next: following.slug } : {}
    }
  };
}

// emulator/routes/build-requests.ts
function listBuilds(ctx) {
  const filters = readBuildFilters(ctx.query);
  return { status: 200, json: buildListPage(ctx.model.state.builds.values(), ctx.app().slug, filters, ctx.model.now()) };
}
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
  const approve = optionalBoolean(bodyObject(ctx.body), "is_approved");
  if (approve === void 0) throw badRequest("is_approved is required and must be a boolean");
  const { request } = ctx.model.decideBuildRequest(ctx.user, app, ctx.params.request, approve);
  return { status: 200, json: { data: requestJson(app, request) } };
}
var buildRequestRoutes = [
  { method: "GET", pattern: "/apps/:app/builds", access: APP_ANY_ROLE, handler: listBuilds },
  // Tester/QA and up, as the service's documentation lists it (devcenter, "Managing an app's builds").
  { method: "GET", pattern: "/apps/:app/build-workflows", access: APP_ANY_ROLE, handler: listBuildWorkflows },
  { method: "GET", pattern: "/apps/:app/build-requests", access: APP_ANY_ROLE, handler: listRequests },
  { method: "PATCH", pattern: "/apps/:app/build-requests/:request", access: APP_DEVELOPER, handler: updateRequest }
];

// emulator/model/trigger-targets.ts
function triggersOf(app, request) {
  const { text: text2 } = request;
  if (text2.workflow_id || text2.pipeline_id) return [request];
  const targets = selectTargets(configForBuild(app), {
    branch: text2.branch,
    tag: text2.tag,
    pullRequest: request.pullRequestId !== null ? { sourceBranch: text2.branch, targetBranch: text2.branch_dest } : void 0
  });
  if (!targets || targets.workflows.length + targets.pipelines.length === 0) return [request];
  return [
    ...targets.workflows.map((workflow_id) => ({ ...request, text: { ...text2, workflow_id } })),
    ...targets.pipelines.map((pipeline_id) => ({ ...request, text: { ...text2, pipeline_id } }))
  ];
}
function selectTargets(config, event) {
  let any = false;
  const matching = (group) => {
    if (!isObject(group)) return [];
    return Object.entries(group).flatMap(([name, target]) => {
      if (!isObject(target) || !isObject(target.triggers)) return [];
      any = true;
      return targetMatches(target.triggers, event) ? [name] : [];
    });
  };
  const targets = { workflows: matching(config.workflows), pipelines: matching(config.pipelines) };
  return any ? targets : null;
}
function targetMatches(triggers, event) {
  const items = (kind) => Array.isArray(triggers[kind]) ? triggers[kind].filter(isObject) : [];
  const all = (item, conditions) => conditions.some(([key]) => item[key] !== void 0) && conditions.every(
    ([key, value]) => item[key] === void 0 || typeof item[key] === "string" && globMatch(item[key], value ?? "")
  );
  if (event.pullRequest) {
    const { sourceBranch, targetBranch } = event.pullRequest;
    return items("pull_request").some(
      (item) => all(item, [
        ["source_branch", sourceBranch],
        ["target_branch", targetBranch]
      ])
    );
  }
  if (event.tag !== void 0) return items("tag").some((item) => all(item, [["name", event.tag]]));
  return event.branch !== void 0 && items("push").some((item) => all(item, [["branch", event.branch]]));
}

// emulator/routes/trigger-request.ts
var STRING_PARAMS = [
  "branch",
  "commit_hash",
  "tag",
  "commit_message",
  "workflow_id",
  "pipeline_id",
  "branch_dest",
  "branch_repo_owner",
  "branch_dest_repo_owner",
  "pull_request_merge_branch",
  "pull_request_head_branch",
  "pull_request_repository_url",
  // Recorded as sent (original_build_params); the service's own webhook fills them (bitrise-io/bitrise-webhooks).
  "head_repository_url",
  "base_repository_url",
  "stack",
  "machine_type_id"
];
var PRIORITY_MIN = -100;
var PRIORITY_MAX = 100;
var ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
var HOOK_TYPES = ["service", "bitrise"];
function unwrapTriggerBody(body) {
  let value = body;
  const parse = (text2, what) => {
    try {
      return JSON.parse(text2);
    } catch {
      throw badRequest(`${what} is not valid JSON`);
    }
  };
  if (typeof value === "string") value = parse(value, "request body");
  if (isObject(value) && value.payload !== void 0 && value.hook_info === void 0) {
    value = typeof value.payload === "string" ? parse(value.payload, "payload") : value.payload;
  }
  if (!isObject(value)) throw badRequest("request body must be a JSON object with hook_info and build_params");
  return value;
}
function checkEnvironments(value, list = "environments") {
  if (value === void 0 || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(`build_params.${list} must be an array`);
  return value.map((item, i) => {
    const at2 = `build_params.${list}[${i}]`;
    if (!isObject(item)) throw badRequest(`${at2} must be an object`);
    const name = list === "secrets" ? item.key : item.mapped_to ?? item.key;
    if (typeof name !== "string" || !ENV_NAME.test(name)) {
      throw badRequest(`${at2}.${list === "secrets" ? "key" : "mapped_to"} must be a valid environment variable name`);
    }
    if (item.key !== void 0 && item.mapped_to !== void 0 && item.key !== item.mapped_to) {
      throw badRequest(`${at2}.key and ${at2}.mapped_to disagree`);
    }
    if (typeof item.value !== "string") throw badRequest(`${at2}.value must be a string`);
    if (item.is_expand !== void 0 && typeof item.is_expand !== "boolean")
      throw badRequest(`${at2}.is_expand must be a boolean`);
    return { name, value: REDACTED, is_expand: item.is_expand ?? true };
  });
}
function headerOptions(headers) {
  const outcome = headers["x-emulator-build-outcome"];
  const duration = headers["x-emulator-build-duration-ms"];
  const rate = headers["x-emulator-log-bytes-per-second"];
  const options = {};
  if (typeof rate === "string") {
    if (!/^[1-9]\d{0,9}$/.test(rate)) throw badRequest("X-Emulator-Log-Bytes-Per-Second must be a positive integer");
    options.logBytesPerSecond = Number(rate);
  }
  if (typeof outcome === "string") {
    if (outcome !== "success" && outcome !== "failure")
      throw badRequest("X-Emulator-Build-Outcome must be success or failure");
    options.outcome = outcome;
  }
  if (typeof duration === "string") {
    if (!/^\d+$/.test(duration)) throw badRequest("X-Emulator-Build-Duration-Ms must be a non-negative integer");
    options.durationMs = Number(duration);
  }
  return options;
}
function stringParams(params) {
  const text2 = {};
  for (const field of STRING_PARAMS) {
    const value = params[field];
    if (value !== void 0 && value !== null && typeof value !== "string")
      throw badRequest(`build_params.${field} must be a string`);
    text2[field] = typeof value === "string" && value !== "" ? value : void 0;
  }
  return text2;
}
function readTriggerRequest(rawBody, headers) {
  const body = unwrapTriggerBody(rawBody);
  if (!isObject(body.hook_info) || !HOOK_TYPES.includes(body.hook_info.type))
    throw badRequest(`hook_info.type must be one of ${HOOK_TYPES.map((type) => `"${type}"`).join(", ")}`);
  if (!isObject(body.build_params)) throw badRequest("build_params is required and must be an object");
  const params = body.build_params;
  const text2 = stringParams(params);
  const prId = params.pull_request_id;
  if (prId !== void 0 && prId !== null && !(typeof prId === "number" && Number.isInteger(prId))) {
    throw badRequest("build_params.pull_request_id must be an integer");
  }
  const skip = params.skip_git_status_report;
  if (skip !== void 0 && typeof skip !== "boolean")
    throw badRequest("build_params.skip_git_status_report must be a boolean");
  const environments = checkEnvironments(params.environments);
  const secrets = checkEnvironments(params.secrets, "secrets");
  const priority = params.priority;
  if (priority !== void 0 && priority !== null && !(Number.isInteger(priority) && priority >= PRIORITY_MIN && priority <= PRIORITY_MAX)) {
    throw badRequest(`build_params.priority must be a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX}`);
  }
  if (!text2.tag && !text2.commit_hash && !text2.branch && !text2.workflow_id && !text2.pipeline_id) {
    throw badRequest("build_params needs at least one of tag, commit_hash, branch, workflow_id or pipeline_id");
  }
  return {
    text: text2,
    pullRequestId: typeof prId === "number" ? prId : null,
    skipGitStatusReport: skip === true,
    environments,
    ...secrets.length > 0 ? { secrets } : {},
    ...typeof priority === "number" ? { priority } : {},
    originalParams: redactBody(params),
    ...headerOptions(headers)
  };
}

// emulator/routes/builds.ts
function trigger(ctx) {
  const app = ctx.app();
  const request = readTriggerRequest(ctx.body, ctx.headers);
  const results = [];
  for (const one of triggersOf(app, request)) {
    const item2 = startOne(ctx, one);
    if (!item2) return heldForApproval(app.slug);
    results.push(item2);
  }
  const [item] = results;
  return {
    status: 201,
    json: {
      status: "ok",
      message: "webhook processed",
      slug: app.slug,
      service: "service",
      results,
      build_slug: item.build_slug,
      build_number: item.build_number,
      build_url: item.build_url,
      triggered_workflow: item.triggered_workflow
    }
  };
}
function startOne(ctx, request) {
  const app = ctx.app();
  const started = request.text.pipeline_id ? triggeredPipeline(ctx.model.triggerPipeline(app, request)) : ctx.model.triggerBuild(app, request);
  if ("trigger" in started) return void 0;
  return {
    build_slug: started.slug,
    build_number: started.buildNumber,
    build_url: `${ctx.origin}/${request.text.pipeline_id ? "pipelines" : "build"}/${started.slug}`,
    triggered_workflow: started.triggeredWorkflow,
    triggered_pipeline: "triggeredPipeline" in started ? started.triggeredPipeline : "",
    status: "ok",
    message: "webhook processed"
  };
}
function heldForApproval(appSlug) {
  const message = "build request created: manual build approval is on for this app";
  return { status: 201, json: { status: "ok", message, slug: appSlug, service: "service", build_slug: "" } };
}
function triggeredPipeline(pipeline) {
  return { slug: pipeline.id, buildNumber: pipeline.number, triggeredWorkflow: "", triggeredPipeline: pipeline.name };
}
function appRecordOf(ctx, records, param) {
  const app = ctx.app();
  const record2 = records.get(ctx.params[param]);
  if (!record2 || record2.appSlug !== app.slug)
    throw notFound2(`${param} "${ctx.params[param]}" not found for app "${app.slug}"`);
  return record2;
}
function findBuild(ctx) {
  return appRecordOf(ctx, ctx.model.state.builds, "build");
}
function getBuild(ctx) {
  return { status: 200, json: { data: buildJson(findBuild(ctx), ctx.model.now()) } };
}
function getLog(ctx) {
  const build2 = findBuild(ctx);
  const json = logAnswer(
    build2,
    ctx.model.now(),
    { delayMs: ctx.logDelayMs, archiveDelayMs: ctx.logArchiveDelayMs },
    ctx.query,
    ctx.origin
  );
  if (json === null) throw notFound2(`the log of build "${build2.slug}" is not available yet`);
  return { status: 200, json };
}
function getBuildConfig(ctx) {
  const build2 = findBuild(ctx);
  const text2 = ctx.model.state.buildConfigs.of(build2.slug);
  if (text2 === void 0) throw notFound2(`the configuration build "${build2.slug}" ran with is no longer kept`);
  return { status: 200, text: text2, headers: { "content-type": "text/plain; charset=utf-8" } };
}
function abort(ctx) {
  const build2 = findBuild(ctx);
  const body = bodyObject(ctx.body, true);
  ctx.model.abortBuild(ctx.user, ctx.app(), build2, {
    reason: optionalString(body, "abort_reason") ?? "",
    withSuccess: optionalBoolean(body, "abort_with_success") ?? false,
    skipGitStatusReport: optionalBoolean(body, "skip_git_status_report") ?? false,
    skipNotifications: optionalBoolean(body, "skip_notifications") ?? false
  });
  return { status: 200, json: { status: "ok" } };
}
var buildRoutes = [
  { method: "POST", pattern: "/apps/:app/builds", access: APP_DEVELOPER, handler: trigger },
  { method: "GET", pattern: "/apps/:app/builds/:build", access: APP_ANY_ROLE, handler: getBuild },
  { method: "GET", pattern: "/apps/:app/builds/:build/log", access: APP_DEVELOPER_OR_PUBLIC, handler: getLog },
  // Developer, as the service's documentation lists it (devcenter, "Managing an app's builds").
  {
    method: "GET",
    pattern: "/apps/:app/builds/:build/service.yml",
    access: APP_DEVELOPER_OR_PUBLIC,
    handler: getBuildConfig
  },
  { method: "POST", pattern: "/apps/:app/builds/:build/abort", access: APP_DEVELOPER, handler: abort }
];

// emulator/routes/artifacts.ts
function listItem(artifact) {
  return {
    slug: artifact.slug,
    title: artifact.title,
    artifact_type: artifact.artifact_type ?? "file",
    file_size_bytes: artifact.file_size_bytes,
    is_public_page_enabled: artifact.is_public_page_enabled === true,
    artifact_meta: {}
  };
}
function listArtifacts(ctx) {
  const artifacts = ctx.model.artifacts(ctx.app(), findBuild(ctx));
  return pageOf(ctx, artifacts, (a) => a.slug, listItem);
}
function findArtifact(ctx) {
  const build2 = findBuild(ctx);
  const artifact = ctx.model.artifacts(ctx.app(), build2).find((a) => a.slug === ctx.params.artifact);
  if (!artifact) throw notFound2(`artifact "${ctx.params.artifact}" not found for build "${build2.slug}"`);
  return artifact;
}
function updateArtifact(ctx) {
  const enabled = optionalBoolean(bodyObject(ctx.body), "is_public_page_enabled");
  if (enabled === void 0) throw badRequest("is_public_page_enabled must be given, true or false");
  ctx.model.setPublicPage(findBuild(ctx), findArtifact(ctx).slug, enabled);
  return getArtifact(ctx);
}
function getArtifact(ctx) {
  const artifact = findArtifact(ctx);
  const isPublic = artifact.is_public_page_enabled === true;
  return {
    status: 200,
    json: {
      data: {
        ...listItem(artifact),
        expiring_download_url: `${ctx.origin}${signedDownloadPath(artifact, ctx.model.now())}`,
        public_install_page_url: isPublic ? `${ctx.origin}/artifact/${artifact.slug}/p/${artifact.buildSlug.slice(0, 12)}` : ""
      }
    }
  };
}
var artifactRoutes = [
  { method: "GET", pattern: "/apps/:app/builds/:build/artifacts", access: APP_ANY_ROLE, handler: listArtifacts },
  {
    method: "GET",
    pattern: "/apps/:app/builds/:build/artifacts/:artifact",
    access: APP_ANY_ROLE,
    handler: getArtifact
  },
  {
    method: "PATCH",
    pattern: "/apps/:app/builds/:build/artifacts/:artifact",
    access: APP_DEVELOPER,
    handler: updateArtifact
  }
];

// emulator/model/build-reports.ts
var DEFAULT_STEPS = [
  { title: "Git clone", step_id: "git-clone" },
  {
    title: "Run unit tests",
    step_id: "script",
    fails: true,
    errors: ["Script exited with status 1: 1 test failed (LoginTests.testRejectsWrongPassword)"]
  },
  { title: "Deploy to the service", step_id: "deploy-to-bitrise-io" }
];
var DEFAULT_TESTS = [
  {
    name: "LoginTests",
    cases: [
      { name: "testAcceptsRightPassword", classname: "LoginTests" },
      {
        name: "testRejectsWrongPassword",
        classname: "LoginTests",
        fails: true,
        failure_message: 'XCTAssertEqual failed: ("200") is not equal to ("401")',
        file: "Tests/LoginTests.swift",
        line: 42
      }
    ]
  },
  { name: "ProfileTests", cases: [{ name: "testShowsName", classname: "ProfileTests" }] }
];
var iso3 = (ms) => new Date(ms).toISOString();
function stepSummaryOf(app, build2, now) {
  if (build2.startedAt === null) return null;
  const progress = progressOf(build2, now);
  const seeded = app.steps && app.steps.length > 0 ? app.steps : DEFAULT_STEPS;
  const slot = build2.durationMs / seeded.length;
  const failing = Math.max(
    seeded.findIndex((s) => s.fails),
    0
  );
  const failAt = build2.outcome === "failure" ? seeded.some((s) => s.fails) ? failing : seeded.length - 1 : -1;
  const cut = build2.abort ? build2.abort.at : now;
  const steps = [];
  for (const [index, step] of seeded.entries()) {
    const started = build2.startedAt + index * slot;
    const finished = started + slot;
    const base = {
      uuid: `${build2.slug}-${index}`,
      step_id: step.step_id ?? "script",
      title: step.title,
      version: "1.0.0"
    };
    if (build2.abort && started <= cut && finished > cut) {
      steps.push({ ...base, status: "aborted", started_at: iso3(started), finished_at: iso3(cut), errors: ["aborted"] });
      break;
    }
    if (finished > cut) break;
    if (failAt >= 0 && index > failAt) {
      steps.push({ ...base, status: "skipped", status_reason: "a previous step failed", started_at: iso3(started) });
      continue;
    }
    const failed = index === failAt;
    steps.push({
      ...base,
      status: failed ? "failed" : "success",
      started_at: iso3(started),
      finished_at: iso3(finished),
      ...failed ? { errors: step.errors ?? [`${step.title} failed`] } : {}
    });
  }
  if (steps.length === 0 && progress.status === 0) return null;
  return {
    build_id: build2.slug,
    execution: {
      build_environment_setup: {
        started_at: iso3(build2.startedAt),
        finished_at: iso3(build2.startedAt),
        status: "success"
      },
      workflows: [{ uuid: `${build2.slug}-wf`, workflow_id: build2.triggeredWorkflow, steps }],
      with_groups: null,
      step_bundles: null
    }
  };
}
function testResultsOf(app, build2, now) {
  const progress = progressOf(build2, now);
  if (progress.status === 0) return { status: 400, json: { message: "the build is not finished yet" } };
  const seeded = app.testResults;
  if (seeded?.status !== void 0) return { status: seeded.status, json: { message: MESSAGES[seeded.status] } };
  const failed = progress.status === 2;
  const suites = (seeded?.suites ?? DEFAULT_TESTS).map((suite) => ({
    name: suite.name,
    test_cases: suite.cases.map((one) => ({
      name: one.name,
      classname: one.classname ?? suite.name,
      status: failed && one.fails ? "failed" : "passed",
      duration: 0.25,
      ...failed && one.fails ? { failure_message: one.failure_message ?? "failed", file: one.file, line: one.line } : {}
    }))
  }));
  return { status: 200, json: { test_suites: suites } };
}
var MESSAGES = {
  403: "the plan of the workspace does not include test reports",
  404: "not found",
  502: "the test results could not be fetched, try again later"
};

// emulator/routes/build-reports.ts
function getStepSummary(ctx) {
  const build2 = findBuild(ctx);
  const json = stepSummaryOf(ctx.app(), build2, ctx.model.now());
  if (json === null) throw notFound2(`build "${build2.slug}" has no step summary yet`);
  return { status: 200, json };
}
function getTestResults(ctx) {
  const build2 = findBuild(ctx);
  return testResultsOf(ctx.app(), build2, ctx.model.now());
}
var buildReportRoutes = [
  { method: "GET", pattern: "/apps/:app/builds/:build/log/summary", access: APP_ANY_ROLE, handler: getStepSummary },
  { method: "GET", pattern: "/apps/:app/builds/:build/test-results", access: APP_ANY_ROLE, handler: getTestResults }
];

// emulator/routes/config.ts
var LOCATIONS = ["service", "repository"];
var NOTIFICATION_CHOICES = ["always", "never", "change"];
function getServiceYml(ctx) {
  return { status: 200, text: ctx.app().serviceYml, headers: { "content-type": "text/plain; charset=utf-8" } };
}
function uploadedText(value) {
  if (value === void 0 || value === null) throw badRequest("app_config_datastore_yaml is required");
  if (typeof value !== "string" && !isObject(value))
    throw badRequest("app_config_datastore_yaml must be YAML text or an object");
  if (typeof value === "string" && value.trim() === "") throw badRequest("app_config_datastore_yaml must not be empty");
  try {
    if (typeof value !== "string") return dumpServiceYml(value);
    parseServiceYml(value);
    return value;
  } catch (error) {
    if (error instanceof ConfigLimitError) throw badRequest(`app_config_datastore_yaml: ${error.message}`);
    if (typeof value !== "string") throw error;
    throw badRequest(
      `app_config_datastore_yaml is not a valid configuration: ${error.message.split("\n")[0]}`
    );
  }
}
function uploadServiceYml(ctx) {
  const app = ctx.app();
  ctx.model.uploadConfig(app, uploadedText(bodyObject(ctx.body).app_config_datastore_yaml));
  return { status: 200, json: { status: "ok" } };
}
function getConfigLocation(ctx) {
  return { status: 200, json: { location: ctx.app().configLocation } };
}
function putConfigLocation(ctx) {
  const app = ctx.app();
  const location = oneOf(requiredString(bodyObject(ctx.body), "location"), "location", LOCATIONS);
  ctx.model.setConfigLocation(app, location);
  return { status: 204 };
}
function migrate(ctx, owner) {
  const body = bodyObject(ctx.body);
  const from = requiredString(body, "from_machine");
  const to = requiredString(body, "to_machine");
  const { migrated, errors } = ctx.model.migrateMachineTypes(owner, from, to);
  const json = {
    message: `machine type ${from} replaced by ${to} in ${migrated.length} app(s)`,
    migrated_apps: migrated
  };
  if (errors.length > 0) json.errors = errors;
  return { status: 200, json };
}
function setNotifications2(ctx) {
  const app = ctx.app();
  const body = bodyObject(ctx.body, true);
  ctx.model.setNotifications(app, {
    on_failure: oneOf(optionalString(body, "on_failure"), "on_failure", NOTIFICATION_CHOICES),
    on_success: oneOf(optionalString(body, "on_success"), "on_success", NOTIFICATION_CHOICES)
  });
  return { status: 200, json: { msg: "ok" } };
}
var migrateUserApps = (ctx) => migrate(ctx, { account_type: "user", slug: ctx.params.user });
var migrateOrgApps = (ctx) => migrate(ctx, { account_type: "organization", slug: ctx.org().slug });
var configRoutes = [
  { method: "GET", pattern: "/apps/:app/service.yml", access: APP_WORKFLOW_EDITOR, handler: getServiceYml },
  { method: "POST", pattern: "/apps/:app/service.yml", access: APP_WORKFLOW_EDITOR, handler: uploadServiceYml },
  { method: "GET", pattern: "/apps/:app/service.yml/config", access: APP_ADMIN, handler: getConfigLocation },
  { method: "PUT", pattern: "/apps/:app/service.yml/config", access: APP_ADMIN, handler: putConfigLocation },
  { method: "PATCH", pattern: "/user/:user/apps/machine_types", access: USER_SELF, handler: migrateUserApps },
  {
    method: "PATCH",
    pattern: "/organizations/:org/apps/machine_types",
    access: WORKSPACE_OWNER,
    handler: migrateOrgApps
  },
  { method: "PATCH", pattern: "/apps/:app/update-email-notifications", access: APP_ADMIN, handler: setNotifications2 }
];

// emulator/routes/pipeline-list.ts
var DEFAULT_LIMIT = 10;
var MAX_LIMIT = 50;
var STATUS_NUMBER = {
  on_hold: 0,
  running: 0,
  succeeded: 1,
  failed: 2,
  aborted: 3,
  succeeded_with_abort: 4
};
var BUILD_STATUS = ["running", "succeeded", "failed", "aborted", "succeeded_with_abort"];
var EVENTS = ["push", "pull-request", "tag"];
var TRIGGER_TEXT = [
  "branch",
  "branch_dest",
  "branch_dest_repo_owner",
  "branch_repo_owner",
  "commit_hash",
  "commit_message",
  "machine_type_id",
  "pull_request_head_branch",
  "pull_request_merge_branch",
  "pull_request_repository_url",
  "stack",
  "tag"
];
var RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
function timeParam(query, name) {
  const raw = query.get(name);
  if (raw === null || raw === "") return void 0;
  const at2 = Date.parse(raw);
  if (!RFC3339.test(raw) || Number.isNaN(at2))
    throw badRequest(`${name} must be a time in RFC 3339 format (such as 2026-04-03T17:27:47Z); got "${raw}"`);
  return at2;
}
var DIGITS = 10;
function readFilters(query) {
  return {
    after: timeParam(query, "after"),
    before: [timeParam(query, "before"), timeParam(query, "next")].filter((t) => t !== void 0),
    branch: queryText(query, "branch"),
    buildNumber: queryInteger(query, "build_number", 0, 2 ** 31 - 1, DIGITS),
    commitMessage: queryText(query, "commit_message"),
    limit: queryInteger(query, "limit", 1, MAX_LIMIT, DIGITS) ?? DEFAULT_LIMIT,
    pipeline: queryText(query, "pipeline"),
    status: queryChoice(query, "status", Object.keys(STATUS_NUMBER)),
    event: queryChoice(query, "trigger_event_type", EVENTS),
    workflow: queryText(query, "workflow")
  };
}
var iso4 = (ms) => ms === null ? null : new Date(ms).toISOString();
function eventOf(params, pullRequestId) {
  if (typeof params.tag === "string" && params.tag !== "") return "tag";
  return pullRequestId !== null && pullRequestId !== 0 ? "pull-request" : "push";
}
function triggerParams(fields) {
  const { params, pullRequestId } = fields;
  return {
    ...Object.fromEntries(
      TRIGGER_TEXT.filter((name) => typeof params[name] === "string").map((name) => [name, params[name]])
    ),
    pull_request_id: pullRequestId === null ? "" : String(pullRequestId),
    skip_git_status_report: fields.skipGitStatusReport,
    environments: fields.environments.map((e) => ({ key: e.name, value: e.value, is_expand: e.is_expand }))
  };
}
function itemJson(fields) {
  const text2 = (name) => typeof fields.params[name] === "string" ? fields.params[name] : null;
  return {
    slug: fields.slug,
    build_number: fields.number,
    branch: text2("branch"),
    commit_hash: text2("commit_hash"),
    commit_message: text2("commit_message"),
    tag: text2("tag"),
    pull_request_id: fields.pullRequestId ?? 0,
    pull_request_target_branch: text2("branch_dest"),
    trigger_params: triggerParams(fields),
    triggered_by: null,
    artifacts: null,
    is_processed: true
  };
}
function pipelineEntry(pipeline, view, now, builds) {
  const { request } = pipeline;
  const attempt = pipeline.attempts[pipeline.attempts.length - 1];
  const finished = !["running", "on_hold"].includes(view.status);
  const costs = view.workflows.map((w) => builds.get(w.externalId)).map((b) => b ? creditCost(b, progressOf(b, now).finishedAt) : null);
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
    is_on_hold: view.status === "on_hold",
    triggered_at: iso4(pipeline.attempts[0].at),
    started_at: iso4(attempt.startedAt),
    finished_at: iso4(view.finishedAt),
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
function buildEntry(build2, now) {
  const progress = progressOf(build2, now);
  const json = {
    ...itemJson({
      slug: build2.slug,
      number: build2.buildNumber,
      params: build2.originalParams,
      pullRequestId: build2.pullRequestId,
      skipGitStatusReport: build2.skipGitStatusReport,
      environments: build2.additionalEnvs
    }),
    is_pipeline: false,
    triggered_workflow: build2.triggeredWorkflow,
    status: progress.status,
    is_on_hold: progress.onHold,
    triggered_at: iso4(build2.triggeredAt),
    started_at: iso4(build2.startedAt),
    finished_at: iso4(progress.finishedAt),
    credit_cost: creditCost(build2, progress.finishedAt),
    rebuildable: progress.status !== 0
  };
  const status = progress.onHold ? "on_hold" : BUILD_STATUS[progress.status];
  return {
    triggeredAt: build2.triggeredAt,
    number: build2.buildNumber,
    json,
    status,
    pipeline: null,
    event: eventOf(build2.originalParams, build2.pullRequestId)
  };
}
function matches2(entry, f) {
  const json = entry.json;
  return (f.after === void 0 || entry.triggeredAt > f.after) && f.before.every((before) => entry.triggeredAt < before) && (f.branch === void 0 || json.branch === f.branch) && (f.buildNumber === void 0 || entry.number === f.buildNumber) && (f.commitMessage === void 0 || json.commit_message === f.commitMessage) && (f.pipeline === void 0 || entry.pipeline === f.pipeline) && (f.status === void 0 || entry.status === f.status) && (f.event === void 0 || entry.event === f.event) && (f.workflow === void 0 || json.triggered_workflow === f.workflow);
}
function pipelineListPage(ctx, app) {
  const filters = readFilters(ctx.query);
  const now = ctx.model.now();
  const { pipelines, builds } = ctx.model.state;
  const entries = [
    ...[...pipelines.values()].filter((p) => p.appSlug === app.slug).map((p) => pipelineEntry(p, ctx.model.pipelineView(app, p), now, builds)),
    ...[...builds.values()].filter((b) => b.appSlug === app.slug && b.pipelineWorkflowId === void 0).map((b) => buildEntry(b, now))
  ];
  const all = entries.filter((e) => matches2(e, filters)).sort((a, b) => b.triggeredAt - a.triggeredAt || b.number - a.number);
  const page2 = all.slice(0, filters.limit);
  const paging = { total_item_count: 0, page_item_limit: 0 };
  if (all.length > filters.limit) paging.next = page2.at(-1).json.triggered_at;
  return { data: page2.map((e) => e.json), paging };
}

// emulator/routes/pipelines.ts
var iso5 = (ms) => ms === null ? null : new Date(ms).toISOString();
function findPipeline(ctx) {
  return appRecordOf(ctx, ctx.model.state.pipelines, "pipeline");
}
function getPipeline(ctx) {
  const pipeline = findPipeline(ctx);
  const view = ctx.model.pipelineView(ctx.app(), pipeline);
  const attempt = pipeline.attempts[pipeline.attempts.length - 1];
  const finished = !["running", "on_hold"].includes(view.status);
  const now = ctx.model.now();
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
      triggered_at: iso5(pipeline.attempts[0].at),
      started_at: iso5(attempt.startedAt),
      finished_at: iso5(view.finishedAt),
      put_on_hold_at: attempt.startedAt === null ? iso5(attempt.at) : null,
      abort_reason: pipeline.abort?.reason ?? "",
      // As for builds: null on a plan without credits; the workflows' sum once the pipeline ended.
      credit_cost: finished && costs.some((c) => c !== null) ? costs.reduce((sum, c) => sum + (c ?? 0), 0) : null,
      rebuildable: finished,
      current_attempt_id: `${pipeline.id}-${attempt.number}`,
      // Every field of the recorded real answer (bitrise-io/bitrise-mcp devenv/test-responses get_pipeline.json).
      attempts: pipeline.attempts.map((a) => ({
        id: `${pipeline.id}-${a.number}`,
        number_in_pipeline_build_scope: a.number,
        status: a === attempt ? view.status : a.endStatus ?? view.status,
        triggered_at: iso5(a.at)
      })),
      // Recorded: "webhook-github/<user>" for a webhook, "schedule" for a schedule, null for one
      // of three listed pipelines; no source shows an API trigger's, so null (see emulator/docs/pipelines.md).
      triggered_by: null,
      ...workflowsJson(pipeline, view, shown),
      // The contract's trigger_params model has no pipeline_id: the pipeline is the answer itself.
      trigger_params: Object.fromEntries(
        Object.entries(pipeline.triggerParams).filter(([name]) => name !== "pipeline_id")
      )
    }
  };
}
function workflowsJson(pipeline, view, shown) {
  if (pipeline.plan.kind !== "graph")
    return {
      stages: view.stages.map((stage) => ({ id: stage.name, name: stage.name, workflows: stage.workflows.map(shown) }))
    };
  return {
    type: "dag",
    workflows: graphWorkflows(view.workflows).map((w) => ({
      ...shown(w),
      ...w.dependsOn.length > 0 ? { depends_on: w.dependsOn } : {},
      startFailureReason: ""
    }))
  };
}
function graphWorkflows(workflows) {
  return [...workflows].sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
function workflowTimes(ctx, w, now) {
  const build2 = w.externalId === "" ? void 0 : ctx.model.state.builds.get(w.externalId);
  if (!build2) return { started_at: iso5(w.startedAt), finished_at: null, credit_cost: null };
  const { finishedAt } = progressOf(build2, now);
  return {
    started_at: iso5(w.startedAt ?? build2.startedAt),
    finished_at: iso5(finishedAt),
    credit_cost: creditCost(build2, finishedAt)
  };
}
function abort2(ctx) {
  const body = bodyObject(ctx.body, true);
  ctx.model.abortPipeline(ctx.user, ctx.app(), findPipeline(ctx), {
    reason: optionalString(body, "abort_reason") ?? "",
    withSuccess: optionalBoolean(body, "abort_with_success") ?? false,
    skipNotifications: optionalBoolean(body, "skip_notifications") ?? false
  });
  return { status: 200, json: { status: "ok" } };
}
function rebuild(ctx) {
  const body = bodyObject(ctx.body, true);
  const pipeline = findPipeline(ctx);
  ctx.model.rebuildPipeline(ctx.app(), pipeline, optionalBoolean(body, "partial") ?? false);
  return { status: 201, json: { id: pipeline.id, status: "ok" } };
}
function listPipelines(ctx) {
  return { status: 200, json: pipelineListPage(ctx, ctx.app()) };
}
var pipelineRoutes = [
  { method: "GET", pattern: "/apps/:app/pipelines", access: APP_ANY_ROLE, handler: listPipelines },
  { method: "GET", pattern: "/apps/:app/pipelines/:pipeline", access: APP_ANY_ROLE, handler: getPipeline },
  { method: "POST", pattern: "/apps/:app/pipelines/:pipeline/abort", access: APP_DEVELOPER, handler: abort2 },
  { method: "POST", pattern: "/apps/:app/pipelines/:pipeline/rebuild", access: APP_DEVELOPER, handler: rebuild }
];

// emulator/routes/roles.ts
function roleName(ctx, status) {
  const role = ctx.params.role;
  if (!GROUP_ROLE_NAMES.includes(role)) {
    throw new HttpError(status, `role-name must be one of ${GROUP_ROLE_NAMES.join(", ")}; got "${role}"`);
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
  if (!Array.isArray(groups) || groups.some((g) => typeof g !== "string")) {
    throw new HttpError(422, "groups must be an array of group slugs (strings)");
  }
  return { status: 200, json: { groups: ctx.model.setGroupRole(app, role, groups) } };
}
function listGroups(ctx) {
  return { status: 201, json: [...ctx.org().groups.values()].map((g) => ({ slug: g.slug, name: g.name })) };
}
var roleRoutes = [
  { method: "GET", pattern: "/apps/:app/roles/:role", access: APP_ADMIN, handler: getRole },
  { method: "PUT", pattern: "/apps/:app/roles/:role", access: APP_ADMIN, handler: putRole },
  { method: "GET", pattern: "/organizations/:org/groups", access: WORKSPACE_MEMBER, handler: listGroups }
].map((route) => ({ ...route, errorStyle: "error_msg" }));

// emulator/routes/validation.ts
function configText(ctx) {
  const body = ctx.body;
  const text2 = isObject(body) ? body.bitrise_yml : typeof body === "string" ? body : void 0;
  if (typeof text2 !== "string" || text2.trim() === "")
    throw badRequest("bitrise_yml is required and must be the configuration as a non-empty string");
  return text2;
}
function validate(ctx) {
  const appSlug = ctx.query.get("app_slug") || void 0;
  const { errors, warnings } = ctx.model.validateConfig(ctx.user, appSlug, configText(ctx));
  return { status: 200, json: { errors, warnings } };
}
var CALLER_OR_APP_ROLE = {
  kind: "caller",
  rule: "any caller; with `app_slug`, any role on that app (404 otherwise)"
};
var validationRoutes = [
  { method: "POST", pattern: "/validate-bitrise-yml", access: CALLER_OR_APP_ROLE, handler: validate }
];

// emulator/routes/index.ts
var API_ROUTES = [
  ...appRoutes,
  ...configRoutes,
  ...validationRoutes,
  ...roleRoutes,
  ...buildRoutes,
  ...buildRequestRoutes,
  ...artifactRoutes,
  ...buildReportRoutes,
  ...pipelineRoutes,
  ...aiSummaryRoutes,
  ...accountRoutes
];

// emulator/control/request-log.ts
var MAX_LOGGED_REQUESTS = 1e4;
function bodyForLog(raw, contentType) {
  let parsed;
  try {
    parsed = parseBody(raw, contentType);
  } catch {
    return unparsedBody(raw);
  }
  return redactBody(parsed) ?? null;
}
var RequestLog = class {
  entries = [];
  /** Adds a request; `raw` is null when the body was not read. */
  add(method, url, req, raw) {
    if (this.entries.length >= MAX_LOGGED_REQUESTS) this.entries.shift();
    this.entries.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: raw === null ? null : bodyForLog(raw, req.headers["content-type"])
    });
  }
  clear() {
    this.entries = [];
  }
};

// emulator/server.ts
var CONTROL_PREFIX = "/_emulator";
var Timers = class {
  pending = /* @__PURE__ */ new Set();
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
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
};
function seedOf(options) {
  if (options.seed) return checkSeed(structuredClone(options.seed));
  return options.seedFile ? loadSeedFile(options.seedFile) : bundledSeed();
}
function dispatcher(api, control) {
  return (req, res) => {
    let url;
    try {
      url = new URL(req.url ?? "/", "http://emulator.invalid");
    } catch {
      answer(req, res, { status: 400, json: { message: "the request target is not a valid URL path" } });
      return;
    }
    let work;
    if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) work = handleApi(api, req, res, url);
    else if (url.pathname.startsWith(`${CONTROL_PREFIX}/`)) work = control(req, res, url);
    else if (url.pathname.startsWith(`${DOWNLOAD_PREFIX}/`)) work = serveDownload(api.model, req, res, url);
    else if (url.pathname.startsWith(`${RAW_LOG_PREFIX}/`))
      work = serveRawLog(api.model, req, res, url, { delayMs: api.logDelayMs, archiveDelayMs: api.logArchiveDelayMs });
    else if (isOidcPath(url.pathname)) work = serveOidc(api.model, req, res, url, api.origin());
    else
      work = Promise.resolve(
        answer(req, res, {
          status: 404,
          json: { message: `no endpoint ${url.pathname}; the API lives under ${API_PREFIX}` }
        })
      );
    work.catch((error) => answer(req, res, errorReply(error, "message")));
  };
}
async function listen(server, port, host) {
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server.address();
}
function scaledClock(scale, origin) {
  return scale === 1 ? Date.now : () => origin + (Date.now() - origin) * scale;
}
function replied(req, res, reply) {
  answer(req, res, reply);
  return true;
}
function replayOf(options) {
  return options.replayFile ? new ReplayPlayer(readTrace(options.replayFile), options.now ?? Date.now) : void 0;
}
var DEFAULT_REBUILD_DELAY_MS = 3e3;
function modelOf(options, timeOrigin) {
  return new MemoryModel(seedOf(options), {
    buildDurationMs: options.buildDurationMs ?? 2e3,
    now: options.now ?? scaledClock(options.timeScale ?? 1, timeOrigin),
    maxBuilds: options.maxBuilds,
    rebuildDelayMs: options.rebuildDelayMs ?? DEFAULT_REBUILD_DELAY_MS
  });
}
async function startEmulator(options = {}) {
  const timeOrigin = options.timeOrigin ?? Date.now();
  const model = modelOf(options, timeOrigin);
  const host = options.host ?? "127.0.0.1";
  const timers = new Timers();
  let origin = "";
  const requests = new RequestLog();
  const faults = new FaultInjector();
  const replay = replayOf(options);
  const api = {
    model,
    routes: API_ROUTES,
    origin: () => origin,
    logDelayMs: options.logDelayMs ?? 200,
    logArchiveDelayMs: options.logArchiveDelayMs ?? 1e3,
    async intercept(req, res, url, apiPath, raw) {
      const method = req.method ?? "GET";
      requests.add(method, url, req, raw);
      options.onRequest?.({ method, path: url.pathname, at: model.now() });
      const replayed = replay?.answer(method, apiPath, origin);
      if (replayed) return replied(req, res, replayed);
      const fault = faults.take(method, url.pathname, apiPath);
      return fault !== null && await applyFault(fault, req, res, (ms) => timers.sleep(ms));
    }
  };
  let controlToken = controlTokenRequired(host, options.requireControlToken === true) ? newControlToken() : null;
  async function handleControlRequest(req, res, url) {
    if (controlToken !== null && !controlTokenMatches(req.headers[CONTROL_TOKEN_HEADER], controlToken)) {
      const message = `the control endpoints need the ${CONTROL_TOKEN_HEADER} header, with the token the emulator printed at start`;
      answer(req, res, { status: 401, json: { message } });
      return;
    }
    try {
      const body = parseBody(await readBody(req, res), req.headers["content-type"]);
      const context = { body, model, requests, faults, faultsEnabled: options.enableFaults === true };
      answer(req, res, handleControl(req.method ?? "GET", url.pathname.slice(CONTROL_PREFIX.length), context));
    } catch (error) {
      answer(req, res, errorReply(error, "message"));
    }
  }
  const handle = dispatcher(api, handleControlRequest);
  const server = createServer(handle);
  server.on("checkContinue", handle);
  const { port, address } = await listen(server, options.port ?? 0, host);
  if (controlToken === null && !isLoopbackHost(address)) controlToken = newControlToken();
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const close = () => new Promise((resolve, reject) => {
    timers.clear();
    server.close((error) => error ? reject(error) : resolve());
    server.closeAllConnections();
  });
  return { url: `${origin}${API_PREFIX}`, origin, port, model, state: model.state, controlToken, timeOrigin, close };
}

// emulator/cli.ts
async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`service-emulator: ${error.message}
${USAGE}`);
    process.exit(2);
  }
  if (options === "help") {
    console.log(USAGE);
    return;
  }
  const emulator = await startEmulator(options);
  console.log(`service emulator listening on ${emulator.url}`);
  if (options.replayFile) console.log(`replaying the wire trace ${options.replayFile}`);
  if ((options.timeScale ?? 1) !== 1)
    console.log(`clock ${options.timeScale}x the wall clock from ${emulator.timeOrigin} (SERVICE_TIME_ORIGIN)`);
  if (emulator.controlToken !== null)
    console.log(`control endpoints need the header x-emulator-control-token: ${emulator.controlToken}`);
  const stop = () => {
    setTimeout(() => process.exit(0), 900).unref();
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1)
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
main().catch((error) => {
  console.error(`service-emulator: ${error.message}`);
  process.exit(1);
});
