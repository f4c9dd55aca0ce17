import { fullFormats } from 'ajv-formats/dist/formats.js';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';

/**
 * What the precompiled validators (validators.generated.js) call at run
 * time: ajv-formats' format checks and ajv's code-point string length. These
 * are small leaf modules; ajv's compiler is never loaded. The generator
 * rewrites ajv's `require(…)` references to these names, because the
 * standalone code it emits for ESM still uses `require`.
 */
export { fullFormats };

type Ucs2Length = (value: string) => number;

// A CommonJS module with `exports.default`: under NodeNext (and Node's own
// loader) the default import is the module object; a bundler in another
// interop mode may hand over the function itself.
const ucs2lengthExport = ucs2lengthModule as unknown as Ucs2Length | { default: Ucs2Length };
export const ucs2length: Ucs2Length =
  typeof ucs2lengthExport === 'function' ? ucs2lengthExport : ucs2lengthExport.default;
