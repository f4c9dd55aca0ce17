import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
var e=["claude","codex","gemini","copilot"];export{e as a};
