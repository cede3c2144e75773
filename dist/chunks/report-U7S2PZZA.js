import{a}from"./chunk-5VX7RG46.js";import"./chunk-OPUHI7EH.js";import"./chunk-WOJTDCBZ.js";export{a as reportArtifacts};
