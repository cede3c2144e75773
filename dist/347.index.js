export const id = 347;
export const ids = [347];
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

/***/ 4347:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  dryRunNote: () => (/* binding */ dryRunNote),
  migrateMachineTypes: () => (/* binding */ migrate_machine_types_migrateMachineTypes)
});

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/http/api-error.ts
var api_error = __webpack_require__(2247);
// EXTERNAL MODULE: ./src/http/pagination.ts
var pagination = __webpack_require__(7250);
// EXTERNAL MODULE: ./src/service-yml.ts
var service_yml = __webpack_require__(6055);
;// CONCATENATED MODULE: ./src/service-yml-machine-types.ts

/**
 * Finds where a parsed service.yml names `machineType`: the default stack at
 * `meta.service.machine_type_id` and each workflow's own stack at
 * `workflows.<id>.meta.service.machine_type_id` — the places the service's
 * migration rewrites.
 */
function findMachineTypeUses(config, machineType) {
    const uses = [];
    if (!(0,service_yml/* isMapping */.pi)(config))
        return uses;
    const top = serviceMeta(config);
    if (top?.machine_type_id === machineType)
        uses.push({ place: 'default stack', ...stackOf(top) });
    if ((0,service_yml/* isMapping */.pi)(config.workflows)) {
        for (const [id, workflow] of Object.entries(config.workflows)) {
            const meta = serviceMeta(workflow);
            if (meta?.machine_type_id === machineType)
                uses.push({ place: `workflow ${id}`, workflow: id, ...stackOf(meta) });
        }
    }
    return uses;
}
function serviceMeta(holder) {
    if (!(0,service_yml/* isMapping */.pi)(holder) || !(0,service_yml/* isMapping */.pi)(holder.meta) || !(0,service_yml/* isMapping */.pi)(holder.meta.service))
        return undefined;
    return holder.meta.service;
}
function stackOf(meta) {
    return typeof meta.stack === 'string' && meta.stack !== '' ? { stack: meta.stack } : {};
}

// EXTERNAL MODULE: ./src/api/paths.ts
var paths = __webpack_require__(6484);
;// CONCATENATED MODULE: ./src/api/machine-types.ts
/** The service's machine type migration, and the read-only preview of it that a dry run makes. */






/** How many service.yml files a dry run reads at the same time. */
const PREVIEW_CONCURRENCY = 4;
/**
 * Replaces the machine type in every app of the scope. Sent once only: a repeat
 * would find nothing left to migrate and report an empty list.
 */
async function migrateMachineTypes(client, migration) {
    const path = (0,paths/* machineTypesPath */.eA)(migration.scope);
    const res = await client.request('PATCH', path, {
        body: { from_machine: migration.fromMachine, to_machine: migration.toMachine },
        retry: 'once',
        ambiguousHint: 'the migration may have run; run it with dry-run: true to see which apps still use the old machine type',
        noEffectHint: 'nothing was migrated'
    });
    const body = res.body ?? {};
    // Without the list the action cannot tell "nothing to migrate" from "migrated, answer lost".
    if (!Array.isArray(body.migrated_apps)) {
        throw api_error/* ApiError */.h.invalidResponse({
            method: 'PATCH',
            path,
            status: res.status,
            mayHaveTakenEffect: true,
            message: `PATCH ${path} answered ${res.status} without a "migrated_apps" list; the migration may have run: run it with dry-run: true to see which apps still use the old machine type`
        });
    }
    return {
        message: typeof body.message === 'string' ? body.message : undefined,
        migratedApps: body.migrated_apps.map(String),
        errors: Array.isArray(body.errors) ? body.errors.map(toMigrationError) : [],
        response: res.text
    };
}
function toMigrationError(item) {
    if (typeof item === 'object' && item !== null) {
        const { app, error } = item;
        return { app: typeof app === 'string' ? app : 'unknown app', error: typeof error === 'string' ? error : JSON.stringify(item) };
    }
    return { app: 'unknown app', error: String(item) };
}
/**
 * Finds, without changing anything, which apps of the scope use the machine type
 * and where: every app's service.yml is read and parsed here. An app whose file
 * cannot be read or parsed is listed in `errors`; a refused token or a cancelled
 * job stops the whole preview.
 */
