import{Gb as a,Hb as b,Ib as c,Jb as d}from"./chunk-YZ43PMBK.js";import"./chunk-3XRDEHNP.js";export{d as GitHubStatus,c as adoptGitHubStatus,b as postHold,a as startGitHubStatus};
