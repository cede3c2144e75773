export const id = 981;
export const ids = [981];
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

/***/ 1981:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  registerApp: () => (/* binding */ register_app_registerApp)
});

// EXTERNAL MODULE: ./src/http/api-error.ts
var api_error = __webpack_require__(2247);
// EXTERNAL MODULE: ./src/api/paths.ts
var paths = __webpack_require__(6484);
;// CONCATENATED MODULE: ./src/api/register.ts
/** The service's three registration calls: register the app, add its SSH key, finish. */


/** Step 1: creates the app. Never repeated unless the first attempt provably did not arrive. */
async function registerApp(client, app) {
    const path = paths/* REGISTER_PATH */.il;
    const res = await client.request('POST', path, {
        body: {
            provider: app.provider,
            repo_url: app.repoUrl,
            git_repo_slug: app.gitRepoSlug,
            git_owner: app.gitOwner,
            organization_slug: app.orgSlug,
            is_public: app.isPublic,
            type: 'git',
            ...(app.title !== undefined ? { title: app.title } : {})
        },
        retry: 'once',
        ambiguousHint: "the app may have been registered; list the Workspace's apps before running the step again",
        noEffectHint: 'no app was registered'
    });
    const slug = res.body?.slug;
    // Both refusals come after the service accepted the call: the app may exist.
    const invalid = (message) => api_error/* ApiError */.h.invalidResponse({ method: 'POST', path, status: res.status, message, mayHaveTakenEffect: true });
    if (typeof slug !== 'string' || slug === '')
        throw invalid(`POST ${path} answered ${res.status} but named no app slug; the app may have been registered`);
    const problem = (0,paths/* slugProblem */.fF)(slug);
    if (problem) {
        throw invalid(`POST ${path} answered ${res.status}, but ${(0,paths/* describeUnsafeSlug */.nf)('slug', slug, problem)}; the app may have been registered: list the Workspace's apps to find it`);
    }
    return { appSlug: slug, response: res.text };
}
/** Step 2 (SSH repository URLs only): gives the service the key it clones with. */
async function registerSshKey(client, appSlug, key) {
    const res = await client.request('POST', (0,paths/* appPath */.X4)(appSlug, 'register-ssh-key'), {
        body: { auth_ssh_private_key: key.privateKey, auth_ssh_public_key: key.publicKey, is_register_key_into_provider_service: key.registerAtProvider }
    });
    return { response: res.text };
}
/** Step 3: sets the project type and stack, and returns the app's build trigger token. */
async function finishRegistration(client, appSlug, finish) {
    const res = await client.request('POST', (0,paths/* appPath */.X4)(appSlug, 'finish'), {
        body: {
            project_type: finish.projectType,
            stack_id: finish.stackId,
            config: finish.configName,
            mode: 'manual',
            envs: finish.appEnvs,
            organization_slug: finish.orgSlug
        }
    });
    const token = res.body?.build_trigger_token;
    return { buildTriggerToken: typeof token === 'string' && token !== '' ? token : undefined, response: res.text };
}

// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(7242);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/input-readers.ts
var input_readers = __webpack_require__(34);
// EXTERNAL MODULE: ./src/operations/operation.ts
var operation = __webpack_require__(2899);
;// CONCATENATED MODULE: ./src/operations/register-app.ts
/**
 * operation: register-app — register, SSH key (skipped for an HTTPS URL), finish.
 * The app slug is output as soon as the app exists, so a later failure still
 * tells the user which half-registered app to finish or delete.
 */





