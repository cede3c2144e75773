export const id = 280;
export const ids = [280,815];
export const modules = {

/***/ 9992:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hm: () => (/* binding */ statusWord),
/* harmony export */   _0: () => (/* binding */ readServiceBuild),
/* harmony export */   rD: () => (/* binding */ wholeNumber)
/* harmony export */ });
/* unused harmony export describeValue */
/* harmony import */ var _http_api_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2247);

const STATUS_WORDS = { 1: 'success', 2: 'failed', 3: 'aborted', 4: 'aborted-with-success' };
/** The word for a finished build's status; undefined while it runs (status 0). */
function statusWord(status) {
    return STATUS_WORDS[status];
}
/**
 * Checks a build record as received. Whole numbers may arrive as numeric strings
 * (some clients of the service send them so); any other value of `status` or
 * `build_number` is refused, naming the field, the value and its JSON type.
 */
function readServiceBuild(data, method, path) {
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
        throw invalid(method, path, `the build record is ${describeValue(data)}, not an object`);
    }
    const raw = data;
    let status;
    let buildNumber;
    try {
        status = wholeNumber(raw.status, 'status');
        buildNumber = wholeNumber(raw.build_number, 'build_number', true);
    }
    catch (error) {
        throw invalid(method, path, error.message);
    }
    if (status !== undefined && status !== 0 && statusWord(status) === undefined) {
        throw invalid(method, path, `unknown build status ${describeValue(raw.status)}; known: 0 (running), 1 (success), 2 (failed), 3 (aborted), 4 (aborted with success)`);
    }
    return {
        slug: text(raw.slug),
        build_number: buildNumber,
        status,
        status_text: text(raw.status_text),
        is_on_hold: raw.is_on_hold === true,
        abort_reason: text(raw.abort_reason),
        triggered_workflow: text(raw.triggered_workflow),
        finished_at: text(raw.finished_at)
    };
}
/**
 * A whole number, or a string of digits standing for one; undefined when absent
 * (and, where `nullable`, when null). Anything else throws naming the field, the
 * value and its JSON type.
 */
function wholeNumber(value, field, nullable = false) {
    if (value === undefined || (nullable && value === null))
        return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
        return value;
    if (typeof value === 'string' && /^\d{1,15}$/.test(value))
        return Number(value);
    throw new Error(`${field} is ${describeValue(value)}, not a whole number`);
}
/** A value from an answer, for an error message: its JSON text, cut short, and its JSON type, e.g. `"abc" (a string)`. */
function describeValue(value) {
    if (value === undefined)
        return 'missing';
    if (value === null)
        return 'null';
    const json = JSON.stringify(value) ?? String(value);
    const shown = json.length > 60 ? `${json.slice(0, 60)}...` : json;
    const type = Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
    return `${shown} (${type})`;
}
function text(value) {
    return typeof value === 'string' ? value : undefined;
}
function invalid(method, path, what) {
    return _http_api_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .h.invalidResponse({ method, path, message: `${method} ${path} answered a build record the action cannot read: ${what}` });
}


/***/ }),

/***/ 6815:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   abortBuild: () => (/* binding */ abortBuild),
/* harmony export */   z: () => (/* binding */ triggerBuild)
/* harmony export */ });
/* unused harmony export getBuild */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/* harmony import */ var _http_api_error_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2247);
/* harmony import */ var _build_record_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9992);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6484);




