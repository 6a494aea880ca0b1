import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False on the server and while React hydrates its page, true once the browser's own render runs. */
export const useInBrowser = () => useSyncExternalStore(noSubscription, () => true, () => false);
