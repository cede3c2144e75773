export const id = 684;
export const ids = [684];
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
