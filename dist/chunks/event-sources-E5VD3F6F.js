import{xb as a,yb as b}from"./chunk-OSTX3THF.js";import"./chunk-A2FDHE5R.js";export{b as fromWorkflowRun,a as resolvePullRequestEvent};
