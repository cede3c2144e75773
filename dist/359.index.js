export const id = 359;
export const ids = [359,684];
export const modules = {

/***/ 2684:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   abortBuild: () => (/* binding */ abortBuild)
/* harmony export */ });
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9592);
/* harmony import */ var _build_record_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(754);


/**
 * Aborts a build. All four body fields are always sent: the interface makes them
 * optional, the published contract requires them. A refusal (400 or 409) is
 * checked by reading the build: one that has finished is the end an abort wants,
 * whether this call or the build itself got there first.
 */
async function abortBuild(client, appSlug, buildSlug, options, signal) {
    try {
        const res = await client.post(`${(0,_build_record_js__WEBPACK_IMPORTED_MODULE_1__/* .buildPath */ .UL)(appSlug, buildSlug)}/abort`, {
            abort_reason: options.abortReason,
            abort_with_success: options.abortWithSuccess,
            skip_git_status_report: options.skipGitStatusReport,
            skip_notifications: options.skipNotifications
        }, 
        // Aborting twice has the effect of aborting once.
        { retry: 'idempotent', signal });
        return { kind: 'aborted', response: res.text };
    }
    catch (error) {
        if (!(error instanceof _client_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD) || error.kind !== 'http' || (error.status !== 400 && error.status !== 409))
            throw error;
        let read;
        try {
            read = await (0,_build_record_js__WEBPACK_IMPORTED_MODULE_1__/* .getBuild */ .ls)(client, appSlug, buildSlug, signal);
        }
        catch {
            // The build cannot be read back: the refusal stands as the service gave it.
            throw error;
        }
        const word = read.record.status === undefined ? undefined : (0,_build_record_js__WEBPACK_IMPORTED_MODULE_1__/* .statusWord */ .Hm)(read.record.status);
        if (!word)
            throw error;
        return {
            kind: 'finished',
            status: word,
            record: read.record,
            response: read.response,
            byEarlierAttempt: error.earlierAttemptMayHaveApplied && (word === 'aborted' || word === 'aborted-with-success')
        };
    }
}


/***/ }),

/***/ 754:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hm: () => (/* binding */ statusWord),
/* harmony export */   UL: () => (/* binding */ buildPath),
/* harmony export */   ls: () => (/* binding */ getBuild),
/* harmony export */   mx: () => (/* binding */ readBuildRecord),
/* harmony export */   rD: () => (/* binding */ wholeNumber)
/* harmony export */ });
/* unused harmony export describeValue */
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9592);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6698);


const STATUS_WORDS = { 1: 'success', 2: 'failed', 3: 'aborted', 4: 'aborted-with-success' };
/** The word for a finished build's status; undefined while it runs (status 0). */
function statusWord(status) {
    return STATUS_WORDS[status];
}
/** The build's path on the service. */
function buildPath(appSlug, buildSlug) {
    return (0,_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .appPath */ .X4)(appSlug, 'builds', encodeURIComponent(buildSlug));
}
/**
 * Checks a build record as received. Whole numbers may arrive as numeric strings
 * (some clients of the service send them so); any other value of `status` or
 * `build_number` is refused, naming the field, the value and its JSON type.
 */
function readBuildRecord(data, method, path) {
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
/** Reads one build's record. */
async function getBuild(client, appSlug, buildSlug, signal) {
    const path = buildPath(appSlug, buildSlug);
    const res = await client.get(path, { signal });
    return { record: readBuildRecord(res.body?.data, 'GET', path), response: res.text };
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
    return new _client_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD(`${method} ${path} answered a build record the action cannot read: ${what}`, 'invalid-response', method, path);
}


/***/ }),

/***/ 8359:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runAbort: () => (/* binding */ runAbort),
  runTrigger: () => (/* binding */ runTrigger),
  runWait: () => (/* binding */ runWait)
});

// EXTERNAL MODULE: ./src/runner.ts
var runner = __webpack_require__(4813);
// EXTERNAL MODULE: ./src/client.ts
var src_client = __webpack_require__(9592);
// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(7242);
// EXTERNAL MODULE: ./src/durations.ts
var durations = __webpack_require__(5534);
// EXTERNAL MODULE: ./src/secrets.ts
var secrets = __webpack_require__(7194);
// EXTERNAL MODULE: ./src/operations/abort.ts
var abort = __webpack_require__(2684);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/operations/build-record.ts
var build_record = __webpack_require__(754);
// EXTERNAL MODULE: ./src/operations/paths.ts
var paths = __webpack_require__(6698);
;// CONCATENATED MODULE: ./src/operations/trigger.ts




