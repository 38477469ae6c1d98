import { useMutation } from '@tanstack/react-query';
import { failureMessage } from '../api/apiError';
import { isSessionExpiry } from './retryPolicy';

export interface ApiMutationOptions<T, V> {
  onSuccess?: (data: T, vars: V) => void;
  /** The screen's own failure text when the API gave no errors. */
  failureText?: string;
}

export interface ApiMutation<T, V> {
  /** Sends the change; resolves with the answer, rejects with the failure. */
  run(vars: V): Promise<T>;
  /** Sends the change, leaving the outcome to the state below. */
  start(vars: V): void;
  status: 'idle' | 'saving' | 'done' | 'error' | 'expired';
  data: T | undefined;
  /** The spec's text of the last failure (null unless `status` is `error`). */
  message: string | null;
  reset(): void;
}

/**
 * A change sent to the server (save, dispatch, delete). Never retried: the user decides whether
 * to send it again. Screens disable their button while `status` is `saving`.
 */
export function useApiMutation<T, V = void>(
  send: (vars: V) => Promise<T>,
  opts: ApiMutationOptions<T, V> = {},
): ApiMutation<T, V> {
  const m = useMutation({
    mutationFn: send,
    retry: false,
    onSuccess: opts.onSuccess,
    meta: opts.failureText ? { failureText: opts.failureText } : undefined,
  });
  const expired = m.isError && isSessionExpiry(m.error);
  let status: ApiMutation<T, V>['status'] = 'idle';
  if (m.isPending) status = 'saving';
  else if (m.isSuccess) status = 'done';
  else if (expired) status = 'expired';
  else if (m.isError) status = 'error';
  return {
    run: m.mutateAsync,
    start: (vars) => m.mutate(vars),
    status,
    data: m.data,
    message: status === 'error' ? failureMessage(m.error, opts.failureText) : null,
    reset: m.reset,
  };
}
