import{a,b,c,d}from"./chunk-USIQB57A.js";import"./chunk-BXXZWAFQ.js";import"./chunk-EIDI6EQ7.js";export{c as describeProblem,d as isMapping,a as parseServiceYml,b as parseServiceYmlText};
