import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
var e="okstra-claims";function o(n){return(n[`STATE_${e}`]??"")!==""}export{e as a,o as b};
