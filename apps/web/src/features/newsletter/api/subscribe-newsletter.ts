import type { NewsletterRequest, NewsletterResponse } from '@kanna/shared/newsletter';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /api/newsletter — the server validates the address and answers with the message to show. */
export const subscribeNewsletter = (input: NewsletterRequest): Promise<NewsletterResponse> =>
  apiPost<NewsletterResponse>('/api/newsletter', input);

export const useSubscribeNewsletter = () => useMutation({ mutationFn: subscribeNewsletter });
