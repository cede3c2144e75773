import{ta as o}from"./chunks/chunk-CWLSSY5Q.js";o();
