export const id = 684;
export const ids = [684,815];
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

/***/ 2684:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   abort: () => (/* binding */ abort)
/* harmony export */ });
/* harmony import */ var _api_builds_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6815);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7242);
/* harmony import */ var _input_readers_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(34);
/* harmony import */ var _operation_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2899);
/** operation: abort — aborts a running build; one that has already finished passes with a notice, or fails when asked. */




const abort = (0,_operation_js__WEBPACK_IMPORTED_MODULE_3__/* .defineOperation */ .h)({
    name: 'abort',
    role: 'Owner, Admin or Developer (the interface also says Admin or Owner in one place)',
    inputs: [_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.appSlug, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.buildSlug, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.abortReason, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.abortWithSuccess, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.skipNotifications, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.skipGitStatusReport, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.failIfFinished],
    outputs: [_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.response, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.buildSlug, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.buildStatus, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.buildStatusText],
    read: (get) => ({
        appSlug: (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_2__/* .requiredSlug */ .Jf)(get, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.appSlug),
        buildSlug: (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_2__/* .requiredSlug */ .Jf)(get, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.buildSlug),
        abortReason: (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalText */ .mR)(get, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.abortReason) ?? '',
        abortWithSuccess: (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_2__/* .booleanFlag */ .Fg)(get, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.abortWithSuccess, false),
        skipNotifications: (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_2__/* .booleanFlag */ .Fg)(get, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.skipNotifications, false),
        skipGitStatusReport: (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_2__/* .booleanFlag */ .Fg)(get, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.skipGitStatusReport, false),
        failIfFinished: (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_2__/* .booleanFlag */ .Fg)(get, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.failIfFinished, false)
    }),
    run: runAbort
});
async function runAbort(inputs, ctx) {
    const result = await (0,_api_builds_js__WEBPACK_IMPORTED_MODULE_0__.abortBuild)(ctx.client, inputs.appSlug, inputs.buildSlug, inputs);
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.response, result.response);
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.buildSlug, inputs.buildSlug);
    const facts = [
        ['Reason', inputs.abortReason],
        ['Counted as successful', inputs.abortWithSuccess],
        ['Email notifications skipped', inputs.skipNotifications],
        ['Git status report skipped', inputs.skipGitStatusReport]
    ];
    const aborted = `Build ${inputs.buildSlug} aborted on ${inputs.appSlug}`;
    if (result.kind === 'aborted') {
        ctx.info(`Aborted build ${inputs.buildSlug}`);
        ctx.summary({ heading: aborted, facts });
        return;
    }
    const final = `${result.status}${result.record.status_text ? ` (${result.record.status_text})` : ''}`;
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.buildStatus, result.status);
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.buildStatusText, result.record.status_text ?? result.status);
    if (result.byEarlierAttempt) {
        const message = `Aborted build ${inputs.buildSlug}: the first abort request took effect but its answer was lost; the retry found the build already finished, and reading it back shows it ${final}.`;
        ctx.info(message);
        ctx.summary({ heading: aborted, lines: [message], facts: [...facts, ['Result', result.status]] });
        return;
    }
    const message = `Build ${inputs.buildSlug} had already finished before it could be aborted; its final status is ${final}.`;
    if (inputs.failIfFinished)
        throw new Error(`${message} Set ${_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.failIfFinished}: false to let the step pass when the build has already finished.`);
    ctx.notice(`${message} Nothing was changed.`);
    ctx.summary({ heading: `Build ${inputs.buildSlug} had already finished on ${inputs.appSlug}`, lines: [`${message} Nothing was changed.`], facts: [['Result', result.status]] });
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


/***/ })

};
