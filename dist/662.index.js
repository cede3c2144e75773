export const id = 662;
export const ids = [662];
export const modules = {

/***/ 1662:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  trigger: () => (/* binding */ trigger)
});

// EXTERNAL MODULE: ./src/api/builds.ts
var builds = __webpack_require__(6815);
;// CONCATENATED MODULE: ./src/build-params.ts
/** The wire shape of a build trigger: the `build_params` object and its environment items. */
/** Overlays `explicit` on `fromEvent`: every field given explicitly wins. */
function mergeBuildParams(fromEvent, explicit) {
    const merged = { ...fromEvent };
    for (const [key, value] of Object.entries(explicit)) {
        if (value !== undefined)
            merged[key] = value;
    }
    return merged;
}
/** True when the parameters name something the service can build. */
function hasBuildTarget(params) {
    return Boolean(params.tag || params.commit_hash || params.branch || params.workflow_id);
}

// EXTERNAL MODULE: ./src/constants.ts
var constants = __webpack_require__(7242);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/event.ts
var src_event = __webpack_require__(807);
// EXTERNAL MODULE: ./src/input-readers.ts
var input_readers = __webpack_require__(34);
// EXTERNAL MODULE: ./src/operations/operation.ts
var operation = __webpack_require__(2899);
// EXTERNAL MODULE: ./src/operations/waiting.ts + 2 modules
var waiting = __webpack_require__(7762);
;// CONCATENATED MODULE: ./src/operations/trigger.ts
/** operation: trigger — starts a build from the inputs and the GitHub event, sets its outputs at once, then waits when asked. */








