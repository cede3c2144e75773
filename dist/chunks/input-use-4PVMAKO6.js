import{a,b,c,d,e}from"./chunk-OJAEOORY.js";import"./chunk-OSTX3THF.js";import"./chunk-A2FDHE5R.js";export{e as booleanValue,b as checkInputUse,a as inputVariable,d as onlyWith,c as undeclaredInputs};