const register_app_registerApp = (0,operation/* defineOperation */.h)({
    name: 'register-app',
    role: 'Owner or Admin of the app team for the SSH key step, and membership of the Workspace',
    inputs: [
        constants/* Input */.pd.provider,
        constants/* Input */.pd.repoUrl,
        constants/* Input */.pd.gitOwner,
        constants/* Input */.pd.gitRepoSlug,
        constants/* Input */.pd.orgSlug,
        constants/* Input */.pd.isPublic,
        constants/* Input */.pd.title,
        constants/* Input */.pd.sshPrivateKey,
        constants/* Input */.pd.sshPublicKey,
        constants/* Input */.pd.registerKeyAtProvider,
        constants/* Input */.pd.projectType,
        constants/* Input */.pd.stackId,
        constants/* Input */.pd.configName,
        constants/* Input */.pd.appEnvs
    ],
    outputs: [constants/* Output */.k7.appSlug, constants/* Output */.k7.response, constants/* Output */.k7.buildTriggerToken],
    read: readRegisterApp,
    run: runRegisterApp
});
/** The git providers the service's registration accepts, as its published contract lists them. */
const PROVIDERS = ['github', 'gitlab', 'gitlab-self-hosted', 'bitbucket', 'custom'];
/** `other` was accepted before the contract's values were; it is still sent as given, so no existing workflow changes. */
const LEGACY_PROVIDER = 'other';
const SLUG_LIKE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
async function readRegisterApp(get) {
    const repoUrl = input_readers/* required */.mw(constants/* Input */.pd.repoUrl, input_readers/* gitUrl */.WU(get, constants/* Input */.pd.repoUrl));
    const isSshUrl = !/^https?:\/\//.test(repoUrl);
    const fromUrl = ownerAndRepo(repoUrl);
    const key = readSshKey(get, repoUrl, isSshUrl);
    const legacyProvider = get(constants/* Input */.pd.provider) === LEGACY_PROVIDER;
    return {
        provider: legacyProvider ? LEGACY_PROVIDER : (input_readers/* oneOf */.yL(get, constants/* Input */.pd.provider, PROVIDERS) ?? 'github'),
        warnings: legacyProvider
            ? [`provider "${LEGACY_PROVIDER}" is not a value the service documents; it is sent as given, but custom is the documented value for a git host that is not GitHub, GitLab or Bitbucket`]
            : [],
        repoUrl,
        isSshUrl,
        gitOwner: input_readers/* slug */.yR(get, constants/* Input */.pd.gitOwner) ?? input_readers/* required */.mw(constants/* Input */.pd.gitOwner, fromUrl?.owner),
        gitRepoSlug: input_readers/* slug */.yR(get, constants/* Input */.pd.gitRepoSlug) ?? input_readers/* required */.mw(constants/* Input */.pd.gitRepoSlug, fromUrl?.repo),
        orgSlug: input_readers/* requiredSlug */.Jf(get, constants/* Input */.pd.orgSlug),
        isPublic: input_readers/* booleanFlag */.Fg(get, constants/* Input */.pd.isPublic, false),
        title: input_readers/* singleLine */.pF(get, constants/* Input */.pd.title),
        sshPrivateKey: isSshUrl ? key.privateKey : undefined,
        sshPublicKey: isSshUrl ? key.publicKey : undefined,
        registerKeyAtProvider: input_readers/* booleanFlag */.Fg(get, constants/* Input */.pd.registerKeyAtProvider, false),
        projectType: input_readers/* required */.mw(constants/* Input */.pd.projectType, input_readers/* matching */.wC(get, constants/* Input */.pd.projectType, /^[a-z0-9][a-z0-9-]*$/i, 'a project type such as android, ios or other')),
        stackId: input_readers/* required */.mw(constants/* Input */.pd.stackId, input_readers/* matching */.wC(get, constants/* Input */.pd.stackId, SLUG_LIKE, 'a stack identifier')),
        configName: input_readers/* matching */.wC(get, constants/* Input */.pd.configName, SLUG_LIKE, 'a configuration name such as other-config') ?? 'other-config',
        appEnvs: Object.fromEntries((await input_readers/* environmentItems */.ke(get, constants/* Input */.pd.appEnvs)).map((item) => [item.mapped_to, item.value]))
    };
}
/** The key pair an SSH repository URL needs, checked; an HTTPS URL takes none. */
function readSshKey(get, repoUrl, isSshUrl) {
    const privateKey = get(constants/* Input */.pd.sshPrivateKey) === '' ? undefined : `${get(constants/* Input */.pd.sshPrivateKey)}\n`;
    const publicKey = input_readers/* singleLine */.pF(get, constants/* Input */.pd.sshPublicKey);
    if (!isSshUrl && privateKey) {
        throw new errors/* InputError */.dz(constants/* Input */.pd.sshPrivateKey, `is given, but ${(0,errors/* quote */.hD)(repoUrl)} is an HTTPS URL, for which no SSH key is registered; remove ssh-private-key or use the SSH URL`);
    }
    if (isSshUrl && !privateKey)
        throw new errors/* InputError */.dz(constants/* Input */.pd.sshPrivateKey, `is required for the SSH repository URL ${(0,errors/* quote */.hD)(repoUrl)}; pass it from a secret (or use an HTTPS URL)`);
    if (privateKey && !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(privateKey)) {
        throw new errors/* InputError */.dz(constants/* Input */.pd.sshPrivateKey, 'does not look like a private key (no "-----BEGIN ... PRIVATE KEY-----" line)');
    }
    if (isSshUrl && !publicKey)
        throw new errors/* InputError */.dz(constants/* Input */.pd.sshPublicKey, 'is required with ssh-private-key for an SSH repository URL');
    if (publicKey && !/^(ssh-|ecdsa-)[a-z0-9-]+ [A-Za-z0-9+/=]+/.test(publicKey)) {
        throw new errors/* InputError */.dz(constants/* Input */.pd.sshPublicKey, `${(0,errors/* quote */.hD)(publicKey)} does not look like an OpenSSH public key (e.g. "ssh-ed25519 AAAA...")`);
    }
    return { privateKey, publicKey };
}
/** The owner and repository named by a git URL's last two path steps. */
function ownerAndRepo(url) {
    const path = url.replace(/^[a-z+]+:\/\/[^/]+\//i, '').replace(/^[^@]+@[^:]+:/, '');
    const parts = path.replace(/\.git$/, '').split('/').filter(Boolean);
    if (parts.length < 2)
        return undefined;
    return { owner: parts[parts.length - 2], repo: parts[parts.length - 1] };
}
async function runRegisterApp(inputs, ctx) {
    for (const warning of inputs.warnings)
        ctx.warning(warning);
    const { appSlug, response } = await registerApp(ctx.client, inputs);
    ctx.output(constants/* Output */.k7.appSlug, appSlug);
    ctx.output(constants/* Output */.k7.response, response);
    ctx.info(`Registered app ${appSlug} for ${inputs.repoUrl}`);
    const facts = [
        ['App slug', appSlug],
        ['Repository', inputs.repoUrl],
        ['Workspace', inputs.orgSlug],
        ['Project type', inputs.projectType],
        ['Stack', inputs.stackId],
        ['Public', inputs.isPublic]
    ];
    const section = { heading: `App ${appSlug} registered`, facts, lines: [] };
    ctx.summary(section);
    let step = 'adding the SSH key';
    try {
        await addKey(inputs, appSlug, facts, ctx);
        step = 'finishing the registration';
        await finish(inputs, appSlug, facts, ctx);
    }
    catch (error) {
        const note = `The app ${appSlug} was registered, but ${step} failed: finish it on the service, or delete it before registering again.`;
        section.heading = `App ${appSlug} registered, not finished`;
        section.lines.push(note);
        ctx.warning(note);
        throw error;
    }
}
async function addKey(inputs, appSlug, facts, ctx) {
    if (!inputs.isSshUrl || !inputs.sshPrivateKey || !inputs.sshPublicKey) {
        facts.push(['SSH key', 'not needed (HTTPS repository URL)']);
        return;
    }
    const key = await registerSshKey(ctx.client, appSlug, { privateKey: inputs.sshPrivateKey, publicKey: inputs.sshPublicKey, registerAtProvider: inputs.registerKeyAtProvider });
    ctx.output(constants/* Output */.k7.response, key.response || undefined);
    facts.push(['SSH key', inputs.registerKeyAtProvider ? 'added, and registered at the provider' : 'added']);
    ctx.info(`Added the SSH key to ${appSlug}`);
}
async function finish(inputs, appSlug, facts, ctx) {
    const finished = await finishRegistration(ctx.client, appSlug, inputs);
    if (finished.buildTriggerToken)
        ctx.secretOutput(constants/* Output */.k7.buildTriggerToken, finished.buildTriggerToken);
    ctx.output(constants/* Output */.k7.response, finished.response || undefined);
    facts.push(['Build trigger token', finished.buildTriggerToken ? 'set (in the build-trigger-token output, masked)' : 'not returned']);
    ctx.info(`Finished the registration of ${appSlug}`);
}


/***/ })

};
