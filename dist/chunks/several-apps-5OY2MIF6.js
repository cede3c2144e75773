import{a,b}from"./chunk-UE577FUM.js";import"./chunk-VIHKVHY4.js";import"./chunk-KJL6PX6W.js";export{a as PARALLEL_LIMIT,b as startSeveralApps};
