export const id = 359;
export const ids = [359,684];
export const modules = {

/***/ 2684:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   abortBuild: () => (/* binding */ abortBuild)
/* harmony export */ });
/**
 * Aborts a build. All four body fields are always sent: the interface makes them
 * optional, the published contract requires them.
 */
async function abortBuild(client, appSlug, buildSlug, options, signal) {
    const res = await client.post(`/apps/${encodeURIComponent(appSlug)}/builds/${encodeURIComponent(buildSlug)}/abort`, {
        abort_reason: options.abortReason,
        abort_with_success: options.abortWithSuccess,
        skip_git_status_report: options.skipGitStatusReport,
        skip_notifications: options.skipNotifications
    }, 
    // Aborting twice has the effect of aborting once.
    { retry: 'idempotent', signal });
    return { response: res.text };
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

// EXTERNAL MODULE: ./src/runner.ts + 1 modules
var runner = __webpack_require__(8186);
// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(7242);
// EXTERNAL MODULE: ./src/secrets.ts
var secrets = __webpack_require__(7194);
// EXTERNAL MODULE: ./src/operations/abort.ts
var abort = __webpack_require__(2684);
// EXTERNAL MODULE: ./src/client.ts
var src_client = __webpack_require__(9592);
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
        throw new src_client/* ApiError */.hD(`POST ${path} answered ${res.status} but named no build slug; the build may have started (answer: ${res.text.slice(0, 200) || 'empty'})`, 'invalid-response', 'POST', path, res.status, undefined, true);
    }
    return {
        buildSlug,
        buildNumber: pick('build_number'),
        buildUrl: pick('build_url'),
        triggeredWorkflow: pick('triggered_workflow'),
        message: pick('message'),
        response: res.text
    };
}

;// CONCATENATED MODULE: ./src/operations/wait.ts

