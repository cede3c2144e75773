import{a,b,c,d}from"./chunk-SKYTVDDO.js";import"./chunk-E5DDZYFA.js";import"./chunk-CWLSSY5Q.js";export{c as describeProblem,d as isMapping,a as parseServiceYml,b as parseServiceYmlText};
