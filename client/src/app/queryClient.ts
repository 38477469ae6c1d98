import { createQueryClient } from '../lib/query/queryClient';

/** The app's one cache of server state (lib/query). Sign-out and expiry clear it (resetClientState). */
export const appQueryClient = createQueryClient();
