import{Eb as a,Fb as b,Gb as c,Hb as d}from"./chunk-OPUHI7EH.js";import"./chunk-WOJTDCBZ.js";export{d as GitHubStatus,c as adoptGitHubStatus,b as postHold,a as startGitHubStatus};
