// The database thread's first module (docs/decisions/0202). A worker does not inherit `--import tsx`'s
// loader on Node 20: it registers tsx for itself, then loads the thread's TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread-worker.ts');
