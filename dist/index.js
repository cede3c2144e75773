import{va as o}from"./chunks/chunk-MYARN23B.js";o();
