import{qa as o}from"./chunks/chunk-WDJONYCP.js";o();
