import { subscribeNewsletter as subscribeEndpoint } from '@kanna/shared/api/shop';
import type { NewsletterRequest } from '@kanna/shared/newsletter';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The server validates the address and answers with the message to show. */
const subscribeNewsletter = (body: NewsletterRequest) => call(subscribeEndpoint, { body });

export const useSubscribeNewsletter = () => useMutation({ mutationFn: subscribeNewsletter });
