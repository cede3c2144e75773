import{a,b,c,d}from"./chunk-T3QDJ6K7.js";import"./chunk-ZXOM4W35.js";import"./chunk-34OZ7K3J.js";export{c as describeProblem,d as isMapping,a as parseServiceYml,b as parseServiceYmlText};
