import{a,b}from"./chunk-HWRCEGLA.js";import"./chunk-MHF7OW2D.js";import"./chunk-MYARN23B.js";export{a as PARALLEL_LIMIT,b as startSeveralApps};
