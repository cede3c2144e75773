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
/* harmony import */ var _runner_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4813);
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9592);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7242);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6698);




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
/**
 * Deletes an app for good. When a retry meets a 404 after an attempt whose answer
 * was lost, the app is read back: a 404 there too means the lost attempt deleted it.
 */
async function deleteApp(client, appSlug) {
    try {
        const res = await client.delete((0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .appPath */ .X4)(appSlug));
        return { response: res.text, byEarlierAttempt: false };
    }
    catch (error) {
        if (!(error instanceof _client_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD) || error.kind !== 'http' || error.status !== 404 || !error.earlierAttemptMayHaveApplied)
            throw error;
        try {
            await client.get((0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .appPath */ .X4)(appSlug));
        }
        catch (readError) {
            if (readError instanceof _client_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD && readError.kind === 'http' && readError.status === 404)
                return { response: '', byEarlierAttempt: true };
        }
        throw error;
    }
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
            ...(result.apps.length > shown.length ? [`The table shows the first ${shown.length}; the file named by the apps-file output holds all of them.`] : [])
        ],
        table: shown.length > 0
            ? [['Slug', 'Title', 'Project type', 'Owner'], ...shown.map((app) => [cell(app.slug), cell(app.title), cell(app.project_type), cell(app.owner?.slug)])]
            : undefined
    });
}
/** A summary cell from a field the service may have left out or sent with another type. */
function cell(value) {
    if (value === undefined || value === null)
        return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
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
    const { response, byEarlierAttempt } = await deleteApp(ctx.client, inputs.appSlug);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, response || undefined);
    const lines = ['The app was deleted; this cannot be undone.'];
    if (byEarlierAttempt) {
        lines.push('The first delete request took effect but its answer was lost; the retry found no app (404), and reading the app back confirmed it is gone.');
    }
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Deleted app ${inputs.appSlug}${byEarlierAttempt ? `: ${lines[1]}` : ''}`);
    ctx.report.summary({ heading: `App ${inputs.appSlug} deleted`, lines });
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