const STATUS_WORDS = { 1: 'success', 2: 'failed', 3: 'aborted', 4: 'aborted-with-success' };
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
    const statusPath = `/apps/${encodeURIComponent(params.appSlug)}/builds/${encodeURIComponent(params.buildSlug)}`;
    const logs = params.streamLogs && params.printLog ? new LogStreamer(client, `${statusPath}/log`, params.printLog) : undefined;
    let record;
    let reportedHold = false;
    let warnedFailure = false;
    let lastStatusText;
    for (;;) {
        if (params.signal.aborted)
            return { kind: 'cancelled', record };
        let response = '';
        try {
            const res = await client.get(statusPath, { signal: params.signal });
            record = res.body?.data ?? record;
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
                params.log(`Reading the build status failed (${error.message}); still waiting.`);
                warnedFailure = true;
            }
        }
        if (record) {
            if (record.is_on_hold && !reportedHold) {
                params.log(`Build ${params.buildSlug} is on hold: someone must approve it on the service before it runs.`);
                reportedHold = true;
            }
            if (record.status_text && record.status_text !== lastStatusText && record.status === 0) {
                params.log(`Build ${params.buildSlug}: ${record.status_text}`);
                lastStatusText = record.status_text;
            }
        }
        // Read after the status, so once the build is seen finished this read has its whole log.
        if (logs)
            await logs.poll(params.signal);
        const status = record?.status;
        if (status !== undefined && status !== 0) {
            const word = STATUS_WORDS[status];
            if (!word)
                throw new src_client/* ApiError */.hD(`GET ${statusPath} answered an unknown build status ${status}`, 'invalid-response', 'GET', statusPath);
            return { kind: 'finished', status: word, succeeded: word === 'success' || word === 'aborted-with-success', record: record, response };
        }
        const now = Date.now();
        if (now >= deadline)
            return { kind: 'timed-out', record };
        await (0,src_client/* sleep */.yy)(Math.min(params.pollIntervalMs, deadline - now), params.signal);
    }
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
    const build = await triggerBuild(ctx.client, inputs.appSlug, params);
    ctx.report.output(constants/* Output */.k7.buildSlug, build.buildSlug);
    ctx.report.output(constants/* Output */.k7.buildNumber, build.buildNumber);
    ctx.report.output(constants/* Output */.k7.buildUrl, build.buildUrl);
    ctx.report.output(constants/* Output */.k7.triggeredWorkflow, build.triggeredWorkflow);
    ctx.report.output(constants/* Output */.k7.response, build.response);
    runner/* info */.pq((0,secrets/* redact */.E)(`Triggered build ${build.buildNumber !== undefined ? `#${build.buildNumber} ` : ''}${build.buildSlug}${build.buildUrl ? `: ${build.buildUrl}` : ''}`));
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
        lines: inputs.notes
    };
    ctx.report.summary(section);
    if (inputs.wait)
        await waitAndReport(inputs.appSlug, build.buildSlug, inputs.wait, ctx, section);
}
/** operation: wait — waits for an existing build. */
async function runWait(inputs, ctx) {
    const section = { heading: `Build ${inputs.buildSlug} on ${inputs.appSlug}`, facts: [['Build slug', inputs.buildSlug]] };
    ctx.report.summary(section);
    ctx.report.output(constants/* Output */.k7.buildSlug, inputs.buildSlug);
    await waitAndReport(inputs.appSlug, inputs.buildSlug, inputs.wait, ctx, section);
}
/** operation: abort — aborts a running build. */
async function runAbort(inputs, ctx) {
    const result = await (0,abort.abortBuild)(ctx.client, inputs.appSlug, inputs.buildSlug, inputs);
    ctx.report.output(constants/* Output */.k7.response, result.response);
    ctx.report.output(constants/* Output */.k7.buildSlug, inputs.buildSlug);
    runner/* info */.pq(`Aborted build ${inputs.buildSlug}`);
    ctx.report.summary({
        heading: `Build ${inputs.buildSlug} aborted on ${inputs.appSlug}`,
        facts: [
            ['Reason', inputs.abortReason],
            ['Counted as successful', inputs.abortWithSuccess],
            ['Email notifications skipped', inputs.skipNotifications],
            ['Git status report skipped', inputs.skipGitStatusReport]
        ]
    });
}
/**
 * Waits for the build and reports its end. A timeout or a job cancellation aborts
 * the build; the build is saved in the step state first, so the post step can
 * abort it if this process is killed before it could.
 */
async function waitAndReport(appSlug, buildSlug, options, ctx, section) {
    runner/* saveState */.LZ(constants/* State */.Uw.pendingBuild, JSON.stringify({ appSlug, buildSlug }));
    runner/* info */.pq(`Waiting for build ${buildSlug} (at most ${options.timeoutMs / 1000} s, polling every ${options.pollIntervalMs / 1000} s)`);
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
            signal: ctx.signal,
            log: (line) => runner/* info */.pq((0,secrets/* redact */.E)(line)),
            printLog: (text) => runner/* info */.pq((0,secrets/* redact */.E)(text))
        });
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
        runner/* info */.pq((0,secrets/* redact */.E)(message));
        return;
    }
    const why = result.kind === 'timed-out'
        ? `the wait-timeout of ${options.timeoutMs / 1000} s was reached`
        : 'the GitHub job was cancelled';
    const status = result.kind === 'timed-out' ? 'timed-out' : 'cancelled';
    ctx.report.output(constants/* Output */.k7.buildStatus, status);
    ctx.report.output(constants/* Output */.k7.buildStatusText, why);
    section.facts?.push(['Result', `${status}: build aborted`]);
    try {
        await (0,abort.abortBuild)(ctx.client, appSlug, buildSlug, {
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
    throw new Error(`Stopped waiting for build ${buildSlug} because ${why}; the build was aborted.`);
}
function httpLink(url) {
    return url && /^https?:\/\/[^\s"<>]+$/.test(url) ? { text: 'Open the build', href: url } : undefined;
}


/***/ })

};
