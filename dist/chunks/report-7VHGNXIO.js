import{a}from"./chunk-UBK7YIYE.js";import"./chunk-VIHKVHY4.js";import"./chunk-KJL6PX6W.js";export{a as reportArtifacts};
