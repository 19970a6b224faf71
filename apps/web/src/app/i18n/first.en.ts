import type { Texts } from '@kanna/shared/domain/translation';

/** The page around every screen: the navbar, the footer, errors, the home page's head. */
export default {
  mainNavigation: 'Main',
  home: 'Home',
  reviews: 'Reviews',
  blogs: 'Blogs',
  portfolio: 'MyPortfolio',
  login: 'Login',
  dashboard: 'Dashboard',
  woodenTools: 'Wooden Tools',
  signOut: 'Sign Out',
  signingOut: 'Signing out…',
  signOutFailed: 'Could not sign out. Please try again.',
  cart: 'Cart',
  cartEmpty: 'Cart, empty',
  cartWith: (count: number) => `Cart, ${count} ${count === 1 ? 'tool' : 'tools'}`,
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  skipToContent: 'Skip to content',
  loadingPage: 'Loading page',
  checkingSession: 'Checking your session',
  // The footer.
  footerCompany: 'Company',
  aboutUs: 'About us',
  shippingPayment: 'Shipping and payment',
  footerLegal: 'Legal',
  legalNotice: 'Legal notice',
  termsOfSale: 'Terms of sale',
  privacyPolicy: 'Privacy policy',
  addressLine1: '2-14-3 Kanamono-cho, Miki,',
  addressLine2: 'Hyogo 673-0432, Japan',
  openingHours: 'Monday to Saturday 10AM to 5PM, closed Sunday',
  copyright: (year: number) => `Copyright © ${year} Kanna Tool Works. All rights reserved.`,
  // A page that failed.
  pageNotLoaded: 'Page could not be loaded',
  somethingWentWrong: 'Something went wrong',
  pageFailedDescription: 'This page of the Kanna shop could not be shown.',
  pageFailed: 'This page could not be shown. Please try again.',
  backHome: 'Back to the home page',
  // The home page.
  homeTitle: 'Kanna — Japanese wooden hand tools, factory direct in bulk',
  homeDescription:
    'Kanna sells Japanese wooden woodworking hand tools — hammers, chisels, drivers, saw blades and planes — factory direct, in bulk.',
  loadingTools: 'Loading the tools',
} satisfies Texts;
