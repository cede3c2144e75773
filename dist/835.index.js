export const id = 835;
export const ids = [835];
export const modules = {

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

/***/ 1835:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  setEmailNotifications: () => (/* binding */ set_email_notifications_setEmailNotifications)
});

// EXTERNAL MODULE: ./src/api/paths.ts
var paths = __webpack_require__(6484);
;// CONCATENATED MODULE: ./src/api/notifications.ts

/** Sets only the given email notification settings; repeating it has the effect of once. */
async function setEmailNotifications(client, appSlug, settings) {
    const body = {
        ...(settings.onSuccess ? { on_success: settings.onSuccess } : {}),
        ...(settings.onFailure ? { on_failure: settings.onFailure } : {})
    };
    const res = await client.request('PATCH', (0,paths/* appPath */.X4)(appSlug, 'update-email-notifications'), { body, retry: 'idempotent' });
    return { response: res.text };
}

// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(7242);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/input-readers.ts
var input_readers = __webpack_require__(34);
// EXTERNAL MODULE: ./src/operations/operation.ts
var operation = __webpack_require__(2899);
;// CONCATENATED MODULE: ./src/operations/set-email-notifications.ts
/** operation: set-email-notifications — when the service emails about an app's builds. */





const SETTINGS = ['always', 'never', 'change'];
const set_email_notifications_setEmailNotifications = (0,operation/* defineOperation */.h)({
    name: 'set-email-notifications',
    role: 'a role permitted to change notification settings (not specified by the interface)',
    inputs: [constants/* Input */.pd.appSlug, constants/* Input */.pd.onSuccess, constants/* Input */.pd.onFailure],
    outputs: [constants/* Output */.k7.response],
    read: readSettings,
    run: runSetEmailNotifications
});
function readSettings(get) {
    const appSlug = (0,input_readers/* requiredSlug */.Jf)(get, constants/* Input */.pd.appSlug);
    const onSuccess = (0,input_readers/* oneOf */.yL)(get, constants/* Input */.pd.onSuccess, SETTINGS);
    const onFailure = (0,input_readers/* oneOf */.yL)(get, constants/* Input */.pd.onFailure, SETTINGS);
    if (!onSuccess && !onFailure)
        throw new errors/* InputError */.dz(constants/* Input */.pd.onSuccess, `and ${constants/* Input */.pd.onFailure} are both empty; set at least one to always, never or change`);
    return { appSlug, onSuccess, onFailure };
}
async function runSetEmailNotifications(inputs, ctx) {
    const { response } = await setEmailNotifications(ctx.client, inputs.appSlug, inputs);
    ctx.output(constants/* Output */.k7.response, response || undefined);
    ctx.info(`Updated the email notifications of ${inputs.appSlug}`);
    ctx.summary({
        heading: `Email notifications of ${inputs.appSlug} updated`,
        facts: [
            ['On success', inputs.onSuccess ?? 'unchanged'],
            ['On failure', inputs.onFailure ?? 'unchanged']
        ]
    });
}


/***/ })

};
