import type { Texts } from '@kanna/shared/domain/translation';

/** The home page's banner: the first download's (app/i18n/first.ts). */
export default {
  heroKicker: 'Factory direct from Miki, Japan',
  heroTitle: 'wooden Hand Tools',
  heroLead:
    'The sharp cutting edge of Japanese woodworking: hand-forged blades in seasoned oak, sold in bulk.',
  learnMore: 'learn More',
} satisfies Texts;
