import{da as a,ea as b,fa as c,ga as d,ha as e}from"./chunk-MYARN23B.js";export{e as booleanValue,b as checkInputUse,a as inputVariable,d as onlyWith,c as undeclaredInputs};
