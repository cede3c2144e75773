import{a,b,c,d}from"./chunk-YQ6GUU7K.js";import"./chunk-VIHKVHY4.js";import"./chunk-KJL6PX6W.js";export{c as describeProblem,d as isMapping,a as parseServiceYml,b as parseServiceYmlText};
