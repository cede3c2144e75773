import{ka as o}from"./chunks/chunk-A2FDHE5R.js";o();
