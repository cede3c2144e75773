import{ka as o}from"./chunks/chunk-EIDI6EQ7.js";o();
