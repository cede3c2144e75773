import{ub as a,vb as b}from"./chunk-NFYM3YAC.js";import"./chunk-WDJONYCP.js";export{b as fromWorkflowRun,a as resolvePullRequestEvent};
