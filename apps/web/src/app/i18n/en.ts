import type { Texts } from '@kanna/shared/domain/translation';

/** The dashboard's frame: its menu, for customers and for administrators. */
export default {
  dashboard: 'Dashboard',
  dashboardMenu: 'Dashboard menu',
  menu: 'Menu',
  admin: 'Admin',
  overview: 'Overview',
  myProfile: 'My Profile',
  users: 'Users',
  addProduct: 'Add Product',
  manageProduct: 'Manage Product',
  allOrders: 'All Orders',
  documents: 'Documents',
  enquiries: 'Enquiries',
  quoteRequests: 'Quote requests',
  quotes: 'Quotes',
  shopPages: 'Shop pages',
  settings: 'Settings',
  auditLog: 'Audit log',
  priceLists: 'Price lists',
  myOrder: 'My Order',
  addReview: 'Add Review',
  addressBook: 'Address book',
  company: 'Company account',
  companies: 'Companies',
  loadingPage: 'Loading page',
} satisfies Texts;
