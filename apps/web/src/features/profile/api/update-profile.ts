import { upsertUser } from '@kanna/shared/api/users';
import type { ProfileForm } from '@kanna/shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshSession } from '../../../lib/session';

/** The profile form's values as the form holds them (strings; empty means "none"). */
export type ProfileValues = Required<{ [K in keyof ProfileForm]: string }>;

/**
 * Saves every profile field (spec §7; unlike the spec's client, the street address is sent
 * too). An emptied optional field is sent as '' so the server clears it.
 */
const updateProfile = (email: string, values: ProfileValues) =>
  call(upsertUser, { params: { email }, body: { email, ...values } });

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProfileValues) => updateProfile(email, values),
    onSuccess: async (result) => {
      queryClient.setQueryData(queryKeys.users.profile(email), result.user);
      // The navbar and the dashboard show the name and picture from the session.
      await refreshSession();
    },
  });
}
