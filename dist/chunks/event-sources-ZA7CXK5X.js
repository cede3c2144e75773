import{xb as a,yb as b}from"./chunk-VIHKVHY4.js";import"./chunk-KJL6PX6W.js";export{b as fromWorkflowRun,a as resolvePullRequestEvent};
