import{a,b}from"./chunk-NAJLCNAA.js";import"./chunk-7LAR5SYO.js";import"./chunk-W4QE3IMM.js";export{a as PARALLEL_LIMIT,b as startSeveralApps};
