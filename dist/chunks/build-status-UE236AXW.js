import{Cb as a,Db as b,Eb as c,Fb as d}from"./chunk-MHF7OW2D.js";import"./chunk-MYARN23B.js";export{d as GitHubStatus,c as adoptGitHubStatus,b as postHold,a as startGitHubStatus};
