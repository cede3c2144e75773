import{a,b,c,d}from"./chunk-TTAHOEG5.js";import"./chunk-NFYM3YAC.js";import"./chunk-WDJONYCP.js";export{c as describeProblem,d as isMapping,a as parseServiceYml,b as parseServiceYmlText};
