import{ub as a,vb as b}from"./chunk-E5DDZYFA.js";import"./chunk-CWLSSY5Q.js";export{b as fromWorkflowRun,a as resolvePullRequestEvent};
