export const id = 797;
export const ids = [797];
export const modules = {

/***/ 1392:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ag: () => (/* binding */ setConfigLocation),
/* harmony export */   mj: () => (/* binding */ getConfigLocation),
/* harmony export */   wu: () => (/* binding */ uploadConfig),
/* harmony export */   zj: () => (/* binding */ getConfig)
/* harmony export */ });
/* harmony import */ var _http_api_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2247);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6484);
/** The service's calls on an app's service.yml: read, upload, and where the service reads it. */


/** The app's service.yml as text. */
async function getConfig(client, appSlug) {
    const res = await client.request('GET', (0,_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .appPath */ .X4)(appSlug, 'service.yml'), { expect: 'text' });
    return { text: res.body };
}
/**
 * Uploads service.yml. The service's own clients send the YAML text as a string in
 * `app_config_datastore_yaml`; uploading the same text twice has the effect of once.
 */
async function uploadConfig(client, appSlug, yamlText) {
    const res = await client.request('POST', (0,_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .appPath */ .X4)(appSlug, 'service.yml'), { body: { app_config_datastore_yaml: yamlText }, retry: 'idempotent' });
    return { response: res.text };
}
/** Where the service reads the app's service.yml. */
async function getConfigLocation(client, appSlug) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .appPath */ .X4)(appSlug, 'service.yml', 'config');
    const res = await client.request('GET', path);
    const location = res.body?.location;
    if (typeof location !== 'string' || location === '')
        throw _http_api_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .h.missingField({ method: 'GET', path, status: res.status, what: 'has no "location"' });
    return { location, response: res.text };
}
/** Tells the service where to read service.yml; the service answers 204 without a body. */
async function setConfigLocation(client, appSlug, location) {
    const res = await client.request('PUT', (0,_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .appPath */ .X4)(appSlug, 'service.yml', 'config'), { body: { location } });
    return { response: res.text };
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

/***/ 9797:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   getConfigLocation: () => (/* binding */ getConfigLocation)
/* harmony export */ });
/* harmony import */ var _api_config_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1392);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7242);
/* harmony import */ var _input_readers_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(34);
/* harmony import */ var _operation_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2899);
/** operation: get-config-location — where the service reads the app's service.yml. */




const getConfigLocation = (0,_operation_js__WEBPACK_IMPORTED_MODULE_3__/* .defineOperation */ .h)({
    name: 'get-config-location',
    role: 'Admin access',
    inputs: [_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.appSlug],
    outputs: [_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.location, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.response],
    read: (get) => ({ appSlug: (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_2__/* .requiredSlug */ .Jf)(get, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.appSlug) }),
    run: runGetConfigLocation
});
async function runGetConfigLocation({ appSlug }, ctx) {
    const { location, response } = await (0,_api_config_js__WEBPACK_IMPORTED_MODULE_0__/* .getConfigLocation */ .mj)(ctx.client, appSlug);
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.location, location);
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.response, response);
    ctx.info(`The service reads the service.yml of ${appSlug} from: ${location}`);
    ctx.summary({ heading: `service.yml location of ${appSlug}`, facts: [['Location', location]] });
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
