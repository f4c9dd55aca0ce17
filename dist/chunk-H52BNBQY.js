import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a as o}from"./chunk-ZUZJQPEZ.js";async function m(e,t,r,i){return(await e.rest.issues.createComment({...t,issue_number:r,body:i})).data.id}async function u(e,t,r,i){try{await e.rest.issues.removeLabel({...t,issue_number:r,name:i})}catch(s){if(o(s)!==404)throw s}}export{m as a,u as b};
