import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change sent to the server, then the queries it moved loaded again. `reload: 'settled'` reloads
 * whether the change worked or was refused (a refusal can mean the data moved meanwhile);
 * `'success'` only when it worked. `answerIs`: the answer is the new value of that query, shown
 * at once. The returned promise settles after the reload, as react-query awaits these callbacks.
 */
export function useMutationThenReload<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: {
    reload: 'settled' | 'success';
    keys: readonly QueryKey[] | ((variables: TVariables) => readonly QueryKey[]);
    answerIs?: (data: TData) => QueryKey;
  },
) {
  const client = useQueryClient();
  const { reload, keys, answerIs } = options;
  const invalidate = (variables: TVariables) =>
    Promise.all(
      (typeof keys === 'function' ? keys(variables) : keys).map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => {
      if (answerIs) client.setQueryData(answerIs(data), data);
      return reload === 'success' ? invalidate(variables) : undefined;
    },
    onSettled: (_data, _error, variables) => (reload === 'settled' ? invalidate(variables) : undefined),
  });
}
