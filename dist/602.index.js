export const id = 602;
export const ids = [602];
export const modules = {

/***/ 3602:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   checkConfigText: () => (/* binding */ checkConfigText),
/* harmony export */   getConfig: () => (/* binding */ getConfig),
/* harmony export */   getConfigLocation: () => (/* binding */ getConfigLocation),
/* harmony export */   missingRepositoryConfig: () => (/* binding */ missingRepositoryConfig),
/* harmony export */   runGetConfig: () => (/* binding */ runGetConfig),
/* harmony export */   runGetConfigLocation: () => (/* binding */ runGetConfigLocation),
/* harmony export */   runSetConfigLocation: () => (/* binding */ runSetConfigLocation),
/* harmony export */   runUploadConfig: () => (/* binding */ runUploadConfig),
/* harmony export */   setConfigLocation: () => (/* binding */ setConfigLocation),
/* harmony export */   uploadConfig: () => (/* binding */ uploadConfig)
/* harmony export */ });
/* harmony import */ var _runner_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4813);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9592);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7242);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3916);
/* harmony import */ var _secrets_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7194);
/* harmony import */ var _service_yml_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(6055);
/* harmony import */ var _workspace_path_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(9152);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(6698);











/** The app's service.yml as text. */
async function getConfig(client, appSlug) {
    const res = await client.get((0,_paths_js__WEBPACK_IMPORTED_MODULE_10__/* .appPath */ .X4)(appSlug, 'service.yml'), { expect: 'text' });
    return { text: res.body };
}
/**
 * Uploads service.yml. The service's own clients send the YAML text as a string in
 * `app_config_datastore_yaml`; uploading the same text twice has the effect of once.
 */
async function uploadConfig(client, appSlug, yamlText) {
    const res = await client.post((0,_paths_js__WEBPACK_IMPORTED_MODULE_10__/* .appPath */ .X4)(appSlug, 'service.yml'), { app_config_datastore_yaml: yamlText }, { retry: 'idempotent' });
    return { response: res.text };
}
/** Where the service reads the app's service.yml. */
async function getConfigLocation(client, appSlug) {
    const path = (0,_paths_js__WEBPACK_IMPORTED_MODULE_10__/* .appPath */ .X4)(appSlug, 'service.yml', 'config');
    const res = await client.get(path);
    const location = res.body?.location;
    if (typeof location !== 'string' || location === '') {
        throw new _client_js__WEBPACK_IMPORTED_MODULE_4__/* .ApiError */ .hD(`GET ${path}: the answer has no "location"`, 'invalid-response', 'GET', path, res.status);
    }
    return { location, response: res.text };
}
/** Tells the service where to read service.yml; the service answers 204 without a body. */
async function setConfigLocation(client, appSlug, location) {
    const res = await client.put((0,_paths_js__WEBPACK_IMPORTED_MODULE_10__/* .appPath */ .X4)(appSlug, 'service.yml', 'config'), { location });
    return { response: res.text };
}
/**
 * Checks a service.yml text before it is sent: it must parse, and hold a
 * `workflows` mapping, or the service would keep a configuration no build can use.
 */
function checkConfigText(text, shownPath) {
    const parsed = (0,_service_yml_js__WEBPACK_IMPORTED_MODULE_8__/* .parseServiceYml */ .bu)(text);
    if (!parsed.ok) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_6__/* .InputError */ .dz(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Input */ .pd.configPath, `${(0,_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .quote */ .hD)(shownPath)} is not valid YAML: ${(0,_service_yml_js__WEBPACK_IMPORTED_MODULE_8__/* .describeProblem */ .BJ)(parsed.problem)}`);
    }
    if (!(0,_service_yml_js__WEBPACK_IMPORTED_MODULE_8__/* .isMapping */ .pi)(parsed.config.workflows)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_6__/* .InputError */ .dz(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Input */ .pd.configPath, `${(0,_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .quote */ .hD)(shownPath)} has no top-level "workflows" mapping; a service.yml needs at least one workflow`);
    }
    if (Object.keys(parsed.config.workflows).length === 0) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_6__/* .InputError */ .dz(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Input */ .pd.configPath, `${(0,_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .quote */ .hD)(shownPath)} has an empty "workflows" mapping; a service.yml needs at least one workflow, or no build can run`);
    }
}
/**
 * The file to read or write for config-path, checked again right before use: the
 * folders may have changed since the inputs were read (get-config creates them).
 */
