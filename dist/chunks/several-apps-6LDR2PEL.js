import{a,b}from"./chunk-TCVVP2KS.js";import"./chunk-ZXOM4W35.js";import"./chunk-34OZ7K3J.js";export{a as PARALLEL_LIMIT,b as startSeveralApps};
