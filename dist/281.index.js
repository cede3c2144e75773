export const id = 281;
export const ids = [281];
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

/***/ 9253:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O0: () => (/* binding */ getRoles),
/* harmony export */   P$: () => (/* binding */ listGroups),
/* harmony export */   S0: () => (/* binding */ setRoles)
/* harmony export */ });
/* harmony import */ var _http_api_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2247);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6484);
/** The service's team role calls, and the Workspace's groups list. */


/** The group slugs in a roles answer: `{groups: [...]}`, items being slugs or `{slug}` objects. */
function groupSlugs(body) {
    const groups = body?.groups;
    if (!Array.isArray(groups))
        return undefined;
    return groups.map((group) => (typeof group === 'object' && group !== null ? String(group.slug) : String(group)));
}
/** The groups holding a role on the app's team. */
async function getRoles(client, appSlug, role) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .rolePath */ .ks)(appSlug, role);
    const res = await client.request('GET', path);
    const groups = groupSlugs(res.body);
    if (!groups)
        throw _http_api_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .h.missingField({ method: 'GET', path, status: res.status, what: 'has no "groups" list' });
    return { groups, response: res.text };
}
/** Replaces the groups holding a role; the answer's list is returned when it has one. */
async function setRoles(client, appSlug, role, groups) {
    const res = await client.request('PUT', (0,_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .rolePath */ .ks)(appSlug, role), { body: { groups } });
    return { groups: groupSlugs(res.body) ?? groups, response: res.text };
}
/** The Workspace's groups. The service answers 201 with a bare list; `{data: [...]}` is accepted too. */
async function listGroups(client, orgSlug) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_1__/* .orgPath */ .K7)(orgSlug, 'groups');
    const res = await client.request('GET', path);
    const body = res.body;
    const list = Array.isArray(body) ? body : body?.data;
    if (!Array.isArray(list))
        throw _http_api_error_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .h.missingField({ method: 'GET', path, status: res.status, what: 'is not a list of groups' });
    const groups = list.map((item) => {
        const group = item;
        return { slug: String(group.slug), ...(typeof group.name === 'string' ? { name: group.name } : {}) };
    });
    return { groups, response: res.text };
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

/***/ 9662:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   setRoles: () => (/* binding */ setRoles)
/* harmony export */ });
/* harmony import */ var _api_roles_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9253);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7242);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3916);
/* harmony import */ var _input_readers_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(34);
/* harmony import */ var _operation_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2899);
/* harmony import */ var _team_roles_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1721);
/** operation: set-roles — replaces the Workspace groups holding a role on an app's team. */






const setRoles = (0,_operation_js__WEBPACK_IMPORTED_MODULE_5__/* .defineOperation */ .h)({
    name: 'set-roles',
    role: 'a role permitted to manage team roles (not specified by the interface)',
    inputs: [_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.appSlug, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.role, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.groups, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.allowEmptyGroups],
    outputs: [_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.groups, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.response],
    read: readSetRoles,
    run: runSetRoles
});
function readSetRoles(get) {
    const { appSlug, role } = (0,_team_roles_js__WEBPACK_IMPORTED_MODULE_4__/* .readRoleInputs */ ._)(get);
    const groups = (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_3__/* .stringList */ .Yn)(get, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.groups).map((group) => (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSlug */ .c5)(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.groups, group));
    if (groups.length === 0 && !(0,_input_readers_js__WEBPACK_IMPORTED_MODULE_3__/* .booleanFlag */ .Fg)(get, _constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.allowEmptyGroups, false)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.groups, `is empty, which would remove every group from the ${role} role; list the group slugs, or set ${_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.allowEmptyGroups}: true to remove them all`);
    }
    return { appSlug, role, groups: [...new Set(groups)] };
}
async function runSetRoles(inputs, ctx) {
    const { groups, response } = await (0,_api_roles_js__WEBPACK_IMPORTED_MODULE_0__/* .setRoles */ .S0)(ctx.client, inputs.appSlug, inputs.role, inputs.groups);
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.groups, groups);
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Output */ .k7.response, response || undefined);
    ctx.info(`Set the ${inputs.role} role on ${inputs.appSlug} to: ${groups.length > 0 ? groups.join(', ') : 'no group'}`);
    ctx.summary((0,_team_roles_js__WEBPACK_IMPORTED_MODULE_4__/* .rolesSection */ .h)(inputs, groups, 'set'));
}


/***/ }),

/***/ 1721:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ readRoleInputs),
/* harmony export */   h: () => (/* binding */ rolesSection)
/* harmony export */ });
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7242);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3916);
/* harmony import */ var _input_readers_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(34);



const ROLE_TITLES = { admin: 'Admin', manager: 'Developer', member: 'Tester/QA' };
const ALIASES = { admin: 'admin', manager: 'manager', developer: 'manager', member: 'member', tester: 'member', qa: 'member' };
/** Reads the app slug and the role, accepting the team's titles (developer, tester, qa) too. */
function readRoleInputs(get) {
    const appSlug = (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_2__/* .requiredSlug */ .Jf)(get, _constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Input */ .pd.appSlug);
    const value = (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_2__/* .required */ .mw)(_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Input */ .pd.role, (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_2__/* .optionalText */ .mR)(get, _constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Input */ .pd.role)).toLowerCase();
    const role = ALIASES[value];
    if (!role)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Input */ .pd.role, `${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(value)} is not a role; expected admin, manager (or developer) or member (or tester)`);
    return { appSlug, role };
}
/** The summary of who holds a role, under `action` (e.g. "set"). */
function rolesSection({ appSlug, role }, groups, action = '') {
    return {
        heading: `${ROLE_TITLES[role]} (${role}) role on ${appSlug}${action ? ` ${action}` : ''}`,
        lines: [groups.length > 0 ? `${groups.length} group(s) hold the role.` : 'No group holds the role.'],
        table: groups.length > 0 ? [['Group'], ...groups.map((slug) => [slug])] : undefined
    };
}


/***/ })

};
