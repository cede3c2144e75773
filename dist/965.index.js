export const id = 965;
export const ids = [965];
export const modules = {

/***/ 965:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseEnvironments: () => (/* binding */ parseEnvironments)
/* harmony export */ });
/* harmony import */ var js_yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3243);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3916);


const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Parses the environments input: `NAME=value` lines, or a YAML/JSON list of
 * `{mapped_to, value, is_expand}`. Blank lines and `#` comments are skipped in the line form.
 * With `secret`, error messages never quote a value.
 */
function parseEnvironments(text, input, secret = false) {
    const trimmed = text.trim();
    if (trimmed === '')
        return [];
    const items = trimmed.startsWith('[') || trimmed.startsWith('-') ? fromList(trimmed, input) : fromLines(trimmed, input, secret);
    const seen = new Set();
    for (const item of items) {
        if (seen.has(item.mapped_to))
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(input, `the variable ${item.mapped_to} is given twice`);
        seen.add(item.mapped_to);
    }
    return items;
}
function fromLines(text, input, secret) {
    const items = [];
    text.split(/\r?\n/).forEach((raw, index) => {
        const line = raw.trim();
        if (line === '' || line.startsWith('#'))
            return;
        const eq = line.indexOf('=');
        const where = `line ${index + 1}`;
        if (eq <= 0) {
            const shown = secret ? '' : ` ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(line)}`;
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(input, `${where}${shown} is not NAME=value (or use a YAML list of {mapped_to, value, is_expand})`);
        }
        items.push(item(line.slice(0, eq).trim(), line.slice(eq + 1), true, input, where));
    });
    return items;
}
function fromList(text, input) {
    let parsed;
    try {
        parsed = (0,js_yaml__WEBPACK_IMPORTED_MODULE_0__/* .load */ .Hh)(text);
    }
    catch (error) {
        const mark = error.mark;
        const at = mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : '';
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(input, `is not a valid YAML or JSON list${at}`);
    }
    if (!Array.isArray(parsed))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(input, 'expected a list of {mapped_to, value, is_expand}');
    return parsed.map((entry, index) => {
        const where = `item ${index + 1}`;
        if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(input, `${where} is not an object with mapped_to and value`);
        }
        const record = entry;
        for (const field of Object.keys(record)) {
            if (!['mapped_to', 'key', 'value', 'is_expand'].includes(field)) {
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(input, `${where} has an unknown field ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(field)} (allowed: mapped_to, value, is_expand)`);
            }
        }
        const name = record.mapped_to ?? record.key;
        if (typeof name !== 'string')
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(input, `${where} needs mapped_to, the variable's name, as a string`);
        const value = record.value ?? '';
        if (typeof value === 'object')
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(input, `${where} (${name}): value must be a string, not a list or object`);
        const expand = record.is_expand ?? true;
        if (typeof expand !== 'boolean')
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(input, `${where} (${name}): is_expand must be true or false`);
        return item(name, String(value), expand, input, where);
    });
}
function item(name, value, isExpand, input, where) {
    if (!ENV_NAME.test(name)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(input, `${where}: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(name)} is not a valid environment variable name (letters, digits and _, not starting with a digit)`);
    }
    return { mapped_to: name, key: name, value, is_expand: isExpand };
}


/***/ })

};
