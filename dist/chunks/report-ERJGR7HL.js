import{a}from"./chunk-SX46W7OY.js";import"./chunk-E5DDZYFA.js";import"./chunk-CWLSSY5Q.js";export{a as reportArtifacts};
