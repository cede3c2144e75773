import{a,b,c,d,e}from"./chunk-PC5Y7DKE.js";import"./chunk-ZXOM4W35.js";import"./chunk-34OZ7K3J.js";export{e as booleanValue,b as checkInputUse,a as inputVariable,d as onlyWith,c as undeclaredInputs};
