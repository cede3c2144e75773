import{a,b,c,d}from"./chunk-VFJT5BCF.js";import"./chunk-7LAR5SYO.js";import"./chunk-W4QE3IMM.js";export{c as describeProblem,d as isMapping,a as parseServiceYml,b as parseServiceYmlText};