function fileInWorkspace(inputs, afterCall = false) {
    const checked = (0,_workspace_path_js__WEBPACK_IMPORTED_MODULE_9__/* .resolveInWorkspace */ .z)(inputs.workspace, inputs.configPathInput);
    if (checked.ok)
        return checked.real;
    const error = new _errors_js__WEBPACK_IMPORTED_MODULE_6__/* .InputError */ .dz(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Input */ .pd.configPath, (0,_workspace_path_js__WEBPACK_IMPORTED_MODULE_9__/* .describeWorkspacePathProblem */ .j)(inputs.configPathInput, inputs.workspace, checked));
    // An InputError tells the user nothing was sent; after the download that is no longer true.
    throw afterCall ? new Error(`${error.message}; the file was not written`) : error;
}
/** Opening for writing without following a link at the last step: the file was checked to be no link. */
const WRITE_NO_FOLLOW = node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_TRUNC | (node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NOFOLLOW ?? 0);
/** operation: get-config — writes the app's service.yml into the workspace. */
async function runGetConfig(inputs, ctx) {
    const { text } = await getConfig(ctx.client, inputs.appSlug);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdir)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.dirname)(fileInWorkspace(inputs, true)), { recursive: true });
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.writeFile)(fileInWorkspace(inputs, true), text, { flag: WRITE_NO_FOLLOW });
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Output */ .k7.configPath, inputs.configPath);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Output */ .k7.response, text);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Wrote the service.yml of ${inputs.appSlug} to ${inputs.configPath} (${Buffer.byteLength(text)} bytes)`);
    ctx.report.summary({
        heading: `service.yml of ${inputs.appSlug} downloaded`,
        facts: [
            ['Written to', inputs.configPathInput],
            ['Size', `${Buffer.byteLength(text)} bytes`]
        ]
    });
}
/** operation: upload-config — checks the file locally, then uploads it. */
async function runUploadConfig(inputs, ctx) {
    let text;
    try {
        text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readFile)(fileInWorkspace(inputs), 'utf8');
    }
    catch (error) {
        if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_6__/* .InputError */ .dz)
            throw error;
        const code = error.code;
        const why = code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot be read (${code ?? error.message})`;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_6__/* .InputError */ .dz(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Input */ .pd.configPath, `${(0,_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .quote */ .hD)(inputs.configPathInput)} ${why} in the workspace`);
    }
    checkConfigText(text, inputs.configPathInput);
    const { response } = await uploadConfig(ctx.client, inputs.appSlug, text);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Output */ .k7.configPath, inputs.configPath);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Output */ .k7.response, response || undefined);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Uploaded ${inputs.configPathInput} as the service.yml of ${inputs.appSlug}`);
    ctx.report.summary({
        heading: `service.yml of ${inputs.appSlug} uploaded`,
        facts: [
            ['From', inputs.configPathInput],
            ['Size', `${Buffer.byteLength(text)} bytes`]
        ]
    });
}
/** operation: get-config-location */
async function runGetConfigLocation(inputs, ctx) {
    const { location, response } = await getConfigLocation(ctx.client, inputs.appSlug);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Output */ .k7.location, location);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Output */ .k7.response, response);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq((0,_secrets_js__WEBPACK_IMPORTED_MODULE_7__/* .redact */ .E$)(`The service reads the service.yml of ${inputs.appSlug} from: ${location}`));
    ctx.report.summary({ heading: `service.yml location of ${inputs.appSlug}`, facts: [['Location', location]] });
}
/** Spellings of the file a person might have committed; the service reads `service.yml`. */
const CONFIG_FILE = 'service.yml';
const OTHER_SPELLINGS = ['service.yaml', 'Service.yml'];
/**
 * Why builds would fail after switching to `repository`, or undefined when
 * service.yml is at the root of the workspace.
 */
function missingRepositoryConfig(workspace) {
    if ((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(workspace, CONFIG_FILE)))
        return undefined;
    const other = OTHER_SPELLINGS.find((name) => (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(workspace, name)));
    const found = other ? ` (there is a ${other}, but the service looks for ${CONFIG_FILE})` : '';
    return (`${CONFIG_FILE} is not at the root of the workspace${found}: builds of this app will fail until ${CONFIG_FILE} ` +
        `is committed to the root of its repository. (If this job did not check out the app's repository, check it there.)`);
}
/** operation: set-config-location — warns when `repository` is chosen and no service.yml is in sight. */
async function runSetConfigLocation(inputs, ctx) {
    const { response } = await setConfigLocation(ctx.client, inputs.appSlug, inputs.location);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Output */ .k7.location, inputs.location);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_5__/* .Output */ .k7.response, response || undefined);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`The service now reads the service.yml of ${inputs.appSlug} from: ${inputs.location}`);
    const warning = inputs.location === 'repository' ? missingRepositoryConfig(inputs.workspace) : undefined;
    if (warning)
        _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(warning);
    ctx.report.summary({
        heading: `service.yml location of ${inputs.appSlug} set`,
        facts: [['Location', inputs.location]],
        lines: warning ? [warning] : undefined
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


/***/ }),

