export const id = 859;
export const ids = [859];
export const modules = {

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


/***/ }),

/***/ 859:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   getRoles: () => (/* binding */ getRoles),
/* harmony export */   listGroups: () => (/* binding */ listGroups),
/* harmony export */   runGetRoles: () => (/* binding */ runGetRoles),
/* harmony export */   runListGroups: () => (/* binding */ runListGroups),
/* harmony export */   runSetRoles: () => (/* binding */ runSetRoles),
/* harmony export */   setRoles: () => (/* binding */ setRoles)
/* harmony export */ });
/* harmony import */ var _runner_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4813);
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9592);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7242);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6698);




const ROLE_TITLES = { admin: 'Admin', manager: 'Developer', member: 'Tester/QA' };
/** The group slugs in a roles answer: `{groups: [...]}`, items being slugs or `{slug}` objects. */
function groupSlugs(body) {
    const groups = body?.groups;
    if (!Array.isArray(groups))
        return undefined;
    return groups.map((group) => (typeof group === 'object' && group !== null ? String(group.slug) : String(group)));
}
/** The groups holding a role on the app's team. */
async function getRoles(client, appSlug, role) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .appPath */ .X4)(appSlug, 'roles', encodeURIComponent(role));
    const res = await client.get(path);
    const groups = groupSlugs(res.body);
    if (!groups)
        throw new _client_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD(`GET ${path}: the answer has no "groups" list`, 'invalid-response', 'GET', path, res.status);
    return { groups, response: res.text };
}
/** Replaces the groups holding a role; the answer's list is returned when it has one. */
async function setRoles(client, appSlug, role, groups) {
    const res = await client.put((0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .appPath */ .X4)(appSlug, 'roles', encodeURIComponent(role)), { groups });
    return { groups: groupSlugs(res.body) ?? groups, response: res.text };
}
/** The Workspace's groups. The service answers 201 with a bare list; `{data: [...]}` is accepted too. */
async function listGroups(client, orgSlug) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_3__/* .orgPath */ .K7)(orgSlug, 'groups');
    const res = await client.get(path);
    const body = res.body;
    const list = Array.isArray(body) ? body : body?.data;
    if (!Array.isArray(list))
        throw new _client_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD(`GET ${path}: the answer is not a list of groups`, 'invalid-response', 'GET', path, res.status);
    const groups = list.map((item) => {
        const group = item;
        return { slug: String(group.slug), ...(typeof group.name === 'string' ? { name: group.name } : {}) };
    });
    return { groups, response: res.text };
}
/** operation: get-roles */
async function runGetRoles(inputs, ctx) {
    const { groups, response } = await getRoles(ctx.client, inputs.appSlug, inputs.role);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.groups, groups);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, response);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`${groups.length} group(s) hold the ${inputs.role} role on ${inputs.appSlug}`);
    ctx.report.summary(rolesSection(`${ROLE_TITLES[inputs.role]} (${inputs.role}) role on ${inputs.appSlug}`, groups));
}
/** operation: set-roles */
async function runSetRoles(inputs, ctx) {
    const { groups, response } = await setRoles(ctx.client, inputs.appSlug, inputs.role, inputs.groups);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.groups, groups);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, response || undefined);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Set the ${inputs.role} role on ${inputs.appSlug} to: ${groups.length > 0 ? groups.join(', ') : 'no group'}`);
    ctx.report.summary(rolesSection(`${ROLE_TITLES[inputs.role]} (${inputs.role}) role on ${inputs.appSlug} set`, groups));
}
function rolesSection(heading, groups) {
    return {
        heading,
        lines: [groups.length > 0 ? `${groups.length} group(s) hold the role.` : 'No group holds the role.'],
        table: groups.length > 0 ? [['Group'], ...groups.map((slug) => [slug])] : undefined
    };
}
/** operation: list-groups */
async function runListGroups(inputs, ctx) {
    const { groups, response } = await listGroups(ctx.client, inputs.orgSlug);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.groups, groups);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.groupSlugs, groups.map((group) => group.slug));
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, response);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Workspace ${inputs.orgSlug} has ${groups.length} group(s)`);
    ctx.report.summary({
        heading: `Groups of Workspace ${inputs.orgSlug}`,
        lines: [`${groups.length} group(s).`],
        table: groups.length > 0 ? [['Slug', 'Name'], ...groups.map((group) => [group.slug, group.name ?? ''])] : undefined
    });
}


/***/ })

};
