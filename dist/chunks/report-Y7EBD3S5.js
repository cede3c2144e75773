import{a}from"./chunk-CO3FKLMZ.js";import"./chunk-OSTX3THF.js";import"./chunk-A2FDHE5R.js";export{a as reportArtifacts};