/***/ 6055:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BJ: () => (/* binding */ describeProblem),
/* harmony export */   bu: () => (/* binding */ parseServiceYml),
/* harmony export */   pi: () => (/* binding */ isMapping)
/* harmony export */ });
/* harmony import */ var js_yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3243);

/**
 * The YAML 1.2 core schema plus `<<` merge keys: service.yml files often share a
 * workflow's settings through anchors and merges, and js-yaml 5 no longer merges by default.
 */
const SCHEMA = js_yaml__WEBPACK_IMPORTED_MODULE_0__/* .CORE_SCHEMA */ .OU.withTags(js_yaml__WEBPACK_IMPORTED_MODULE_0__/* .mergeTag */ .LJ);
/** Parses service.yml text; never throws. The document must be a mapping. */
function parseServiceYml(text) {
    let doc;
    try {
        doc = (0,js_yaml__WEBPACK_IMPORTED_MODULE_0__/* .load */ .Hh)(text, { schema: SCHEMA });
    }
    catch (error) {
        const e = error;
        const reason = typeof e.reason === 'string' && e.reason !== '' ? e.reason : String(e.message ?? error);
        const line = typeof e.mark?.line === 'number' ? e.mark.line + 1 : undefined;
        const column = typeof e.mark?.column === 'number' ? e.mark.column + 1 : undefined;
        return { ok: false, problem: { reason, line, column } };
    }
    if (!isMapping(doc)) {
        return { ok: false, problem: { reason: `the document is ${describe(doc)}, not a mapping of keys to values` } };
    }
    return { ok: true, config: doc };
}
/** One line for a problem, e.g. `bad indentation of a mapping entry at line 3, column 4`. */
function describeProblem(problem) {
    if (problem.line === undefined)
        return problem.reason;
    return `${problem.reason} at line ${problem.line}${problem.column === undefined ? '' : `, column ${problem.column}`}`;
}
function isMapping(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function describe(value) {
    if (value === null || value === undefined)
        return 'empty';
    if (Array.isArray(value))
        return 'a list';
    return `a single ${typeof value} value`;
}


/***/ })

};
