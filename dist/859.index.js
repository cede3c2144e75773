export const id = 859;
export const ids = [859];
export const modules = {

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
/* harmony import */ var _runner_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8186);
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9592);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7242);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4317);




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
