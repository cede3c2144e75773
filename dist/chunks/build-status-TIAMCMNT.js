import{Ab as a,Bb as b,Cb as c,Db as d}from"./chunk-BXXZWAFQ.js";import"./chunk-EIDI6EQ7.js";export{d as GitHubStatus,c as adoptGitHubStatus,b as postHold,a as startGitHubStatus};
