import{a,b,c,d}from"./chunk-TI3AH3KF.js";import"./chunk-MHF7OW2D.js";import"./chunk-MYARN23B.js";export{c as describeProblem,d as isMapping,a as parseServiceYml,b as parseServiceYmlText};
