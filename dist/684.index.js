export const id = 684;
export const ids = [684];
export const modules = {

/***/ 2684:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   abortBuild: () => (/* binding */ abortBuild)
/* harmony export */ });
/**
 * Aborts a build. All four body fields are always sent: the interface makes them
 * optional, the published contract requires them.
 */
async function abortBuild(client, appSlug, buildSlug, options, signal) {
    const res = await client.post(`/apps/${encodeURIComponent(appSlug)}/builds/${encodeURIComponent(buildSlug)}/abort`, {
        abort_reason: options.abortReason,
        abort_with_success: options.abortWithSuccess,
        skip_git_status_report: options.skipGitStatusReport,
        skip_notifications: options.skipNotifications
    }, 
    // Aborting twice has the effect of aborting once.
    { retry: 'idempotent', signal });
    return { response: res.text };
}


/***/ })

};
