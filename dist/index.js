import{la as o}from"./chunks/chunk-WOJTDCBZ.js";o();
