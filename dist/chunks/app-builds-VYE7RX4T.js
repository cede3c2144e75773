import{a,b}from"./chunk-XF4XXVK4.js";import"./chunk-NFYM3YAC.js";import"./chunk-WDJONYCP.js";export{a as PARALLEL_LIMIT,b as startSeveralApps};
