import{a,b,c,d,e}from"./chunk-QMWSAZLZ.js";import"./chunk-YZ43PMBK.js";import"./chunk-3XRDEHNP.js";export{e as booleanValue,b as checkInputUse,a as inputVariable,d as onlyWith,c as undeclaredInputs};
