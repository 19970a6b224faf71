import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type DeleteUserResponse = { acknowledged: true; deletedCount: number };

/** DELETE /api/users/{email} (admin) — 409 with the reason for yourself or the last admin. */
export const deleteUser = (email: string): Promise<DeleteUserResponse> =>
  apiRequest<DeleteUserResponse>(`/api/users/${encodeURIComponent(email)}`, { method: 'DELETE' });

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
