import{a,b}from"./chunk-FB5KQAO5.js";import"./chunk-YZ43PMBK.js";import"./chunk-3XRDEHNP.js";export{a as PARALLEL_LIMIT,b as startSeveralApps};
