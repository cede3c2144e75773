import{ub as a,vb as b}from"./chunk-7LAR5SYO.js";import"./chunk-W4QE3IMM.js";export{b as fromWorkflowRun,a as resolvePullRequestEvent};