/** Starts a build. Never sent twice unless the first attempt provably did not arrive. */
async function triggerBuild(client, appSlug, params) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .buildsPath */ .f)(appSlug);
    const res = await client.request('POST', path, {
        body: { hook_info: { type: 'service' }, build_params: params },
        retry: 'once',
        ambiguousHint: "the build may have started; check the app's builds on the service before running the step again",
        noEffectHint: 'no build was started'
    });
    const body = res.body ?? {};
    const first = Array.isArray(body.results) && body.results.length > 0 ? body.results[0] : undefined;
    const pick = (key) => first?.[key] ?? body[key];
    // Every refusal below comes after the service accepted the call: the build may have started.
    const invalid = (message) => _http_api_error_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .h.invalidResponse({ method: 'POST', path, status: res.status, message, mayHaveTakenEffect: true });
    const buildSlug = pick('build_slug');
    if (typeof buildSlug !== 'string' || buildSlug === '') {
        throw invalid(`POST ${path} answered ${res.status} but named no build slug; the build may have started (answer: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .excerpt */ .Kb)(res.text, 200)})`);
    }
    const problem = (0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .slugProblem */ .fF)(buildSlug);
    if (problem) {
        throw invalid(`POST ${path} answered ${res.status}, but ${(0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .describeUnsafeSlug */ .nf)('build_slug', buildSlug, problem)}; the build may have started: check the app's builds on the service`);
    }
    let buildNumber;
    try {
        buildNumber = (0,_build_record_js__WEBPACK_IMPORTED_MODULE_2__/* .wholeNumber */ .rD)(pick('build_number'), 'build_number', true);
    }
    catch (error) {
        throw invalid(`POST ${path} answered ${res.status} and started build ${buildSlug}, but its ${error.message}`);
    }
    return { buildSlug, buildNumber, buildUrl: pick('build_url'), triggeredWorkflow: pick('triggered_workflow'), message: pick('message'), response: res.text };
}
/** Reads one build's record. */
async function getBuild(client, appSlug, buildSlug, signal) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .buildPath */ .UL)(appSlug, buildSlug);
    const res = await client.request('GET', path, { signal });
    return { record: (0,_build_record_js__WEBPACK_IMPORTED_MODULE_2__/* .readServiceBuild */ ._0)(res.body?.data, 'GET', path), response: res.text };
}
/**
 * Aborts a build. All four body fields are always sent: the interface makes them
 * optional, the published contract requires them. A refusal (400 or 409) is
 * checked by reading the build: one that has finished is the end an abort wants,
 * whether this call or the build itself got there first.
 */
async function abortBuild(client, appSlug, buildSlug, request, signal) {
    try {
        const res = await client.request('POST', (0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .buildPath */ .UL)(appSlug, buildSlug, 'abort'), {
            body: {
                abort_reason: request.abortReason,
                abort_with_success: request.abortWithSuccess,
                skip_git_status_report: request.skipGitStatusReport,
                skip_notifications: request.skipNotifications
            },
            // Aborting twice has the effect of aborting once.
            retry: 'idempotent',
            signal
        });
        return { kind: 'aborted', response: res.text };
    }
    catch (error) {
        if (!(0,_http_api_error_js__WEBPACK_IMPORTED_MODULE_1__/* .isHttpError */ .d)(error, 400, 409))
            throw error;
        return finishedInstead(client, appSlug, buildSlug, error, signal);
    }
}
/** After a refused abort: the build's end when it has finished, else the refusal as the service gave it. */
async function finishedInstead(client, appSlug, buildSlug, refusal, signal) {
    let read;
    try {
        read = await getBuild(client, appSlug, buildSlug, signal);
    }
    catch {
        throw refusal;
    }
    const word = read.record.status === undefined ? undefined : (0,_build_record_js__WEBPACK_IMPORTED_MODULE_2__/* .statusWord */ .Hm)(read.record.status);
    if (!word)
        throw refusal;
    const byEarlierAttempt = refusal.earlierAttemptMayHaveApplied && (word === 'aborted' || word === 'aborted-with-success');
    return { kind: 'finished', status: word, record: read.record, response: read.response, byEarlierAttempt };
}


/***/ }),

/***/ 6484:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K7: () => (/* binding */ orgPath),
/* harmony export */   UL: () => (/* binding */ buildPath),
/* harmony export */   X4: () => (/* binding */ appPath),
/* harmony export */   a5: () => (/* binding */ appsListPath),
/* harmony export */   eA: () => (/* binding */ machineTypesPath),
/* harmony export */   f: () => (/* binding */ buildsPath),
/* harmony export */   fF: () => (/* binding */ slugProblem),
/* harmony export */   il: () => (/* binding */ REGISTER_PATH),
/* harmony export */   ks: () => (/* binding */ rolePath),
/* harmony export */   nf: () => (/* binding */ describeUnsafeSlug)
/* harmony export */ });
/* unused harmony exports userAppsPath, userMachineTypesPath */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3916);
/**
 * Service paths, with every slug encoded so a value can never change the path's shape.
 * Encoding alone is not enough: `.` and `..` come through it unchanged and are then
 * resolved as path steps, so slugs are also checked.
 */

/**
 * Why a slug (typically one the service sent) cannot go into a path, or undefined
 * when it can: empty, a `.` or `..` step, a separator or `%`, or a control character.
 */
