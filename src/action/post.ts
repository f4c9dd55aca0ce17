// The Action's post step only starts its runner; the logic lives in post-run.ts.
import { post } from './post-run.js';

await post();
