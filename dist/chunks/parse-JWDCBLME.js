import{a,b,c,d}from"./chunk-KDQZ6Q5H.js";import"./chunk-OPUHI7EH.js";import"./chunk-WOJTDCBZ.js";export{c as describeProblem,d as isMapping,a as parseServiceYml,b as parseServiceYmlText};