function slugProblem(value) {
    if (typeof value !== 'string')
        return value === undefined || value === null ? 'it is missing' : `it is a ${typeof value}, not text`;
    if (value === '')
        return 'it is empty';
    if (value.length > 200)
        return 'it is longer than 200 characters';
    if (value === '.' || value.includes('..'))
        return 'it holds ".", or ".." which would climb out of the path';
    if (/[/\\%]/.test(value))
        return 'it holds "/", "\\" or "%", which would change the path';
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f-\u009f]/.test(value))
        return 'it holds a control character';
    return undefined;
}
/** One line for a slug the service sent that cannot be used: the field, the value quoted and cut, and why. */
function describeUnsafeSlug(field, value, problem) {
    const shown = typeof value === 'string' ? ` ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(value)}` : '';
    return `its ${field}${shown} cannot be used in a request path: ${problem}`;
}
/** One path segment: a slug checked, then encoded. */
function segment(what, slug) {
    const problem = slugProblem(slug);
    if (problem)
        throw new Error(`The ${what} ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(String(slug))} cannot be used in a request path: ${problem}`);
    return encodeURIComponent(slug);
}
/** An app, or a call under it. */
function appPath(appSlug, ...rest) {
    return ['/apps', segment('app slug', appSlug), ...rest].join('/');
}
/** A Workspace, or a call under it. */
function orgPath(orgSlug, ...rest) {
    return ['/organizations', segment('Workspace slug', orgSlug), ...rest].join('/');
}
/** The apps of a user. */
function userAppsPath(userSlug) {
    return `/users/${segment('user slug', userSlug)}/apps`;
}
/** The user migration path is singular (`/user/`), unlike the user apps list (`/users/`). */
function userMachineTypesPath(userSlug) {
    return `/user/${segment('user slug', userSlug)}/apps/machine_types`;
}
/** The apps list of a scope: a Workspace's, a user's, or the caller's own. */
function appsListPath(scope) {
    if (scope.orgSlug)
        return orgPath(scope.orgSlug, 'apps');
    if (scope.userSlug)
        return userAppsPath(scope.userSlug);
    return '/apps';
}
/** The path of app registration, the first step of register-app. */
const REGISTER_PATH = '/apps/register';
/** The builds of an app: where a build is triggered. */
function buildsPath(appSlug) {
    return appPath(appSlug, 'builds');
}
/** One build of an app, or a call under it (`abort`, `log`). */
function buildPath(appSlug, buildSlug, ...rest) {
    return [appPath(appSlug, 'builds', segment('build slug', buildSlug)), ...rest].join('/');
}
/** The machine type migration of a Workspace or of a user. */
function machineTypesPath(scope) {
    return scope.kind === 'organization' ? orgPath(scope.slug, 'apps', 'machine_types') : userMachineTypesPath(scope.slug);
}
/** The groups holding one role on an app's team. */
function rolePath(appSlug, role) {
    return appPath(appSlug, 'roles', encodeURIComponent(role));
}


/***/ }),

/***/ 2899:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ defineOperation)
/* harmony export */ });
/** Declares an operation, inferring its inputs' type from `read`. */
function defineOperation(module) {
    return module;
}


/***/ }),

/***/ 7762:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  WW: () => (/* binding */ WAIT_INPUTS),
  b5: () => (/* binding */ readWaitSettings),
  LG: () => (/* binding */ waitAndReport)
});

// EXTERNAL MODULE: ./src/api/builds.ts
var builds = __webpack_require__(6815);
;// CONCATENATED MODULE: ./src/durations.ts
/** Durations in words, for the log: what a number in an input turned out to mean. */
const UNITS = [
    [3_600_000, 'hour'],
    [60_000, 'minute']
];
/** A duration in words, e.g. `5 seconds`, `1 minute 30 seconds`, `2 hours`, `0.1 seconds`. */
function describeDuration(ms) {
    const parts = [];
    let rest = Math.max(0, Math.round(ms));
    for (const [size, name] of UNITS) {
        const count = Math.floor(rest / size);
        if (count > 0)
            parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
        rest -= count * size;
    }
    if (rest > 0 || parts.length === 0) {
        const secondsValue = Number((rest / 1000).toFixed(3));
        parts.push(`${secondsValue} second${secondsValue === 1 ? '' : 's'}`);
    }
    return parts.join(' ');
}

// EXTERNAL MODULE: ./src/http/api-error.ts
var api_error = __webpack_require__(2247);
// EXTERNAL MODULE: ./src/sleep.ts
var sleep = __webpack_require__(6972);
// EXTERNAL MODULE: ./src/api/build-record.ts
var build_record = __webpack_require__(9992);
// EXTERNAL MODULE: ./src/api/paths.ts
var paths = __webpack_require__(6484);
;// CONCATENATED MODULE: ./src/api/watch-build.ts
/** Watching a build until it ends: status polls, a heartbeat, and the build log as it grows. */





