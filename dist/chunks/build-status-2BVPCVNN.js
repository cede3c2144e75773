import{Cb as a,Db as b,Eb as c,Fb as d}from"./chunk-7LAR5SYO.js";import"./chunk-W4QE3IMM.js";export{d as GitHubStatus,c as adoptGitHubStatus,b as postHold,a as startGitHubStatus};
