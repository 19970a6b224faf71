import type { ProfileForm, UserUpsertRequest, UserUpsertResponse } from '@kanna/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { profileQueryKey } from './get-profile';

/** The profile form's values as the form holds them (strings; empty means "none"). */
export type ProfileValues = Required<{ [K in keyof ProfileForm]: string }>;

/**
 * PUT /api/users/{email} with every profile field (spec §7; unlike the spec's client, the street
 * address is sent too). An emptied optional field is sent as '' so the server clears it.
 */
export async function updateProfile(email: string, values: ProfileValues): Promise<UserUpsertResponse> {
  const body: UserUpsertRequest = { email, ...values };
  return apiPut<UserUpsertResponse>(`/api/users/${encodeURIComponent(email)}`, body);
}

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProfileValues) => updateProfile(email, values),
    onSuccess: async (result) => {
      queryClient.setQueryData(profileQueryKey(email), result.user);
      // The navbar and the dashboard show the name and picture from the session.
      await refreshSession();
    },
  });
}
