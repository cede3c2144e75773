export const id = 472;
export const ids = [472];
export const modules = {

/***/ 4472:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deleteApp: () => (/* binding */ deleteApp),
/* harmony export */   getApp: () => (/* binding */ getApp),
/* harmony export */   listApps: () => (/* binding */ listApps),
/* harmony export */   listBranches: () => (/* binding */ listBranches),
/* harmony export */   runDeleteApp: () => (/* binding */ runDeleteApp),
/* harmony export */   runGetApp: () => (/* binding */ runGetApp),
/* harmony export */   runListApps: () => (/* binding */ runListApps),
/* harmony export */   runListBranches: () => (/* binding */ runListBranches),
/* harmony export */   runUpdateApp: () => (/* binding */ runUpdateApp),
/* harmony export */   updateApp: () => (/* binding */ updateApp)
/* harmony export */ });
/* harmony import */ var _runner_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8186);
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9592);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7242);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4317);




/** Most rows a summary table shows; the outputs always hold everything. */
const SUMMARY_ROWS = 100;
/** Lists every app of the scope (all pages), or the caller's own apps. */
async function listApps(client, scope) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .appsListPath */ .a5)(scope);
    const { items, pages, text } = await client.listAll(path);
    return { path, apps: items, pages, response: text };
}
/** Reads one app. */
async function getApp(client, appSlug) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .appPath */ .X4)(appSlug);
    const res = await client.get(path);
    const app = res.body?.data;
    if (typeof app !== 'object' || app === null) {
        throw new _client_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD(`GET ${path}: the answer has no "data" object`, 'invalid-response', 'GET', path, res.status);
    }
    return { app, response: res.text };
}
/** Changes only the given fields; sending the same change again has the same effect. */
async function updateApp(client, inputs) {
    const res = await client.patch((0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .appPath */ .X4)(inputs.appSlug), inputs.fields, { retry: 'idempotent' });
    const data = res.body?.data;
    return { app: typeof data === 'object' && data !== null ? data : undefined, response: res.text };
}
/** Deletes an app for good. */
async function deleteApp(client, appSlug) {
    const res = await client.delete((0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .appPath */ .X4)(appSlug));
    return { response: res.text };
}
/** Names of the branches of the app's repository. */
async function listBranches(client, appSlug) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .appPath */ .X4)(appSlug, 'branches');
    const res = await client.get(path);
    const data = res.body?.data;
    if (!Array.isArray(data))
        throw new _client_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD(`GET ${path}: the answer has no "data" list`, 'invalid-response', 'GET', path, res.status);
    return { branches: data.map(String), response: res.text };
}
/** operation: list-apps */
async function runListApps(inputs, ctx) {
    const result = await listApps(ctx.client, inputs);
    const slugs = result.apps.map((app) => app.slug);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.apps, result.apps);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.appSlugs, slugs);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.count, result.apps.length);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, result.response);
    const whose = inputs.orgSlug ? `Workspace ${inputs.orgSlug}` : inputs.userSlug ? `user ${inputs.userSlug}` : 'your account';
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Listed ${result.apps.length} app(s) of ${whose} over ${result.pages} page(s)`);
    const shown = result.apps.slice(0, SUMMARY_ROWS);
    ctx.report.summary({
        heading: `Apps of ${whose}`,
        lines: [
            `${result.apps.length} app(s).`,
            ...(result.apps.length > shown.length ? [`The table shows the first ${shown.length}; the apps output holds all of them.`] : [])
        ],
        table: shown.length > 0
            ? [['Slug', 'Title', 'Project type', 'Owner'], ...shown.map((app) => [app.slug, app.title ?? '', app.project_type ?? '', app.owner?.slug ?? ''])]
            : undefined
    });
}
/** operation: get-app */
async function runGetApp(inputs, ctx) {
    const { app, response } = await getApp(ctx.client, inputs.appSlug);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.app, app);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.title, app.title);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.repoUrl, app.repo_url);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.projectType, app.project_type);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, response);
    ctx.report.summary({
        heading: `App ${inputs.appSlug}`,
        facts: [
            ['Title', app.title],
            ['Project type', app.project_type],
            ['Repository', app.repo_url],
            ['Provider', app.provider],
            ['Owner', app.owner?.slug],
            ['Public', app.is_public],
            ['Disabled', app.is_disabled]
        ]
    });
}
/** operation: update-app */
async function runUpdateApp(inputs, ctx) {
    const { app, response } = await updateApp(ctx.client, inputs);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.app, app);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, response || undefined);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Updated app ${inputs.appSlug}: ${Object.keys(inputs.fields).join(', ')}`);
    ctx.report.summary({
        heading: `App ${inputs.appSlug} updated`,
        facts: Object.entries(inputs.fields).map(([field, value]) => [field, value])
    });
}
/** operation: delete-app */
async function runDeleteApp(inputs, ctx) {
    const { response } = await deleteApp(ctx.client, inputs.appSlug);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, response || undefined);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Deleted app ${inputs.appSlug}`);
    ctx.report.summary({ heading: `App ${inputs.appSlug} deleted`, lines: ['The app was deleted; this cannot be undone.'] });
}
/** operation: list-branches */
async function runListBranches(inputs, ctx) {
    const { branches, response } = await listBranches(ctx.client, inputs.appSlug);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.branches, branches);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, response);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`App ${inputs.appSlug} has ${branches.length} branch(es)`);
    const shown = branches.slice(0, SUMMARY_ROWS);
    ctx.report.summary({
        heading: `Branches of ${inputs.appSlug}`,
        lines: [`${branches.length} branch(es).`, ...(branches.length > shown.length ? [`The table shows the first ${shown.length}.`] : [])],
        table: shown.length > 0 ? [['Branch'], ...shown.map((name) => [name])] : undefined
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
