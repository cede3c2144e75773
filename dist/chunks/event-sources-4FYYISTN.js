import{wb as a,xb as b}from"./chunk-OPUHI7EH.js";import"./chunk-WOJTDCBZ.js";export{b as fromWorkflowRun,a as resolvePullRequestEvent};
