import{la as o}from"./chunks/chunk-3XRDEHNP.js";o();
