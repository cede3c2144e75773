import{a}from"./chunk-UYJPK5JS.js";import"./chunk-ZXOM4W35.js";import"./chunk-34OZ7K3J.js";export{a as reportArtifacts};
