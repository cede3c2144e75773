import{ba as a,ca as b,da as c,ea as d,fa as e}from"./chunk-CWLSSY5Q.js";export{e as booleanValue,b as checkInputUse,a as inputVariable,d as onlyWith,c as undeclaredInputs};
