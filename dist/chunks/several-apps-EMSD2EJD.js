import{a,b}from"./chunk-TBFXU2GT.js";import"./chunk-OPUHI7EH.js";import"./chunk-WOJTDCBZ.js";export{a as PARALLEL_LIMIT,b as startSeveralApps};
