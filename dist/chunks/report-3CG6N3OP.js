import{a}from"./chunk-I4E4B7XJ.js";import"./chunk-BXXZWAFQ.js";import"./chunk-EIDI6EQ7.js";export{a as reportArtifacts};
