import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import type { ProfileInput } from '../utils/profile-form';

export function createProfile(body: ProfileInput): Promise<ProfileResponse> {
  return api.post<ProfileResponse>('/api/profiles', body);
}

export function updateProfile(id: string, body: ProfileInput): Promise<ProfileResponse> {
  return api.put<ProfileResponse>(`/api/profiles/${encodeURIComponent(id)}`, body);
}

const profileByHandleKey = (handle: string) => ['profile-by-handle', handle] as const;

export type SaveProfileInput =
  | { mode: 'create'; body: ProfileInput }
  | { mode: 'edit'; profile: ProfileResponse | undefined; body: ProfileInput };

/** create or update, then the cache updates a save needs */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const { session, updateSession } = useSession();

  return useMutation({
    mutationFn: async (input: SaveProfileInput): Promise<ProfileResponse> => {
      if (!session) throw new Error('No active profile');
      if (input.mode === 'create') {
        const created = await createProfile(input.body);
        updateSession({ activeProfileHandle: created.handle });
        return created;
      }
      if (!input.profile) throw new Error('No profile to update');
      return updateProfile(input.profile.id, input.body);
    },
    onSuccess: async (saved, input) => {
      const oldHandle = input.mode === 'edit' ? input.profile?.handle : undefined;
      if (oldHandle && oldHandle !== saved.handle) {
        // the handle changed: what was cached under the old one is gone
        queryClient.removeQueries({ queryKey: profileByHandleKey(oldHandle) });
        queryClient.removeQueries({ queryKey: queryKeys.publicProfile(oldHandle) });
        if (session?.activeProfileHandle === oldHandle) updateSession({ activeProfileHandle: saved.handle });
      }
      queryClient.setQueryData(profileByHandleKey(saved.handle), saved);
      queryClient.setQueryData(queryKeys.profile(saved.id), saved);
      queryClient.setQueryData<ProfileResponse[]>(queryKeys.profiles, (list) => {
        if (!list) return list;
        const exists = list.some((p) => p.id === saved.id);
        return exists ? list.map((p) => (p.id === saved.id ? saved : p)) : [...list, saved];
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.publicProfile(saved.handle) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.visitSummaryAll }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
      ]);
    },
  });
}
