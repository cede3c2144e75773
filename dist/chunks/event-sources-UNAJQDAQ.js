import{yb as a,zb as b}from"./chunk-ZXOM4W35.js";import"./chunk-34OZ7K3J.js";export{b as fromWorkflowRun,a as resolvePullRequestEvent};
