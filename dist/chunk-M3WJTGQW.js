import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{a as r}from"./chunk-ZUZJQPEZ.js";async function s(o,t,n){try{let{data:e}=await o.rest.repos.getCollaboratorPermissionLevel({...t,username:n});return{permission:e.permission,role_name:e.role_name??null}}catch(e){if(r(e)===404)return{permission:"none",role_name:null};throw e}}export{s as a};