const trigger = (0,operation/* defineOperation */.h)({
    name: 'trigger',
    role: 'Owner, Admin or Developer',
    inputs: [
        constants/* Input */.pd.appSlug,
        constants/* Input */.pd.workflow,
        constants/* Input */.pd.branch,
        constants/* Input */.pd.tag,
        constants/* Input */.pd.commitHash,
        constants/* Input */.pd.commitMessage,
        constants/* Input */.pd.branchDest,
        constants/* Input */.pd.branchRepoOwner,
        constants/* Input */.pd.branchDestRepoOwner,
        constants/* Input */.pd.pullRequestId,
        constants/* Input */.pd.pullRequestMergeBranch,
        constants/* Input */.pd.pullRequestHeadBranch,
        constants/* Input */.pd.pullRequestRepositoryUrl,
        constants/* Input */.pd.skipGitStatusReport,
        constants/* Input */.pd.environments,
        constants/* Input */.pd.secretEnvironments,
        constants/* Input */.pd.fromEvent,
        constants/* Input */.pd.wait,
        ...waiting/* WAIT_INPUTS */.WW
    ],
    outputs: [constants/* Output */.k7.buildSlug, constants/* Output */.k7.buildNumber, constants/* Output */.k7.buildUrl, constants/* Output */.k7.triggeredWorkflow, constants/* Output */.k7.response, constants/* Output */.k7.buildStatus, constants/* Output */.k7.buildStatusText],
    read: readTrigger,
    run: runTrigger
});
async function readTrigger(get, env) {
    const appSlug = input_readers/* requiredSlug */.Jf(get, constants/* Input */.pd.appSlug);
    const explicit = await readExplicitParams(get);
    const wait = input_readers/* booleanFlag */.Fg(get, constants/* Input */.pd.wait, false) ? (0,waiting/* readWaitSettings */.b5)(get, env) : undefined;
    const event = input_readers/* booleanFlag */.Fg(get, constants/* Input */.pd.fromEvent, true) ? (0,src_event/* readGitHubEvent */.Ie)(env) : undefined;
    const { params, notes, warnings } = event ? withEvent(get, explicit, event) : { params: explicit, notes: [], warnings: [] };
    for (const [key, value] of Object.entries(params))
        if (value === undefined)
            delete params[key];
    if (!hasBuildTarget(params)) {
        throw new errors/* InputError */.dz(constants/* Input */.pd.branch, `no branch, tag, commit-hash or workflow was given${event ? ` and the ${event.name} event provides none` : ''}; set at least one of them`);
    }
    return { appSlug, params, fromEvent: event?.name, notes, warnings, wait };
}
/** The build parameters the inputs give, each checked. */
async function readExplicitParams(get) {
    const environments = [...(await input_readers/* environmentItems */.ke(get, constants/* Input */.pd.environments)), ...(await input_readers/* environmentItems */.ke(get, constants/* Input */.pd.secretEnvironments, true))];
    const names = new Set();
    for (const item of environments) {
        if (names.has(item.mapped_to))
            throw new errors/* InputError */.dz(constants/* Input */.pd.secretEnvironments, `the variable ${item.mapped_to} is also in ${constants/* Input */.pd.environments}`);
        names.add(item.mapped_to);
    }
    return {
        workflow_id: input_readers/* singleLine */.pF(get, constants/* Input */.pd.workflow),
        branch: input_readers/* gitRefName */.$K(get, constants/* Input */.pd.branch),
        tag: input_readers/* gitRefName */.$K(get, constants/* Input */.pd.tag),
        commit_hash: input_readers/* matching */.wC(get, constants/* Input */.pd.commitHash, /^[0-9a-f]{7,64}$/i, 'a commit hash (7 to 64 hexadecimal digits)'),
        commit_message: input_readers/* optionalText */.mR(get, constants/* Input */.pd.commitMessage),
        branch_dest: input_readers/* gitRefName */.$K(get, constants/* Input */.pd.branchDest),
        branch_repo_owner: input_readers/* slug */.yR(get, constants/* Input */.pd.branchRepoOwner),
        branch_dest_repo_owner: input_readers/* slug */.yR(get, constants/* Input */.pd.branchDestRepoOwner),
        pull_request_id: input_readers/* optionalInteger */.$H(get, constants/* Input */.pd.pullRequestId, 1, 2 ** 31 - 1),
        pull_request_merge_branch: input_readers/* gitRefName */.$K(get, constants/* Input */.pd.pullRequestMergeBranch),
        pull_request_head_branch: input_readers/* gitRefName */.$K(get, constants/* Input */.pd.pullRequestHeadBranch),
        pull_request_repository_url: input_readers/* gitUrl */.WU(get, constants/* Input */.pd.pullRequestRepositoryUrl),
        skip_git_status_report: input_readers/* booleanFlag */.Fg(get, constants/* Input */.pd.skipGitStatusReport, false) || undefined,
        environments: environments.length > 0 ? environments : undefined
    };
}
/** The event's parameters under the explicit ones, and what to tell the user about them. */
function withEvent(get, explicit, event) {
    const mapped = (0,src_event/* buildParamsFromEvent */.h$)(event);
    const params = mergeBuildParams(mapped.params, explicit);
    const owners = [constants/* Input */.pd.branchRepoOwner, constants/* Input */.pd.branchDestRepoOwner].filter((name) => get(name) !== '');
    if (!mapped.isForkPullRequest || owners.length === 0)
        return { params, notes: mapped.notes, warnings: [] };
    const warning = `This pull request comes from a fork, but ${owners.join(' and ')} ${owners.length > 1 ? 'are' : 'is'} set, so the service will not hold its build for approval: the fork's code runs with the app's secrets. Leave both owner inputs empty to keep the hold.`;
    return { params, notes: [], warnings: [warning] };
}
async function runTrigger(inputs, ctx) {
    const params = inputs.params;
    for (const note of inputs.notes)
        ctx.notice(note);
    for (const warning of inputs.warnings)
        ctx.warning(warning);
    const build = await (0,builds/* triggerBuild */.z)(ctx.client, inputs.appSlug, params);
    ctx.output(constants/* Output */.k7.buildSlug, build.buildSlug);
    ctx.output(constants/* Output */.k7.buildNumber, build.buildNumber);
    ctx.output(constants/* Output */.k7.buildUrl, build.buildUrl);
    ctx.output(constants/* Output */.k7.triggeredWorkflow, build.triggeredWorkflow);
    ctx.output(constants/* Output */.k7.response, build.response);
    const number = build.buildNumber !== undefined ? `#${build.buildNumber}` : undefined;
    ctx.info(`Triggered build ${number ? `${number} ` : ''}${build.buildSlug}${build.buildUrl ? `: ${build.buildUrl}` : ''}`);
    const section = {
        heading: `Build ${number ?? build.buildSlug} triggered on ${inputs.appSlug}`,
        link: httpLink(build.buildUrl),
        facts: [
            ['Workflow', build.triggeredWorkflow ?? params.workflow_id],
            ['Branch', params.branch],
            ['Tag', params.tag],
            ['Commit', params.commit_hash],
            ['Pull request', params.pull_request_id],
            ['Target branch', params.branch_dest],
            ['Source owner', params.branch_repo_owner],
            ['Target owner', params.branch_dest_repo_owner],
            ['Environment variables', params.environments?.map((e) => e.mapped_to).join(', ')],
            ['Parameters from event', inputs.fromEvent],
            ['Build slug', build.buildSlug]
        ],
        lines: [...inputs.notes, ...inputs.warnings]
    };
    ctx.summary(section);
    if (inputs.wait)
        await (0,waiting/* waitAndReport */.LG)({ appSlug: inputs.appSlug, buildSlug: build.buildSlug, section, buildUrl: section.link?.href }, inputs.wait, ctx);
}
function httpLink(url) {
    return url && /^https?:\/\/[^\s"<>]+$/.test(url) ? { text: 'Open the build', href: url } : undefined;
}


/***/ })

};
