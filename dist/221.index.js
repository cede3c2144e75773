export const id = 221;
export const ids = [221];
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

/***/ 2252:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  KQ: () => (/* binding */ CONFIG_FILE_OPERATION),
  Zo: () => (/* binding */ fileInWorkspace)
});

// UNUSED EXPORTS: readConfigFile

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(7242);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/input-readers.ts
var input_readers = __webpack_require__(34);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./src/workspace-path.ts



/**
 * Resolves `given` against the workspace and checks that it stays inside, both as
 * written and after following the symbolic links of the part of it that exists (a
 * link in the workspace may point anywhere on the runner).
 */
function resolveInWorkspace(workspace, given) {
    const root = (0,external_node_path_.resolve)(workspace);
    const full = (0,external_node_path_.resolve)(root, given);
    if (!strictlyInside(root, full))
        return { ok: false, reason: 'outside' };
    const realRoot = realPath(root);
    const real = realPath(full);
    if (real === undefined || realRoot === undefined)
        return { ok: false, reason: 'broken-link' };
    if (!strictlyInside(realRoot, real))
        return { ok: false, reason: 'link-outside', real };
    return { ok: true, full, real };
}
/** Why a path was refused, in words, for an error naming the input. */
function describeWorkspacePathProblem(given, workspace, problem) {
    switch (problem.reason) {
        case 'outside':
            return `${(0,errors/* quote */.hD)(given)} points outside the workspace ${(0,errors/* quote */.hD)(workspace)}; give a path inside it`;
        case 'link-outside':
            return `${(0,errors/* quote */.hD)(given)} leads outside the workspace ${(0,errors/* quote */.hD)(workspace)} through a symbolic link (to ${(0,errors/* quote */.hD)(problem.real ?? '')}); give a path whose folders and file stay inside it`;
        case 'broken-link':
            return `${(0,errors/* quote */.hD)(given)} goes through a symbolic link that points to nothing or in a loop; give a path inside the workspace ${(0,errors/* quote */.hD)(workspace)} without it`;
    }
}
function strictlyInside(root, path) {
    const rel = (0,external_node_path_.relative)(root, path);
    return rel !== '' && rel !== '..' && !rel.startsWith(`..${external_node_path_.sep}`) && !(0,external_node_path_.isAbsolute)(rel);
}
/**
 * The real path of `path`: the longest part that exists, with its links resolved,
 * then the rest as written. Undefined when that part goes through a link that
 * points to nothing, or in a loop; writing there would create the link's target.
 */
function realPath(path) {
    const missing = [];
    let existing = path;
    for (;;) {
        try {
            (0,external_node_fs_.lstatSync)(existing);
            break;
        }
        catch {
            const parent = (0,external_node_path_.dirname)(existing);
            if (parent === existing)
                return undefined;
            missing.unshift((0,external_node_path_.basename)(existing));
            existing = parent;
        }
    }
    try {
        return (0,external_node_path_.join)((0,external_node_fs_.realpathSync)(existing), ...missing);
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/operations/config-file.ts
/** The service.yml file in the workspace that get-config writes and upload-config sends. */





/** Reads the app slug and config-path, refusing a path that leaves the workspace. */
function readConfigFile(get, env) {
    const appSlug = (0,input_readers/* requiredSlug */.Jf)(get, constants/* Input */.pd.appSlug);
    const given = (0,input_readers/* singleLine */.pF)(get, constants/* Input */.pd.configPath) ?? 'service.yml';
    const workspace = (0,external_node_path_.resolve)(env.GITHUB_WORKSPACE || process.cwd());
    const checked = resolveInWorkspace(workspace, given);
    if (!checked.ok)
        throw new errors/* InputError */.dz(constants/* Input */.pd.configPath, describeWorkspacePathProblem(given, workspace, checked));
    return { appSlug, configPath: checked.full, configPathInput: given, workspace };
}
/**
 * The file to read or write for config-path, checked again right before use: the
 * folders may have changed since the inputs were read (get-config creates them).
 */
function fileInWorkspace(inputs, afterCall = false) {
    const checked = resolveInWorkspace(inputs.workspace, inputs.configPathInput);
    if (checked.ok)
        return checked.real;
    const error = new errors/* InputError */.dz(constants/* Input */.pd.configPath, describeWorkspacePathProblem(inputs.configPathInput, inputs.workspace, checked));
    // An InputError tells the user nothing was sent; after the download that is no longer true.
    throw afterCall ? new Error(`${error.message}; the file was not written`) : error;
}
/** What get-config and upload-config declare alike: the inputs they read, how, and the outputs they set. */
const CONFIG_FILE_OPERATION = {
    inputs: [constants/* Input */.pd.appSlug, constants/* Input */.pd.configPath],
    outputs: [constants/* Output */.k7.configPath, constants/* Output */.k7.response],
    read: readConfigFile
};


/***/ }),

/***/ 2221:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   getConfig: () => (/* binding */ getConfig)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _api_config_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1392);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7242);
/* harmony import */ var _config_file_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2252);
/* harmony import */ var _operation_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2899);
/** operation: get-config — writes the app's service.yml into the workspace. */







/** Opening for writing without following a link at the last step: the file was checked to be no link. */
const WRITE_NO_FOLLOW = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_TRUNC | (node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW ?? 0);
const getConfig = (0,_operation_js__WEBPACK_IMPORTED_MODULE_6__/* .defineOperation */ .h)({
    name: 'get-config',
    role: 'Owner or Admin',
    ..._config_file_js__WEBPACK_IMPORTED_MODULE_5__/* .CONFIG_FILE_OPERATION */ .KQ,
    run: runGetConfig
});
async function runGetConfig(inputs, ctx) {
    const { text } = await (0,_api_config_js__WEBPACK_IMPORTED_MODULE_3__/* .getConfig */ .zj)(ctx.client, inputs.appSlug);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)((0,_config_file_js__WEBPACK_IMPORTED_MODULE_5__/* .fileInWorkspace */ .Zo)(inputs, true)), { recursive: true });
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.writeFile)((0,_config_file_js__WEBPACK_IMPORTED_MODULE_5__/* .fileInWorkspace */ .Zo)(inputs, true), text, { flag: WRITE_NO_FOLLOW });
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_4__/* .Output */ .k7.configPath, inputs.configPath);
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_4__/* .Output */ .k7.response, text);
    ctx.info(`Wrote the service.yml of ${inputs.appSlug} to ${inputs.configPath} (${Buffer.byteLength(text)} bytes)`);
    ctx.summary({
        heading: `service.yml of ${inputs.appSlug} downloaded`,
        facts: [
            ['Written to', inputs.configPathInput],
            ['Size', `${Buffer.byteLength(text)} bytes`]
        ]
    });
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
