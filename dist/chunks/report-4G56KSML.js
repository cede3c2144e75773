import{a}from"./chunk-FF6F5WY6.js";import"./chunk-NFYM3YAC.js";import"./chunk-WDJONYCP.js";export{a as reportArtifacts};
