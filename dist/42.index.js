export const id = 42;
export const ids = [42];
export const modules = {

/***/ 6042:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runSetEmailNotifications: () => (/* binding */ runSetEmailNotifications),
/* harmony export */   setEmailNotifications: () => (/* binding */ setEmailNotifications)
/* harmony export */ });
/* harmony import */ var _runner_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8186);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7242);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4317);



/** Sets only the given email notification settings; repeating it has the effect of once. */
async function setEmailNotifications(client, inputs) {
    const body = {
        ...(inputs.onSuccess ? { on_success: inputs.onSuccess } : {}),
        ...(inputs.onFailure ? { on_failure: inputs.onFailure } : {})
    };
    const res = await client.patch((0,_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .appPath */ .X4)(inputs.appSlug, 'update-email-notifications'), body, { retry: 'idempotent' });
    return { response: res.text };
}
/** operation: set-email-notifications */
async function runSetEmailNotifications(inputs, ctx) {
    const { response } = await setEmailNotifications(ctx.client, inputs);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.response, response || undefined);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Updated the email notifications of ${inputs.appSlug}`);
    ctx.report.summary({
        heading: `Email notifications of ${inputs.appSlug} updated`,
        facts: [
            ['On success', inputs.onSuccess ?? 'unchanged'],
            ['On failure', inputs.onFailure ?? 'unchanged']
        ]
    });
}


/***/ }),

/***/ 4317:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hg: () => (/* binding */ userMachineTypesPath),
/* harmony export */   K7: () => (/* binding */ orgPath),
/* harmony export */   X4: () => (/* binding */ appPath),
/* harmony export */   a5: () => (/* binding */ appsListPath)
/* harmony export */ });
/* unused harmony export userAppsPath */
/** Service paths, with every slug encoded so a value can never change the path's shape. */
function appPath(appSlug, ...rest) {
    return ['/apps', encodeURIComponent(appSlug), ...rest].join('/');
}
function orgPath(orgSlug, ...rest) {
    return ['/organizations', encodeURIComponent(orgSlug), ...rest].join('/');
}
function userAppsPath(userSlug) {
    return `/users/${encodeURIComponent(userSlug)}/apps`;
}
/** The user migration path is singular (`/user/`), unlike the user apps list (`/users/`). */
function userMachineTypesPath(userSlug) {
    return `/user/${encodeURIComponent(userSlug)}/apps/machine_types`;
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
