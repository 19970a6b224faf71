import type { Texts } from '@kanna/shared/domain/translation';

/** The shared pieces' texts beyond the first screen's: forms, lists, dialogs, ratings, notices. */
export default {
  required: '(required)',
  loadingMore: 'Loading more',
  loadingMoreNow: 'Loading more…',
  tryAgain: 'Try again',
  moreNotLoaded: 'More could not be loaded.',
  close: 'close',
  rated: (stars: number, max: number) => `Rated ${stars} out of ${max}`,
  avatarOf: (name: string) => `${name}'s avatar`,
  copied: 'Copied',
  copyFailed: 'Could not copy: select the text and copy it yourself.',
  confirmEmail: 'Confirm your e-mail address',
  sentTo: 'We sent it to',
  sending: 'Sending…',
  sendLinkAgain: 'Send the link again',
  haveConfirmed: 'I have confirmed it',
  language: 'Language',
  /** A table's last column, of the rows' buttons: named for screen readers only. */
  actions: 'Actions',
  // Saving a list (定番リスト) from the cart or an order.
  listName: 'List name',
  savedAs: (name: string) => `Saved as “${name}”.`,
} satisfies Texts;
