import{a,b,c,d,e}from"./chunk-VDZLVWWJ.js";import"./chunk-BXXZWAFQ.js";import"./chunk-EIDI6EQ7.js";export{e as booleanValue,b as checkInputUse,a as inputVariable,d as onlyWith,c as undeclaredInputs};