/** Starts a build. Never sent twice unless the first attempt provably did not arrive. */
async function triggerBuild(client, appSlug, params) {
    const path = `/apps/${encodeURIComponent(appSlug)}/builds`;
    const res = await client.post(path, { hook_info: { type: 'service' }, build_params: params }, {
        retry: 'once',
        ambiguousHint: 'the build may have started; check the app\'s builds on the service before running the step again',
        noEffectHint: 'no build was started'
    });
    const body = res.body ?? {};
    const first = Array.isArray(body.results) && body.results.length > 0 ? body.results[0] : undefined;
    const pick = (key) => first?.[key] ?? body[key];
    const buildSlug = pick('build_slug');
    if (typeof buildSlug !== 'string' || buildSlug === '') {
        throw new src_client/* ApiError */.hD(`POST ${path} answered ${res.status} but named no build slug; the build may have started (answer: ${(0,errors/* excerpt */.Kb)(res.text, 200)})`, 'invalid-response', 'POST', path, res.status, undefined, true);
    }
    const problem = (0,paths/* slugProblem */.fF)(buildSlug);
    if (problem) {
        throw new src_client/* ApiError */.hD(`POST ${path} answered ${res.status}, but ${(0,paths/* describeUnsafeSlug */.nf)('build_slug', buildSlug, problem)}; the build may have started: check the app's builds on the service`, 'invalid-response', 'POST', path, res.status, undefined, true);
    }
    let buildNumber;
    try {
        buildNumber = (0,build_record/* wholeNumber */.rD)(pick('build_number'), 'build_number', true);
    }
    catch (error) {
        throw new src_client/* ApiError */.hD(`POST ${path} answered ${res.status} and started build ${buildSlug}, but its ${error.message}`, 'invalid-response', 'POST', path, res.status, undefined, true);
    }
    return {
        buildSlug,
        buildNumber,
        buildUrl: pick('build_url'),
        triggeredWorkflow: pick('triggered_workflow'),
        message: pick('message'),
        response: res.text
    };
}

;// CONCATENATED MODULE: ./src/operations/wait.ts



/** How long a 404 for the build (or its log) is taken as "not there yet" after waiting starts. */
const NOT_FOUND_GRACE_MS = 30_000;
/**
 * Polls the build until it finishes, the wait times out or the job is cancelled.
 * Failures of the status call (5xx, timeouts, a 404 right after the trigger) do
 * not end the wait; a 401 or 403 does.
 */
