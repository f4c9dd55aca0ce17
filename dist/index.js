import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
import{b as a}from"./chunk-OQENPPXW.js";import"./chunk-S7OZ6MN5.js";a("action:entry");if((process.env.INPUT_MODE??"").trim()==="cli-cache-key")(await import("./chunk-MLOHD4CD.js")).cliCacheKeyStep();else{let{run:i}=await import("./chunk-5VZGC45P.js");a("action:loaded"),await i()}
