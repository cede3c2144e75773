export const id = 501;
export const ids = [501];
export const modules = {

/***/ 2501:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   wait: () => (/* binding */ wait)
/* harmony export */ });
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7242);
/* harmony import */ var _input_readers_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(34);
/* harmony import */ var _operation_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2899);
/* harmony import */ var _waiting_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7762);
/** operation: wait — waits for a build that is already running. */




const wait = (0,_operation_js__WEBPACK_IMPORTED_MODULE_3__/* .defineOperation */ .h)({
    name: 'wait',
    role: 'any role on the app team',
    inputs: [_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Input */ .pd.appSlug, _constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Input */ .pd.buildSlug, ..._waiting_js__WEBPACK_IMPORTED_MODULE_2__/* .WAIT_INPUTS */ .WW],
    outputs: [_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Output */ .k7.buildSlug, _constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Output */ .k7.buildStatus, _constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Output */ .k7.buildStatusText, _constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Output */ .k7.response],
    read: (get, env) => ({ appSlug: (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_1__/* .requiredSlug */ .Jf)(get, _constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Input */ .pd.appSlug), buildSlug: (0,_input_readers_js__WEBPACK_IMPORTED_MODULE_1__/* .requiredSlug */ .Jf)(get, _constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Input */ .pd.buildSlug), wait: (0,_waiting_js__WEBPACK_IMPORTED_MODULE_2__/* .readWaitSettings */ .b5)(get, env) }),
    run: runWait
});
async function runWait(inputs, ctx) {
    const section = { heading: `Build ${inputs.buildSlug} on ${inputs.appSlug}`, facts: [['Build slug', inputs.buildSlug]], lines: [] };
    ctx.summary(section);
    ctx.output(_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .Output */ .k7.buildSlug, inputs.buildSlug);
    await (0,_waiting_js__WEBPACK_IMPORTED_MODULE_2__/* .waitAndReport */ .LG)({ appSlug: inputs.appSlug, buildSlug: inputs.buildSlug, section }, inputs.wait, ctx);
}


/***/ })

};
