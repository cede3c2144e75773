import{qa as o}from"./chunks/chunk-W4QE3IMM.js";o();
