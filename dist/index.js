import{ma as o}from"./chunks/chunk-34OZ7K3J.js";o();
