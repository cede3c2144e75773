import{a,b,c,d}from"./chunk-5ZPZLQH3.js";import"./chunk-YZ43PMBK.js";import"./chunk-3XRDEHNP.js";export{c as describeProblem,d as isMapping,a as parseServiceYml,b as parseServiceYmlText};
