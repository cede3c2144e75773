import{Fb as a,Gb as b,Hb as c,Ib as d}from"./chunk-OSTX3THF.js";import"./chunk-A2FDHE5R.js";export{d as GitHubStatus,c as adoptGitHubStatus,b as postHold,a as startGitHubStatus};