async function previewMigration(client, migration, signal) {
    const scope = migration.scope.kind === 'organization' ? { orgSlug: migration.scope.slug } : { userSlug: migration.scope.slug };
    const { items } = await (0,pagination/* listAll */._)(client, (0,paths/* appsListPath */.a5)(scope));
    const outcomes = new Array(items.length);
    let next = 0;
    async function worker() {
        while (next < items.length) {
            const index = next++;
            outcomes[index] = await previewApp(client, items[index], migration.fromMachine, signal);
        }
    }
    await Promise.all(Array.from({ length: Math.min(PREVIEW_CONCURRENCY, items.length) }, worker));
    const apps = [];
    const errors = [];
    for (const outcome of outcomes) {
        if (!outcome)
            continue;
        if ('error' in outcome)
            errors.push(outcome);
        else if (outcome.uses.length > 0)
            apps.push(outcome);
    }
    return { apps, checked: items.length, errors };
}
async function previewApp(client, app, machineType, signal) {
    const problem = (0,paths/* slugProblem */.fF)(app.slug);
    if (problem) {
        const title = typeof app.title === 'string' && app.title !== '' ? app.title : 'an app';
        return { app: `${title} (slug ${typeof app.slug === 'string' ? (0,errors/* quote */.hD)(app.slug) : 'missing'})`, error: `the service listed it, but ${(0,paths/* describeUnsafeSlug */.nf)('slug', app.slug, problem)}` };
    }
    const label = appLabel(app);
    let text;
    try {
        text = (await client.request('GET', (0,paths/* appPath */.X4)(app.slug, 'service.yml'), { expect: 'text', signal })).body;
    }
    catch (error) {
        if ((0,api_error/* isHttpError */.d)(error, 401) || (error instanceof api_error/* ApiError */.h && error.kind === 'cancelled'))
            throw error;
        return { app: label, error: `could not read service.yml: ${error.message}` };
    }
    const parsed = (0,service_yml/* parseServiceYml */.bu)(text);
    if (!parsed.ok)
        return { app: label, error: `service.yml is not valid YAML: ${(0,service_yml/* describeProblem */.BJ)(parsed.problem)}` };
    return { label, slug: app.slug, title: app.title, uses: findMachineTypeUses(parsed.config, machineType) };
}
/** "Title (slug)", the form the service uses in migrated_apps. */
function appLabel(app) {
    return `${app.title || app.slug} (${app.slug})`;
}
/** Splits "Title (slug)" back into its parts; the whole text is the title when it has no slug. */
function splitAppLabel(label) {
    const match = /^(.*) \(([^()]+)\)$/.exec(label);
    return match ? { title: match[1], slug: match[2] } : { title: label, slug: '' };
}

// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(7242);
// EXTERNAL MODULE: ./src/input-readers.ts
var input_readers = __webpack_require__(34);
// EXTERNAL MODULE: ./src/operations/operation.ts
var operation = __webpack_require__(2899);
;// CONCATENATED MODULE: ./src/operations/migrate-machine-types.ts
/** operation: migrate-machine-types — replaces a machine type in every app of a Workspace or user, or previews that (dry-run). */





const migrate_machine_types_migrateMachineTypes = (0,operation/* defineOperation */.h)({
    name: 'migrate-machine-types',
    role: 'the Workspace owner role (for org-slug) or being that user (for user-slug)',
    inputs: [constants/* Input */.pd.orgSlug, constants/* Input */.pd.userSlug, constants/* Input */.pd.fromMachine, constants/* Input */.pd.toMachine, constants/* Input */.pd.dryRun],
    outputs: [constants/* Output */.k7.migratedApps, constants/* Output */.k7.migratedCount, constants/* Output */.k7.errors, constants/* Output */.k7.checkedCount, constants/* Output */.k7.dryRunNote, constants/* Output */.k7.response],
    read: readMigration,
    run: (inputs, ctx) => (inputs.dryRun ? runDryRun(inputs, ctx) : runMigration(inputs, ctx))
});
const MACHINE_TYPE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
function readMigration(get) {
    const orgSlug = (0,input_readers/* slug */.yR)(get, constants/* Input */.pd.orgSlug);
    const userSlug = (0,input_readers/* slug */.yR)(get, constants/* Input */.pd.userSlug);
    if (orgSlug && userSlug)
        throw new errors/* InputError */.dz(constants/* Input */.pd.userSlug, `cannot be combined with ${constants/* Input */.pd.orgSlug}; migrate one Workspace or one user at a time`);
    if (!orgSlug && !userSlug)
        throw new errors/* InputError */.dz(constants/* Input */.pd.orgSlug, `or ${constants/* Input */.pd.userSlug} is required: whose apps to migrate`);
    const fromMachine = (0,input_readers/* required */.mw)(constants/* Input */.pd.fromMachine, (0,input_readers/* matching */.wC)(get, constants/* Input */.pd.fromMachine, MACHINE_TYPE, 'a machine type identifier'));
    const toMachine = (0,input_readers/* required */.mw)(constants/* Input */.pd.toMachine, (0,input_readers/* matching */.wC)(get, constants/* Input */.pd.toMachine, MACHINE_TYPE, 'a machine type identifier'));
    if (fromMachine === toMachine)
        throw new errors/* InputError */.dz(constants/* Input */.pd.toMachine, `${(0,errors/* quote */.hD)(toMachine)} is the same as ${constants/* Input */.pd.fromMachine}; nothing would change`);
    const scope = orgSlug ? { kind: 'organization', slug: orgSlug } : { kind: 'user', slug: userSlug };
    return { scope, fromMachine, toMachine, dryRun: (0,input_readers/* booleanFlag */.Fg)(get, constants/* Input */.pd.dryRun, false) };
}
function describeUse(use) {
    return use.stack ? `${use.place} (${use.stack})` : use.place;
}
function describeScope(scope) {
    return scope.kind === 'organization' ? `Workspace ${scope.slug}` : `user ${scope.slug}`;
}
/**
 * What a dry run cannot check, in words. It reads the apps the token can see, one by
 * one; the migration changes every app of the scope and needs a role the interface
 * gives no call to check (the Workspace owner role, or being that user).
 */
