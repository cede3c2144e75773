import{a,b,c,d,e}from"./chunk-QOVZVZMB.js";import"./chunk-VIHKVHY4.js";import"./chunk-KJL6PX6W.js";export{e as booleanValue,b as checkInputUse,a as inputVariable,d as onlyWith,c as undeclaredInputs};
