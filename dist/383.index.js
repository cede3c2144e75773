export const id = 383;
export const ids = [383];
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

/***/ 1383:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   finishRegistration: () => (/* binding */ finishRegistration),
/* harmony export */   registerApp: () => (/* binding */ registerApp),
/* harmony export */   registerSshKey: () => (/* binding */ registerSshKey),
/* harmony export */   runRegisterApp: () => (/* binding */ runRegisterApp)
/* harmony export */ });
/* harmony import */ var _runner_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4813);
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9592);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7242);
/* harmony import */ var _secrets_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7194);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6698);





/** Step 1: creates the app. Never repeated unless the first attempt provably did not arrive. */
async function registerApp(client, inputs) {
    const path = '/apps/register';
    const res = await client.post(path, {
        provider: inputs.provider,
        repo_url: inputs.repoUrl,
        git_repo_slug: inputs.gitRepoSlug,
        git_owner: inputs.gitOwner,
        organization_slug: inputs.orgSlug,
        is_public: inputs.isPublic,
        type: 'git',
        ...(inputs.title !== undefined ? { title: inputs.title } : {})
    }, {
        retry: 'once',
        ambiguousHint: 'the app may have been registered; list the Workspace\'s apps before running the step again',
        noEffectHint: 'no app was registered'
    });
    const slug = res.body?.slug;
    if (typeof slug !== 'string' || slug === '') {
        throw new _client_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD(`POST ${path} answered ${res.status} but named no app slug; the app may have been registered`, 'invalid-response', 'POST', path, res.status, undefined, true);
    }
    const problem = (0,_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .slugProblem */ .fF)(slug);
    if (problem) {
        throw new _client_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD(`POST ${path} answered ${res.status}, but ${(0,_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .describeUnsafeSlug */ .nf)('slug', slug, problem)}; the app may have been registered: list the Workspace's apps to find it`, 'invalid-response', 'POST', path, res.status, undefined, true);
    }
    return { appSlug: slug, response: res.text };
}
/** Step 2 (SSH repository URLs only): gives the service the key it clones with. */
async function registerSshKey(client, appSlug, key) {
    const res = await client.post((0,_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .appPath */ .X4)(appSlug, 'register-ssh-key'), {
        auth_ssh_private_key: key.privateKey,
        auth_ssh_public_key: key.publicKey,
        is_register_key_into_provider_service: key.registerAtProvider
    });
    return { response: res.text };
}
/** Step 3: sets the project type and stack, and returns the app's build trigger token. */
async function finishRegistration(client, appSlug, inputs) {
    const res = await client.post((0,_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .appPath */ .X4)(appSlug, 'finish'), {
        project_type: inputs.projectType,
        stack_id: inputs.stackId,
        config: inputs.configName,
        mode: 'manual',
        envs: inputs.appEnvs,
        organization_slug: inputs.orgSlug
    });
    const token = res.body?.build_trigger_token;
    return { buildTriggerToken: typeof token === 'string' && token !== '' ? token : undefined, response: res.text };
}
/**
 * operation: register-app — register, SSH key (skipped for an HTTPS URL), finish.
 * The app slug is output as soon as the app exists, so a later failure still
 * tells the user which half-registered app to finish or delete.
 */
async function runRegisterApp(inputs, ctx) {
    const registered = await registerApp(ctx.client, inputs);
    const appSlug = registered.appSlug;
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.appSlug, appSlug);
    ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, registered.response);
    _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Registered app ${appSlug} for ${inputs.repoUrl}`);
    const facts = [
        ['App slug', appSlug],
        ['Repository', inputs.repoUrl],
        ['Workspace', inputs.orgSlug],
        ['Project type', inputs.projectType],
        ['Stack', inputs.stackId],
        ['Public', inputs.isPublic]
    ];
    const section = { heading: `App ${appSlug} registered`, facts, lines: [] };
    ctx.report.summary(section);
    let step = 'adding the SSH key';
    try {
        if (inputs.isSshUrl && inputs.sshPrivateKey && inputs.sshPublicKey) {
            const key = await registerSshKey(ctx.client, appSlug, {
                privateKey: inputs.sshPrivateKey,
                publicKey: inputs.sshPublicKey,
                registerAtProvider: inputs.registerKeyAtProvider
            });
            ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, key.response || undefined);
            facts.push(['SSH key', inputs.registerKeyAtProvider ? 'added, and registered at the provider' : 'added']);
            _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Added the SSH key to ${appSlug}`);
        }
        else {
            facts.push(['SSH key', 'not needed (HTTPS repository URL)']);
        }
        step = 'finishing the registration';
        const finished = await finishRegistration(ctx.client, appSlug, inputs);
        if (finished.buildTriggerToken) {
            // Masked in the runner's log first, then output as is (the output must hold the
            // real token), then added to the action's own redaction for everything written after.
            _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .setSecret */ .Pq(finished.buildTriggerToken);
            ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.buildTriggerToken, finished.buildTriggerToken);
            (0,_secrets_js__WEBPACK_IMPORTED_MODULE_3__/* .addSecret */ .Ck)(finished.buildTriggerToken);
        }
        ctx.report.output(_constants_js__WEBPACK_IMPORTED_MODULE_2__/* .Output */ .k7.response, finished.response || undefined);
        facts.push(['Build trigger token', finished.buildTriggerToken ? 'set (in the build-trigger-token output, masked)' : 'not returned']);
        _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`Finished the registration of ${appSlug}`);
    }
    catch (error) {
        const note = `The app ${appSlug} was registered, but ${step} failed: finish it on the service, or delete it before registering again.`;
        section.heading = `App ${appSlug} registered, not finished`;
        section.lines.push(note);
        _runner_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(note);
        throw error;
    }
}


/***/ })

};
