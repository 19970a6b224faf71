import type { Texts } from '@kanna/shared/domain/translation';

/** The newsletter's banner on the home page. */
export default {
  title: 'Subscribe to our newsletter',
  lead: 'Get our news, product updates and special offers by e-mail — a few letters a year, never spam.',
  emailAddress: 'Email address',
  emailPlaceholder: 'Enter Your Email',
  subscribing: 'Subscribing…',
  subscribe: 'Subscribe',
} satisfies Texts;