/** How long a 404 for the build (or its log) is taken as "not there yet" after waiting starts. */
const NOT_FOUND_GRACE_MS = 30_000;
/**
 * Polls the build until it finishes, the wait times out or the job is cancelled.
 * Failures of the status call (5xx, timeouts, a 404 right after the trigger) do
 * not end the wait; a 401 or 403 does.
 */
function waitForBuild(client, params) {
    return new BuildWatcher(client, params).run();
}
/** One wait: the loop of waitForBuild and what it remembers between polls. */
class BuildWatcher {
    client;
    params;
    started = Date.now();
    deadline;
    heartbeatMs;
    statusPath;
    logs;
    lastPrinted = this.started;
    record;
    reportedHold = false;
    warnedFailure = false;
    lastPhase;
    constructor(client, params) {
        this.client = client;
        this.params = params;
        this.deadline = this.started + params.timeoutMs;
        this.heartbeatMs = params.heartbeatMs ?? 60_000;
        this.statusPath = (0,paths/* buildPath */.UL)(params.appSlug, params.buildSlug);
        const printLog = params.printLog;
        this.logs =
            params.streamLogs && printLog
                ? new LogStreamer(client, (0,paths/* buildPath */.UL)(params.appSlug, params.buildSlug, 'log'), (text) => {
                    this.lastPrinted = Date.now();
                    printLog(text);
                })
                : undefined;
    }
    async run() {
        const signal = this.params.signal;
        for (;;) {
            if (signal.aborted)
                return { kind: 'cancelled', record: this.record };
            const read = await this.readStatus();
            if (read === 'cancelled')
                return { kind: 'cancelled', record: this.record };
            // Checked outside the call's error handling: a record the action cannot read is not a passing fault.
            if (read.data !== undefined)
                this.record = (0,build_record/* readServiceBuild */._0)(read.data, 'GET', this.statusPath);
            const record = this.record;
            const word = record?.status === undefined ? undefined : (0,build_record/* statusWord */.Hm)(record.status);
            if (record && !word)
                this.reportProgress(record);
            // Read after the status, so once the build is seen finished this read has its whole log.
            if (this.logs)
                await this.logs.poll(signal);
            if (record && word)
                return { kind: 'finished', status: word, succeeded: word === 'success' || word === 'aborted-with-success', record, response: read.response };
            if (Date.now() >= this.deadline)
                return { kind: 'timed-out', record };
            await this.sleepUntilNextPoll();
        }
    }
    log(line) {
        this.lastPrinted = Date.now();
        this.params.log(line);
    }
    /** One status read; a failure the wait rides out gives no data and is said once. */
    async readStatus() {
        try {
            const res = await this.client.request('GET', this.statusPath, { signal: this.params.signal });
            return { data: res.body?.data, response: res.text };
        }
        catch (error) {
            if (this.params.signal.aborted)
                return 'cancelled';
            if (!(error instanceof api_error/* ApiError */.h) || !this.tolerated(error))
                throw error;
            if (!this.warnedFailure) {
                this.log(`Reading the build status failed (${error.message}); still waiting.`);
                this.warnedFailure = true;
            }
            return { response: '' };
        }
    }
    tolerated(error) {
        return error.kind !== 'http' || error.status === 429 || (error.status ?? 0) >= 500 || (error.status === 404 && Date.now() - this.started < NOT_FOUND_GRACE_MS);
    }
    /** Says when an unfinished build is first held, or changes phase. */
    reportProgress(record) {
        const phase = phaseOf(record);
        const { buildSlug, buildUrl } = this.params;
        if (record.is_on_hold && !this.reportedHold) {
            this.log(`Build ${buildSlug} is on hold, waiting for approval: someone must approve it on the service before it runs${buildUrl ? ` (${buildUrl})` : ''}.`);
            this.params.onHold?.();
            this.reportedHold = true;
        }
        else if (phase !== this.lastPhase) {
            this.log(`Build ${buildSlug}: ${phase}`);
        }
        this.lastPhase = phase;
    }
    /** Sleeps until the next poll, waking to print a heartbeat when nothing was printed for a while. */
    async sleepUntilNextPoll() {
        const pollAt = Math.min(Date.now() + this.params.pollIntervalMs, this.deadline);
        for (;;) {
            const now = Date.now();
            if (this.params.signal.aborted || now >= pollAt)
                return;
            const beatAt = this.lastPrinted + this.heartbeatMs;
            if (now >= beatAt) {
                const elapsed = describeDuration(Math.floor((now - this.started) / 1000) * 1000);
                this.log(`Still waiting for build ${this.params.buildSlug}: ${elapsed} elapsed, ${this.lastPhase ?? 'status not known yet'}`);
                continue;
            }
            await (0,sleep/* sleep */.y)(Math.min(pollAt, beatAt) - now, this.params.signal);
        }
    }
}
/** The state of an unfinished build, in words: on hold, or running with the service's own word. */
function phaseOf(record) {
    if (record.is_on_hold)
        return 'on hold, waiting for approval';
    return `running${record.status_text ? ` (${record.status_text})` : ''}`;
}
/** Prints a build's log as it grows: chunks in position order, each once. */
class LogStreamer {
    client;
    path;
    print;
    printed = new Set();
    failed = false;
    constructor(client, path, print) {
        this.client = client;
        this.path = path;
        this.print = print;
    }
    async poll(signal) {
        if (this.failed || signal.aborted)
            return;
        let chunks;
        try {
            const res = await this.client.request('GET', this.path, { signal });
            chunks = Array.isArray(res.body?.log_chunks) ? res.body.log_chunks : [];
        }
        catch (error) {
            // The log does not exist for a moment after the trigger; other failures stop the streaming, not the wait.
            if (error instanceof api_error/* ApiError */.h && error.status !== 404 && error.kind !== 'cancelled')
                this.failed = true;
            return;
        }
        const fresh = chunks
            .filter((c) => typeof c.position === 'number' && typeof c.chunk === 'string' && !this.printed.has(c.position))
            .sort((a, b) => a.position - b.position);
        for (const c of fresh) {
            this.printed.add(c.position);
            this.print(c.chunk.replace(/\n$/, ''));
        }
    }
}

// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(7242);
// EXTERNAL MODULE: ./src/input-readers.ts
var input_readers = __webpack_require__(34);
;// CONCATENATED MODULE: ./src/operations/waiting.ts
/**
 * Waiting for a build, shared by trigger (with wait: true) and wait: the inputs
 * that shape the wait, and the wait itself with how it ends — a result, or, after
 * a wait-timeout or a cancelled job, an abort of the build.
 */






/** The inputs readWaitSettings reads. */
const WAIT_INPUTS = [constants/* Input */.pd.waitTimeout, constants/* Input */.pd.pollInterval, constants/* Input */.pd.failOnBuildFailure, constants/* Input */.pd.streamLogs];
/** Reads the wait settings. */
function readWaitSettings(get, env) {
    const timeoutMs = (0,input_readers/* durationMs */.pc)(get, constants/* Input */.pd.waitTimeout, 3600, 1, 6 * 3600);
    const given = get(constants/* Input */.pd.waitTimeout);
    const warnings = [];
    // A bare number is seconds, as documented; one under a minute was likely meant as minutes.
    if (/^\d+(\.\d+)?$/.test(given) && timeoutMs < 60_000) {
        warnings.push(`${constants/* Input */.pd.waitTimeout}: ${given} means ${describeDuration(timeoutMs)} (a number without a unit is seconds); a build still running then is aborted. If minutes were meant, add the unit: ${given}m.`);
    }
    const heartbeat = Number(env.SERVICE_HEARTBEAT_MS);
    return {
        timeoutMs,
        pollIntervalMs: (0,input_readers/* durationMs */.pc)(get, constants/* Input */.pd.pollInterval, 10, 0.05, 600),
        failOnBuildFailure: (0,input_readers/* booleanFlag */.Fg)(get, constants/* Input */.pd.failOnBuildFailure, true),
        streamLogs: (0,input_readers/* booleanFlag */.Fg)(get, constants/* Input */.pd.streamLogs, true),
        heartbeatMs: heartbeat > 0 ? heartbeat : 60_000,
        warnings
    };
}
/**
 * Waits for the build and reports its end. A timeout or a job cancellation aborts
 * the build; the build is saved in the step state first, so the post step can
 * abort it if this process is killed before it could.
 */
