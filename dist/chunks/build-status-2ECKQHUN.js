import{Cb as a,Db as b,Eb as c,Fb as d}from"./chunk-E5DDZYFA.js";import"./chunk-CWLSSY5Q.js";export{d as GitHubStatus,c as adoptGitHubStatus,b as postHold,a as startGitHubStatus};
