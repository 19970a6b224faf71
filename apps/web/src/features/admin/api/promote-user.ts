import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type PromoteResponse = { acknowledged: true; modifiedCount: number };

/** PUT /api/users/admin/{email} (admin) — makes the user an admin (spec §4: no demotion). */
export const promoteUser = (email: string): Promise<PromoteResponse> =>
  apiRequest<PromoteResponse>(`/api/users/admin/${encodeURIComponent(email)}`, { method: 'PUT' });

export function usePromoteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