function dryRunNote(scope, checked) {
    const read = `The dry run read the ${checked} app(s) of ${describeScope(scope)} that this token can see.`;
    const needs = scope.kind === 'organization'
        ? `The migration changes every app of the Workspace, including any this token cannot see, and needs the Workspace owner role`
        : `The migration changes every app of user ${scope.slug}, including any this token cannot see, and must be run with that user's own token`;
    return `${read} ${needs}; a dry run cannot check that, so the migration may change more apps than listed here, or be refused (403).`;
}
async function runDryRun(inputs, ctx) {
    const preview = await previewMigration(ctx.client, inputs, ctx.signal);
    const labels = preview.apps.map((app) => app.label);
    ctx.output(constants/* Output */.k7.migratedApps, labels);
    ctx.output(constants/* Output */.k7.migratedCount, labels.length);
    ctx.output(constants/* Output */.k7.errors, preview.errors);
    const note = dryRunNote(inputs.scope, preview.checked);
    ctx.output(constants/* Output */.k7.checkedCount, preview.checked);
    ctx.output(constants/* Output */.k7.dryRunNote, note);
    for (const item of preview.errors)
        ctx.warning(`${item.app}: ${item.error}`);
    for (const app of preview.apps)
        ctx.info(`Would change ${app.label}: ${app.uses.map(describeUse).join(', ')}`);
    const summaryLine = labels.length > 0
        ? `Dry run: ${labels.length} of the ${preview.checked} app(s) this token can see would change. Nothing was changed.`
        : `Dry run: none of the ${preview.checked} app(s) this token can see uses ${inputs.fromMachine}; nothing would change.`;
    ctx.info(summaryLine);
    ctx.notice(note);
    ctx.summary({
        heading: `Machine type migration preview for ${describeScope(inputs.scope)}: ${inputs.fromMachine} → ${inputs.toMachine}`,
        lines: [summaryLine, note, ...preview.errors.map((item) => `Not checked: ${item.app}: ${item.error}`)],
        table: preview.apps.length > 0 ? [['App', 'Slug', 'Where'], ...preview.apps.map(previewRow)] : undefined
    });
}
function previewRow(app) {
    return [app.title || app.slug, app.slug, app.uses.map(describeUse).join(', ')];
}
async function runMigration(inputs, ctx) {
    const scope = describeScope(inputs.scope);
    const result = await migrateMachineTypes(ctx.client, inputs);
    ctx.output(constants/* Output */.k7.migratedApps, result.migratedApps);
    ctx.output(constants/* Output */.k7.migratedCount, result.migratedApps.length);
    ctx.output(constants/* Output */.k7.errors, result.errors);
    ctx.output(constants/* Output */.k7.response, result.response || undefined);
    for (const item of result.errors)
        ctx.warning(`${item.app}: ${item.error}`);
    const summaryLine = result.migratedApps.length > 0
        ? `Migrated ${result.migratedApps.length} app(s) from ${inputs.fromMachine} to ${inputs.toMachine}.`
        : `Nothing to migrate: no app of the ${scope} uses ${inputs.fromMachine}.`;
    ctx.info(summaryLine);
    ctx.summary({
        heading: `Machine type migration for ${scope}: ${inputs.fromMachine} → ${inputs.toMachine}`,
        lines: [summaryLine, ...(result.message ? [`The service said: ${result.message}`] : []), ...result.errors.map((item) => `Failed: ${item.app}: ${item.error}`)],
        table: result.migratedApps.length > 0
            ? [
                ['App', 'Slug'],
                ...result.migratedApps.map((label) => {
                    const { title, slug } = splitAppLabel(label);
                    return [title, slug];
                })
            ]
            : undefined
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
