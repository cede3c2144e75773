export const id = 529;
export const ids = [529];
export const modules = {

/***/ 3406:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   NM: () => (/* binding */ deleteApp),
/* harmony export */   Sx: () => (/* binding */ getApp),
/* harmony export */   fy: () => (/* binding */ updateApp),
/* harmony export */   jr: () => (/* binding */ listBranches),
/* harmony export */   tS: () => (/* binding */ listApps)
/* harmony export */ });
/* harmony import */ var _http_api_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2247);
/* harmony import */ var _http_pagination_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7250);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6484);
/** The service's app calls: list, read, update and delete apps, and list a repository's branches. */



/** Lists every app of the scope (all pages), or the caller's own apps. */
async function listApps(client, scope) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .appsListPath */ .a5)(scope);
    const { items, pages, text } = await (0,_http_pagination_js__WEBPACK_IMPORTED_MODULE_1__/* .listAll */ ._)(client, path);
    return { path, apps: items, pages, response: text };
}
/** Reads one app. */
async function getApp(client, appSlug) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .appPath */ .X4)(appSlug);
    const res = await client.request('GET', path);
    const app = res.body?.data;
    if (typeof app !== 'object' || app === null)
        throw _http_api_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .h.missingField({ method: 'GET', path, status: res.status, what: 'has no "data" object' });
    return { app, response: res.text };
}
/** Changes only the given fields; sending the same change again has the same effect. */
async function updateApp(client, appSlug, changes) {
    const res = await client.request('PATCH', (0,_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .appPath */ .X4)(appSlug), { body: changes, retry: 'idempotent' });
    const data = res.body?.data;
    return { app: typeof data === 'object' && data !== null ? data : undefined, response: res.text };
}
/**
 * Deletes an app for good. When a retry meets a 404 after an attempt whose answer
 * was lost, the app is read back: a 404 there too means the lost attempt deleted it.
 */
async function deleteApp(client, appSlug) {
    try {
        const res = await client.request('DELETE', (0,_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .appPath */ .X4)(appSlug));
        return { response: res.text, byEarlierAttempt: false };
    }
    catch (error) {
        if (!(0,_http_api_error_js__WEBPACK_IMPORTED_MODULE_0__/* .isHttpError */ .d)(error, 404) || !error.earlierAttemptMayHaveApplied)
            throw error;
        try {
            await client.request('GET', (0,_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .appPath */ .X4)(appSlug));
        }
        catch (readError) {
            if ((0,_http_api_error_js__WEBPACK_IMPORTED_MODULE_0__/* .isHttpError */ .d)(readError, 404))
                return { response: '', byEarlierAttempt: true };
        }
        throw error;
    }
}
/** Names of the branches of the app's repository. */
async function listBranches(client, appSlug) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .appPath */ .X4)(appSlug, 'branches');
    const res = await client.request('GET', path);
    const data = res.body?.data;
    if (!Array.isArray(data))
        throw _http_api_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .h.missingField({ method: 'GET', path, status: res.status, what: 'has no "data" list' });
    return { branches: data.map(String), response: res.text };
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

/***/ 1529:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deleteApp: () => (/* binding */ deleteApp)
/* harmony export */ });
/* harmony import */ var _api_apps_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3406);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7242);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3916);
/* harmony import */ var _input_readers_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(34);
/* harmony import */ var _operation_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2899);
/** operation: delete-app — deletes an app for good, once the confirm input repeats its slug. */





const deleteApp = (0,_operation_js__WEBPACK_IMPORTED_MODULE_4__/* .defineOperation */ .h)({
    name: 'delete-app',
    role: 'a role permitted to delete apps (not specified by the interface)',
    inputs: [_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.appSlug, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.confirm],
    outputs: [_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.response],
    read: readConfirmed,
    run: runDeleteApp
});
function readConfirmed(get) {
    const appSlug = (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_3__/* .requiredSlug */ .Jf)(get, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.appSlug);
    const confirm = get(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.confirm);
    if (confirm !== appSlug) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.confirm, `must repeat the app slug ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(appSlug)} to delete the app (deletion cannot be undone); got ${confirm === '' ? 'nothing' : (0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(confirm)}`);
    }
    return { appSlug };
}
async function runDeleteApp({ appSlug }, ctx) {
    const { response, byEarlierAttempt } = await (0,_api_apps_js__WEBPACK_IMPORTED_MODULE_0__/* .deleteApp */ .NM)(ctx.client, appSlug);
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.response, response || undefined);
    const lines = ['The app was deleted; this cannot be undone.'];
    if (byEarlierAttempt) {
        lines.push('The first delete request took effect but its answer was lost; the retry found no app (404), and reading the app back confirmed it is gone.');
    }
    ctx.info(`Deleted app ${appSlug}${byEarlierAttempt ? `: ${lines[1]}` : ''}`);
    ctx.summary({ heading: `App ${appSlug} deleted`, lines });
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
