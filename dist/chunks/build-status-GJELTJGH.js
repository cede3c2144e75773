import{Cb as a,Db as b,Eb as c,Fb as d}from"./chunk-NFYM3YAC.js";import"./chunk-WDJONYCP.js";export{d as GitHubStatus,c as adoptGitHubStatus,b as postHold,a as startGitHubStatus};
