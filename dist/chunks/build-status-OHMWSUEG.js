import{Fb as a,Gb as b,Hb as c,Ib as d}from"./chunk-VIHKVHY4.js";import"./chunk-KJL6PX6W.js";export{d as GitHubStatus,c as adoptGitHubStatus,b as postHold,a as startGitHubStatus};
