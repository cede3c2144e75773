import{a,b,c,d,e}from"./chunk-RE55CP3F.js";import"./chunk-OPUHI7EH.js";import"./chunk-WOJTDCBZ.js";export{e as booleanValue,b as checkInputUse,a as inputVariable,d as onlyWith,c as undeclaredInputs};
