import type { Texts } from '@kanna/shared/domain/translation';

const enquiries = (n: number) => (n === 1 ? '1 enquiry' : `${n.toLocaleString('en-US')} enquiries`);

/** The administrator's inbox of Contact Supplier messages and quote requests. */
export default {
  title: 'Enquiries',
  description: 'Contact Supplier messages and quote requests from buyers, for administrators.',
  lead: "Contact Supplier messages and quote requests, newest first. Reply from your mail client (the buyer's address opens a reply), then mark the enquiry answered.",
  filter: 'Filter enquiries',
  show: 'Show',
  shownOptions: { new: 'New', answered: 'Answered', all: 'All' },
  empty: { new: 'No new enquiries', answered: 'No answered enquiries yet', all: 'No enquiries yet' },
  updating: 'Updating the list…',
  shown: (n: number, more: boolean) => `${enquiries(n)} shown${more ? ', newest first; more below' : ''}.`,
  loading: 'Loading enquiries',
  notLoaded: 'The enquiries could not be loaded.',
  showAll: 'Show all enquiries',
  list: 'Enquiries, newest first',
  loadMore: 'Load more enquiries',
  quoteRequest: 'Quote request',
  answered: 'Answered',
  new: 'New',
  from: 'From',
  quantityWanted: 'Quantity wanted',
  answeredBy: (who: string | null, when: string) => `Answered by ${who ?? 'an admin'}, ${when}`,
  notAnswered: 'Not answered yet',
  markNew: 'Mark new',
  markAnswered: 'Mark answered',
} satisfies Texts;
