import{a,b}from"./chunk-MTZ5WA4X.js";import"./chunk-E5DDZYFA.js";import"./chunk-CWLSSY5Q.js";export{a as PARALLEL_LIMIT,b as startSeveralApps};
