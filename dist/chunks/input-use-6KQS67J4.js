import{a,b,c,d,e}from"./chunk-K46DGDQ6.js";import"./chunk-7LAR5SYO.js";import"./chunk-W4QE3IMM.js";export{e as booleanValue,b as checkInputUse,a as inputVariable,d as onlyWith,c as undeclaredInputs};
