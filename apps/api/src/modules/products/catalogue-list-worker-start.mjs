// A worker thread's entry cannot be TypeScript on Node 20, even under `node --import tsx`: this file
// registers tsx in the worker, then loads the TypeScript worker (decision 0135).
import { register } from 'tsx/esm/api';

register();
await import('./catalogue-list-worker.ts');
