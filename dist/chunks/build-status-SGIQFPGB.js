import{Gb as a,Hb as b,Ib as c,Jb as d}from"./chunk-ZXOM4W35.js";import"./chunk-34OZ7K3J.js";export{d as GitHubStatus,c as adoptGitHubStatus,b as postHold,a as startGitHubStatus};
