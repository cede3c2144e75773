import{a,b,c,d}from"./chunk-YUTISC6I.js";import"./chunk-OSTX3THF.js";import"./chunk-A2FDHE5R.js";export{c as describeProblem,d as isMapping,a as parseServiceYml,b as parseServiceYmlText};
