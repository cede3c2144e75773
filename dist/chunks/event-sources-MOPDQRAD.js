import{sb as a,tb as b}from"./chunk-BXXZWAFQ.js";import"./chunk-EIDI6EQ7.js";export{b as fromWorkflowRun,a as resolvePullRequestEvent};
