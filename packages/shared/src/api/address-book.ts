import { endpoint } from './endpoint';

const tags = ['address-book'];
const schemas = () => import('../address-book');

/** The caller's address book: their billing address and delivery addresses, their own only. */
export const listAddressBook = endpoint({
  method: 'GET',
  path: '/api/address-book',
  access: 'user',
  summary: "The buyer's address book: the billing address first, then the delivery addresses by label",
  tags,
  schemas: async () => {
    const s = await schemas();
    return { response: s.addressBook };
  },
});

export const getAddressEntry = endpoint({
  method: 'GET',
  path: '/api/address-book/:id',
  access: 'user',
  summary: "One entry of the buyer's address book (another buyer's entry is 404)",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, response: s.addressEntry };
  },
});

export const createAddressEntry = endpoint({
  method: 'POST',
  path: '/api/address-book',
  refusals: {
    409: 'the account has a billing address already, or 20 delivery addresses already',
  },
  access: 'user',
  status: 201,
  perAccountPerMinute: 60,
  summary: 'Add an address to the address book (a Japanese one by postal code and prefecture)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.addressEntryRequest, response: s.addressEntry };
  },
});

export const updateAddressEntry = endpoint({
  method: 'PUT',
  path: '/api/address-book/:id',
  refusals: { 409: 'made billing while another entry is the billing address, or delivery past 20' },
  access: 'user',
  perAccountPerMinute: 120,
  summary: "Replace an entry of the address book (another buyer's entry is 404)",
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: c.idParam, body: s.addressEntryRequest, response: s.addressEntry };
  },
});

export const deleteAddressEntry = endpoint({
  method: 'DELETE',
  path: '/api/address-book/:id',
  access: 'user',
  summary: "Delete an entry of the address book (another buyer's entry is 404)",
  tags,
  schemas: async () => {
    const c = await import('../common');
    return { params: c.idParam, response: c.deletedResponse };
  },
});