async function waitForBuild(client, params) {
    const started = Date.now();
    const deadline = started + params.timeoutMs;
    const heartbeatMs = params.heartbeatMs ?? 60_000;
    const statusPath = (0,build_record/* buildPath */.UL)(params.appSlug, params.buildSlug);
    let lastPrinted = started;
    const log = (line) => {
        lastPrinted = Date.now();
        params.log(line);
    };
    const printLog = params.printLog;
    const logs = params.streamLogs && printLog
        ? new LogStreamer(client, `${statusPath}/log`, (text) => {
            lastPrinted = Date.now();
            printLog(text);
        })
        : undefined;
    let record;
    let reportedHold = false;
    let warnedFailure = false;
    let lastPhase;
    for (;;) {
        if (params.signal.aborted)
            return { kind: 'cancelled', record };
        let response = '';
        let data;
        try {
            const res = await client.get(statusPath, { signal: params.signal });
            data = res.body?.data;
            response = res.text;
        }
        catch (error) {
            if (params.signal.aborted)
                return { kind: 'cancelled', record };
            if (!(error instanceof src_client/* ApiError */.hD))
                throw error;
            const tolerated = error.kind !== 'http' ||
                error.status === 429 ||
                (error.status ?? 0) >= 500 ||
                (error.status === 404 && Date.now() - started < NOT_FOUND_GRACE_MS);
            if (!tolerated)
                throw error;
            if (!warnedFailure) {
                log(`Reading the build status failed (${error.message}); still waiting.`);
                warnedFailure = true;
            }
        }
        // Checked outside the call's error handling: a record the action cannot read is not a passing fault.
        if (data !== undefined)
            record = (0,build_record/* readBuildRecord */.mx)(data, 'GET', statusPath);
        const word = record?.status === undefined ? undefined : (0,build_record/* statusWord */.Hm)(record.status);
        if (record && !word) {
            const phase = phaseOf(record);
            if (record.is_on_hold && !reportedHold) {
                log(`Build ${params.buildSlug} is on hold, waiting for approval: someone must approve it on the service before it runs${params.buildUrl ? ` (${params.buildUrl})` : ''}.`);
                params.onHold?.();
                reportedHold = true;
            }
            else if (phase !== lastPhase) {
                log(`Build ${params.buildSlug}: ${phase}`);
            }
            lastPhase = phase;
        }
        // Read after the status, so once the build is seen finished this read has its whole log.
        if (logs)
            await logs.poll(params.signal);
        if (record && word) {
            return { kind: 'finished', status: word, succeeded: word === 'success' || word === 'aborted-with-success', record, response };
        }
        if (Date.now() >= deadline)
            return { kind: 'timed-out', record };
        // Sleep until the next poll, waking to print a heartbeat when nothing was printed for a while.
        const pollAt = Math.min(Date.now() + params.pollIntervalMs, deadline);
        for (;;) {
            const now = Date.now();
            if (params.signal.aborted || now >= pollAt)
                break;
            const beatAt = lastPrinted + heartbeatMs;
            if (now >= beatAt) {
                log(`Still waiting for build ${params.buildSlug}: ${(0,durations/* describeDuration */.M)(Math.floor((now - started) / 1000) * 1000)} elapsed, ${lastPhase ?? 'status not known yet'}`);
                continue;
            }
            await (0,src_client/* sleep */.yy)(Math.min(pollAt, beatAt) - now, params.signal);
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
            const res = await this.client.get(this.path, { signal });
            chunks = Array.isArray(res.body?.log_chunks) ? res.body.log_chunks : [];
        }
        catch (error) {
            // The log does not exist for a moment after the trigger; other failures stop the streaming, not the wait.
            if (error instanceof src_client/* ApiError */.hD && error.status !== 404 && error.kind !== 'cancelled')
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

;// CONCATENATED MODULE: ./src/operations/builds.ts








/** operation: trigger — starts the build, sets its outputs at once, then waits when asked. */
async function runTrigger(inputs, ctx) {
    const params = inputs.params;
    for (const note of inputs.notes)
        runner/* notice */.lm(note);
    for (const warning of inputs.warnings)
        runner/* warning */.$e(warning);
    const build = await triggerBuild(ctx.client, inputs.appSlug, params);
    ctx.report.output(constants/* Output */.k7.buildSlug, build.buildSlug);
    ctx.report.output(constants/* Output */.k7.buildNumber, build.buildNumber);
    ctx.report.output(constants/* Output */.k7.buildUrl, build.buildUrl);
    ctx.report.output(constants/* Output */.k7.triggeredWorkflow, build.triggeredWorkflow);
    ctx.report.output(constants/* Output */.k7.response, build.response);
    runner/* info */.pq((0,secrets/* redact */.E$)(`Triggered build ${build.buildNumber !== undefined ? `#${build.buildNumber} ` : ''}${build.buildSlug}${build.buildUrl ? `: ${build.buildUrl}` : ''}`));
    const section = {
        heading: `Build ${build.buildNumber !== undefined ? `#${build.buildNumber}` : build.buildSlug} triggered on ${inputs.appSlug}`,
        link: httpLink(build.buildUrl),
        facts: [
            ['Workflow', build.triggeredWorkflow ?? params.workflow_id],
            ['Branch', params.branch],
            ['Tag', params.tag],
            ['Commit', params.commit_hash],
            ['Pull request', params.pull_request_id],
            ['Target branch', params.branch_dest],
            ['Source owner', params.branch_repo_owner],
            ['Target owner', params.branch_dest_repo_owner],
            ['Environment variables', params.environments?.map((e) => e.mapped_to).join(', ')],
            ['Parameters from event', inputs.fromEvent],
            ['Build slug', build.buildSlug]
        ],
        lines: [...inputs.notes, ...inputs.warnings]
    };
    ctx.report.summary(section);
    if (inputs.wait)
        await waitAndReport(inputs.appSlug, build.buildSlug, inputs.wait, ctx, section, section.link?.href);
}
/** operation: wait — waits for an existing build. */
async function runWait(inputs, ctx) {
    const section = { heading: `Build ${inputs.buildSlug} on ${inputs.appSlug}`, facts: [['Build slug', inputs.buildSlug]], lines: [] };
    ctx.report.summary(section);
    ctx.report.output(constants/* Output */.k7.buildSlug, inputs.buildSlug);
    await waitAndReport(inputs.appSlug, inputs.buildSlug, inputs.wait, ctx, section);
}
/** operation: abort — aborts a running build. */
async function runAbort(inputs, ctx) {
    const result = await (0,abort.abortBuild)(ctx.client, inputs.appSlug, inputs.buildSlug, inputs);
    ctx.report.output(constants/* Output */.k7.response, result.response);
    ctx.report.output(constants/* Output */.k7.buildSlug, inputs.buildSlug);
    const facts = [
        ['Reason', inputs.abortReason],
        ['Counted as successful', inputs.abortWithSuccess],
        ['Email notifications skipped', inputs.skipNotifications],
        ['Git status report skipped', inputs.skipGitStatusReport]
    ];
    if (result.kind === 'aborted') {
        runner/* info */.pq(`Aborted build ${inputs.buildSlug}`);
        ctx.report.summary({ heading: `Build ${inputs.buildSlug} aborted on ${inputs.appSlug}`, facts });
        return;
    }
    const final = `${result.status}${result.record.status_text ? ` (${result.record.status_text})` : ''}`;
    ctx.report.output(constants/* Output */.k7.buildStatus, result.status);
    ctx.report.output(constants/* Output */.k7.buildStatusText, result.record.status_text ?? result.status);
    if (result.byEarlierAttempt) {
        const message = `Aborted build ${inputs.buildSlug}: the first abort request took effect but its answer was lost; the retry found the build already finished, and reading it back shows it ${final}.`;
        runner/* info */.pq((0,secrets/* redact */.E$)(message));
        ctx.report.summary({ heading: `Build ${inputs.buildSlug} aborted on ${inputs.appSlug}`, lines: [message], facts: [...facts, ['Result', result.status]] });
        return;
    }
    const message = `Build ${inputs.buildSlug} had already finished before it could be aborted; its final status is ${final}.`;
    if (inputs.failIfFinished)
        throw new Error((0,secrets/* redact */.E$)(`${message} Set ${constants/* Input */.pd.failIfFinished}: false to let the step pass when the build has already finished.`));
    runner/* notice */.lm((0,secrets/* redact */.E$)(`${message} Nothing was changed.`));
    ctx.report.summary({
        heading: `Build ${inputs.buildSlug} had already finished on ${inputs.appSlug}`,
        lines: [`${message} Nothing was changed.`],
        facts: [['Result', result.status]]
    });
}
/**
 * Waits for the build and reports its end. A timeout or a job cancellation aborts
 * the build; the build is saved in the step state first, so the post step can
 * abort it if this process is killed before it could.
 */
async function waitAndReport(appSlug, buildSlug, options, ctx, section, buildUrl) {
    runner/* saveState */.LZ(constants/* State */.Uw.pendingBuild, JSON.stringify({ appSlug, buildSlug }));
    for (const warning of options.warnings)
        runner/* warning */.$e(warning);
    runner/* info */.pq(`Waiting for build ${buildSlug} (wait-timeout: ${(0,durations/* describeDuration */.M)(options.timeoutMs)}, poll-interval: ${(0,durations/* describeDuration */.M)(options.pollIntervalMs)}, stream-logs: ${options.streamLogs})`);
    if (options.streamLogs)
        runner/* startGroup */.Oh(`Build log of ${buildSlug}`);
    let result;
    try {
        result = await waitForBuild(ctx.client, {
            appSlug,
            buildSlug,
            timeoutMs: options.timeoutMs,
            pollIntervalMs: options.pollIntervalMs,
            streamLogs: options.streamLogs,
            heartbeatMs: options.heartbeatMs,
            signal: ctx.signal,
            buildUrl,
            log: (line) => runner/* info */.pq((0,secrets/* redact */.E$)(line)),
            printLog: (text) => runner/* info */.pq((0,secrets/* redact */.E$)(text)),
            onHold: () => section.lines?.push(buildUrl
                ? 'The build was held for approval on the service: someone with access to the app approves it on the build\'s page (Open the build, above).'
                : `The build was held for approval on the service: someone with access to the app approves it on the page of build ${buildSlug} of app ${appSlug}.`)
        });
    }
    catch (error) {
        // Only a wait-timeout or a cancelled job aborts the build; after any other
        // failure the build is left running, so the post step must not abort it either.
        if (ctx.signal.aborted)
            throw error;
        runner/* saveState */.LZ(constants/* State */.Uw.pendingBuild, '');
        throw leftRunning(error, buildSlug);
    }
    finally {
        if (options.streamLogs)
            runner/* endGroup */.N4();
    }
    if (result.kind === 'finished') {
        runner/* saveState */.LZ(constants/* State */.Uw.pendingBuild, '');
        ctx.report.output(constants/* Output */.k7.buildStatus, result.status);
        ctx.report.output(constants/* Output */.k7.buildStatusText, result.record.status_text ?? result.status);
        ctx.report.output(constants/* Output */.k7.response, result.response);
        section.facts?.push(['Result', result.status]);
        if (result.record.abort_reason)
            section.facts?.push(['Abort reason', result.record.abort_reason]);
        const message = `Build ${buildSlug} finished: ${result.status}${result.record.status_text ? ` (${result.record.status_text})` : ''}`;
        if (!result.succeeded && options.failOnBuildFailure)
            throw new Error(`${message}. Set fail-on-build-failure: false to let the step pass.`);
        runner/* info */.pq((0,secrets/* redact */.E$)(message));
        return;
    }
    const why = result.kind === 'timed-out'
        ? `the wait-timeout of ${options.timeoutMs / 1000} s was reached`
        : 'the GitHub job was cancelled';
    const status = result.kind === 'timed-out' ? 'timed-out' : 'cancelled';
    ctx.report.output(constants/* Output */.k7.buildStatus, status);
    ctx.report.output(constants/* Output */.k7.buildStatusText, why);
    section.facts?.push(['Result', `${status}: build aborted`]);
    let outcome;
    try {
        outcome = await (0,abort.abortBuild)(ctx.client, appSlug, buildSlug, {
            abortReason: `Aborted by the GitHub Action: ${why}${ctx.runUrl ? ` (${ctx.runUrl})` : ''}`,
            abortWithSuccess: false,
            skipNotifications: false,
            skipGitStatusReport: false
        });
        runner/* saveState */.LZ(constants/* State */.Uw.pendingBuild, '');
    }
    catch (error) {
        throw new Error(`Stopped waiting for build ${buildSlug} because ${why}, and aborting it failed: ${error.message}`, {
            cause: error
        });
    }
    if (outcome.kind === 'finished' && !outcome.byEarlierAttempt) {
        throw new Error(`Stopped waiting for build ${buildSlug} because ${why}; the build had just finished (${outcome.status}), so there was nothing to abort.`);
    }
    throw new Error(`Stopped waiting for build ${buildSlug} because ${why}; the build was aborted.`);
}
/** The error, saying the build was left as it is. */
function leftRunning(error, buildSlug) {
    const suffix = `; build ${buildSlug} was left as it is (the action aborts a build only when the wait-timeout runs out or the job is cancelled)`;
    if (error instanceof src_client/* ApiError */.hD) {
        return new src_client/* ApiError */.hD(`${error.message}${suffix}`, error.kind, error.method, error.path, error.status, error.serviceMessage, error.mayHaveTakenEffect, error.earlierAttemptMayHaveApplied);
    }
    return new Error(`${error instanceof Error ? error.message : String(error)}${suffix}`, { cause: error });
}
function httpLink(url) {
    return url && /^https?:\/\/[^\s"<>]+$/.test(url) ? { text: 'Open the build', href: url } : undefined;
}


/***/ }),

/***/ 6698:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hg: () => (/* binding */ userMachineTypesPath),
/* harmony export */   K7: () => (/* binding */ orgPath),
/* harmony export */   X4: () => (/* binding */ appPath),
/* harmony export */   a5: () => (/* binding */ appsListPath),
/* harmony export */   fF: () => (/* binding */ slugProblem),
/* harmony export */   nf: () => (/* binding */ describeUnsafeSlug)
/* harmony export */ });
/* unused harmony export userAppsPath */
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
function segment(what, slug) {
    const problem = slugProblem(slug);
    if (problem)
        throw new Error(`The ${what} ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(String(slug))} cannot be used in a request path: ${problem}`);
    return encodeURIComponent(slug);
}
function appPath(appSlug, ...rest) {
    return ['/apps', segment('app slug', appSlug), ...rest].join('/');
}
function orgPath(orgSlug, ...rest) {
    return ['/organizations', segment('Workspace slug', orgSlug), ...rest].join('/');
}
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


/***/ })

};
