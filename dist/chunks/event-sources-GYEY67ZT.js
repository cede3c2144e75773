import{yb as a,zb as b}from"./chunk-YZ43PMBK.js";import"./chunk-3XRDEHNP.js";export{b as fromWorkflowRun,a as resolvePullRequestEvent};
