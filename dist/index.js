import{la as o}from"./chunks/chunk-KJL6PX6W.js";o();
