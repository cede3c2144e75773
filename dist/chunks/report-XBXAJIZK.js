import{a}from"./chunk-ID23BUTQ.js";import"./chunk-YZ43PMBK.js";import"./chunk-3XRDEHNP.js";export{a as reportArtifacts};
