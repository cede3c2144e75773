import{a,b,c,d,e}from"./chunk-PETCEYSD.js";import"./chunk-NFYM3YAC.js";import"./chunk-WDJONYCP.js";export{e as booleanValue,b as checkInputUse,a as inputVariable,d as onlyWith,c as undeclaredInputs};
