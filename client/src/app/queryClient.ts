import { createQueryClient } from '../lib/query/queryClient';
import { generalFailureAlert } from './generalFailure';

/** The app's one cache of server state (lib/query). Sign-out and expiry clear it (resetClientState). */
export const appQueryClient = createQueryClient({
  onFailure: (error, failureText) => generalFailureAlert(error, failureText),
});
