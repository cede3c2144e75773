import{a,b}from"./chunk-BAELGQTE.js";import"./chunk-OSTX3THF.js";import"./chunk-A2FDHE5R.js";export{a as PARALLEL_LIMIT,b as startSeveralApps};
