import{a}from"./chunk-5E3MJUGI.js";import"./chunk-MHF7OW2D.js";import"./chunk-MYARN23B.js";export{a as reportArtifacts};
