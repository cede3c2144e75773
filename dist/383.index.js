export const id = 383;
export const ids = [383];
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

/***/ 1383:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   finishRegistration: () => (/* binding */ finishRegistration),
/* harmony export */   registerApp: () => (/* binding */ registerApp),
/* harmony export */   registerSshKey: () => (/* binding */ registerSshKey),
/* harmony export */   runRegisterApp: () => (/* binding */ runRegisterApp)
/* harmony export */ });
/* harmony import */ var _runner_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8186);
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9592);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7242);
/* harmony import */ var _secrets_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7194);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4317);





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
            (0,_secrets_js__WEBPACK_IMPORTED_MODULE_3__/* .addSecret */ .C)(finished.buildTriggerToken);
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
