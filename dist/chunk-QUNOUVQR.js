import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
function r(e,t){return{...t?{cause:t}:{},status:"error",finalText:"",sessionId:null,usage:null,durationMs:0,exitCode:null,stderrTail:"",errorMessage:e}}export{r as a};
