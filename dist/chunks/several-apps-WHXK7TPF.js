import{a,b}from"./chunk-Z4PA3STQ.js";import"./chunk-BXXZWAFQ.js";import"./chunk-EIDI6EQ7.js";export{a as PARALLEL_LIMIT,b as startSeveralApps};