async function waitAndReport(build, settings, ctx) {
    ctx.saveState(constants/* State */.Uw.pendingBuild, JSON.stringify({ appSlug: build.appSlug, buildSlug: build.buildSlug }));
    for (const warning of settings.warnings)
        ctx.warning(warning);
    ctx.info(`Waiting for build ${build.buildSlug} (wait-timeout: ${describeDuration(settings.timeoutMs)}, poll-interval: ${describeDuration(settings.pollIntervalMs)}, stream-logs: ${settings.streamLogs})`);
    let result;
    try {
        result = settings.streamLogs ? await ctx.group(`Build log of ${build.buildSlug}`, () => watch(build, settings, ctx)) : await watch(build, settings, ctx);
    }
    catch (error) {
        // Only a wait-timeout or a cancelled job aborts the build; after any other
        // failure the build is left running, so the post step must not abort it either.
        if (ctx.signal.aborted)
            throw error;
        ctx.saveState(constants/* State */.Uw.pendingBuild, '');
        throw leftRunning(error, build.buildSlug);
    }
    if (result.kind === 'finished')
        return reportFinished(build, result, settings, ctx);
    return stopAndAbort(build, result.kind, settings, ctx);
}
function watch({ appSlug, buildSlug, section, buildUrl }, settings, ctx) {
    return waitForBuild(ctx.client, {
        appSlug,
        buildSlug,
        timeoutMs: settings.timeoutMs,
        pollIntervalMs: settings.pollIntervalMs,
        streamLogs: settings.streamLogs,
        heartbeatMs: settings.heartbeatMs,
        signal: ctx.signal,
        buildUrl,
        log: (line) => ctx.info(line),
        printLog: (text) => ctx.info(text),
        onHold: () => section.lines?.push(buildUrl
            ? "The build was held for approval on the service: someone with access to the app approves it on the build's page (Open the build, above)."
            : `The build was held for approval on the service: someone with access to the app approves it on the page of build ${buildSlug} of app ${appSlug}.`)
    });
}
function reportFinished(build, result, settings, ctx) {
    ctx.saveState(constants/* State */.Uw.pendingBuild, '');
    ctx.output(constants/* Output */.k7.buildStatus, result.status);
    ctx.output(constants/* Output */.k7.buildStatusText, result.record.status_text ?? result.status);
    ctx.output(constants/* Output */.k7.response, result.response);
    build.section.facts?.push(['Result', result.status]);
    if (result.record.abort_reason)
        build.section.facts?.push(['Abort reason', result.record.abort_reason]);
    const message = `Build ${build.buildSlug} finished: ${result.status}${result.record.status_text ? ` (${result.record.status_text})` : ''}`;
    if (!result.succeeded && settings.failOnBuildFailure)
        throw new Error(`${message}. Set fail-on-build-failure: false to let the step pass.`);
    ctx.info(message);
}
/** After a wait-timeout or a cancelled job: aborts the build and fails the step saying why. */
async function stopAndAbort({ appSlug, buildSlug, section }, kind, settings, ctx) {
    const why = kind === 'timed-out' ? `the wait-timeout of ${settings.timeoutMs / 1000} s was reached` : 'the GitHub job was cancelled';
    ctx.output(constants/* Output */.k7.buildStatus, kind);
    ctx.output(constants/* Output */.k7.buildStatusText, why);
    section.facts?.push(['Result', `${kind}: build aborted`]);
    let outcome;
    try {
        outcome = await (0,builds.abortBuild)(ctx.client, appSlug, buildSlug, {
            abortReason: `Aborted by the GitHub Action: ${why}${ctx.runUrl ? ` (${ctx.runUrl})` : ''}`,
            abortWithSuccess: false,
            skipNotifications: false,
            skipGitStatusReport: false
        });
        ctx.saveState(constants/* State */.Uw.pendingBuild, '');
    }
    catch (error) {
        throw new Error(`Stopped waiting for build ${buildSlug} because ${why}, and aborting it failed: ${error.message}`, { cause: error });
    }
    if (outcome.kind === 'finished' && !outcome.byEarlierAttempt) {
        throw new Error(`Stopped waiting for build ${buildSlug} because ${why}; the build had just finished (${outcome.status}), so there was nothing to abort.`);
    }
    throw new Error(`Stopped waiting for build ${buildSlug} because ${why}; the build was aborted.`);
}
/** The error, saying the build was left as it is. */
function leftRunning(error, buildSlug) {
    const suffix = `; build ${buildSlug} was left as it is (the action aborts a build only when the wait-timeout runs out or the job is cancelled)`;
    if (error instanceof api_error/* ApiError */.h)
        return error.withSuffix(suffix);
    return new Error(`${error instanceof Error ? error.message : String(error)}${suffix}`, { cause: error });
}


/***/ })

};
