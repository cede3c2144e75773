import{ub as a,vb as b}from"./chunk-MHF7OW2D.js";import"./chunk-MYARN23B.js";export{b as fromWorkflowRun,a as resolvePullRequestEvent};
