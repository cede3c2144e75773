import{a}from"./chunk-M5OUENR2.js";import"./chunk-7LAR5SYO.js";import"./chunk-W4QE3IMM.js";export{a as reportArtifacts};
