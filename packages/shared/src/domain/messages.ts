import { type Currency, formatAmount, formatIn, formatMoney } from './money';
import { chunkFailedMessage } from './shell-messages';
import { FIRST_YEAR, LAST_YEAR } from './timestamps';
import { MAX_RECORDED_PAYMENT_CENTS } from './transfers';
import { keyed, remembered, type Said, textOf } from './translation';

/**
 * Every user-facing text, in one place for both sides: the specification's (spec §5 and §8) and
 * the shop's own. Free of zod, so the browser's first download can import it. In English; the
 * same keys in Japanese are in messages-ja.ts (a key missing there is a type error), and a text
 * made here is said in the reader's language where it is answered or shown
 * (docs/languages.md, "Two languages").
 */
/**
 * The things and fields texts name (notFound's "This tool", a required field, a form's number):
 * a key each, its English here and its Japanese in messages-ja.ts, so a name missing in Japanese is
 * a type error. The key is the English as written before names were keyed.
 */
const named = {
  phone: 'phone',
  district: 'district',
  city: 'city',
  address: 'address',
  name: 'name',
  'This tool': 'This tool',
  'This order': 'This order',
  'This user': 'This user',
  'This review': 'This review',
  'This image': 'This image',
  'This enquiry': 'This enquiry',
  'This postal code': 'This postal code',
  'This document': 'This document',
  'This quote': 'This quote',
  'This request for a quote': 'This request for a quote',
  carrier: 'carrier',
  'tracking number': 'tracking number',
  'legal name': 'legal name',
  'legal name in Japanese': 'legal name in Japanese',
  'address in Japanese': 'address in Japanese',
  'zone name': 'zone name',
  'bank name': 'bank name',
  branch: 'branch',
  'account type': 'account type',
  'account number': 'account number',
  'account holder': 'account holder',
  'free-from amount': 'free-from amount',
  'minimum order value': 'minimum order value',
  'shipping rate in yen': 'shipping rate in yen',
  'free-from amount in yen': 'free-from amount in yen',
  'minimum order in yen': 'minimum order in yen',
  'amount received': 'amount received',
  'Minimum quantity': 'Minimum quantity',
  'Available quantity': 'Available quantity',
  'Loaded available quantity': 'Loaded available quantity',
  'Break quantity': 'Break quantity',
  Price: 'Price',
  'Pack size': 'Pack size',
  'This page': 'This page',
  title: 'title',
  'This list': 'This list',
  'This price list': 'This price list',
  // The buyer's company and address book (docs/rules.md, "The buyer's company and address book").
  'This address': 'This address',
  label: 'label',
  recipient: 'recipient',
  prefecture: 'prefecture',
  street: 'street',
  'address line': 'address line',
  'postal code': 'postal code',
  // Trade accounts (docs/rules.md, "Companies").
  'This company': 'This company',
  'This member': 'This member',
  'This payment': 'This payment',
} as const;

/** A thing or field a text names: a key of `named`, the same in every language. */
export type Named = keyof typeof named;

export const messages = remembered({
  // The texts of the page around every screen: a chunk that failed (the first download's own
  // function), the test-mode notice (shown from the first texts in the reader's language).
  chunkFailed: chunkFailedMessage,
  testModeNotice: 'Test mode: no real payments are taken. Pay with a test card such as 4242 4242 4242 4242.',
  named,
  emailRequired: 'Email is required',
  emailInvalid: 'Provide a valid email',
  passwordRequired: 'password is required',
  passwordTooShort: 'the password must be at least 6 characters long',
  passwordTooLong: 'the password must be at most 128 characters long',
  passwordsDiffer: 'the passwords do not match',
  nameRequired: 'name is required',
  resetEmailMissing: 'please provide a valid email',
  resetSent: 'send your email',
  registrationCompleted: 'Registration Completed',
  registrationFailed: 'Your email is not valid',
  orderPlaced: 'your order is add to card. please pay for your order',
  orderFailed: 'sorry! try again for order',
  belowMinimum: "can't order below your minimum quantity",
  aboveAvailable: "can't order above your available quantity",
  orderCancelled: 'Cancel successfully',
  productDeleted: 'Delete successfully',
  promoteForbidden: 'you are not make a admin',
  promoted: 'made a new admin',
  paymentCompleted: 'congrats! Your Payment is completed',
  reviewPosted: 'Your Review is successfully post',
  productAdded: 'Added a new Product',
  profileUpdated: 'update Your Profile',
  noUserLoggedIn: 'No user is logged in',
  // GET /metrics (docs/operations.md, "Metrics"): for Prometheus, not people; says what to send.
  metricsTokenRequired: 'GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>',
  noData: 'no data found!',
  newsletterSubscribed: 'Thank you! You are subscribed to our newsletter.',
  newsletterEmailInvalid: 'Please enter a valid e-mail address to subscribe.',
  priceChanged: 'the price has changed: please review your order and try again',
  quantityWhole: 'the quantity must be a whole number of pieces',
  // The phone rule (domain/phone.ts): orders, checkout and profile keep one normal form.
  phoneRequired: 'phone is required',
  phoneInvalid:
    'enter a phone number with its area code, such as 03-1234-5678, or with its country code, such as +44 20 7946 0958 (digits, spaces, hyphens, brackets and a leading + are accepted)',
  phoneHint: 'With its area code, such as 03-1234-5678; from abroad, + and the country code.',
  // The order's parties (docs/rules.md, "The buyer's company and address book").
  noSuchBuyer: 'no account has this e-mail address: the buyer signs up first',
  poNumberInvalid: 'the purchase-order number must be 1 to 40 printable characters on one line',
  requestedDateInvalid: 'the delivery date must be a date such as 2026-12-24',
  requestedDatePast: (today: string) => `the delivery date cannot be before today (${today})`,
  requestedDateTooFar: (last: string) => `the delivery date can be at most a year ahead (${last})`,
  addressRequired: 'address is required',
  addressTooLong: 'the address must be at most 500 characters long',
  toolIdInvalid: 'The tool id is not a valid id.',
  linesOrTool: 'send either lines or toolId and quantity',
  soldOut: 'this tool is sold out',
  overCardLimit:
    'One card payment carries at most $999,999.99: order fewer pieces here, or order from the cart and pay by bank transfer.',
  orderTooLarge:
    'one order can total at most $9,999,999.99 (¥999,999,999): please order fewer pieces or contact the supplier',
  paidCannotCancel: 'a paid order cannot be cancelled',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  enquirySent: 'Your message was sent to our sales team. We will reply by e-mail.',
  quoteRequested: 'Your quote request was sent to our sales team. We will reply by e-mail.',
  enquiryStatusInvalid: "status must be 'new' or 'answered'",
  enquiryMarkedAnswered: 'Marked as answered',
  enquiryMarkedNew: 'Marked as new',
  orderShipped: 'Marked as shipped',
  onlyPaidShips: 'Only a paid order can be shipped.',
  exportsBusy: (max: number) =>
    `${max} order exports are already being downloaded. Please try again when one of them has finished.`,
  // Hostile or broken requests: answered with 4xx and a reason, never a 5xx.
  nulCharacter: 'The request contains a NUL character (\\u0000), which cannot be stored. Please remove it.',
  malformedText:
    'The request contains text that is not well-formed Unicode (a lone surrogate such as \\ud800). Please send the text again as typed.',
  nestedTooDeeply: 'The request body is nested too deeply.',
  bodyTooLarge: (kilobytes: number) => `The request body is too large: send at most ${kilobytes} KB.`,
  uploadUnreadable:
    'The upload could not be read. Send the picture as multipart/form-data in the field "image".',
  searchTooLong: 'Search for at most 100 characters.',
  // The audit log's filters (GET /api/audit).
  auditKindUnknown: 'kind must be one of the audit log’s kinds, such as product.update.',
  auditActorTooLong: 'actor must be an e-mail address or an account id.',
  // What the one error handler says when no rule gave a message (plugins/errors.ts).
  requestInvalid: 'The request is invalid.',
  fieldInvalid: 'is invalid',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  serverFailed: 'Something went wrong on our side. Please try again.',
  noApiRoute: (path: string) => `There is no API route ${path}.`,
  notFound: (what: Named) => `${named[what]} was not found.`,
  imageIdInvalid: 'The image id is not valid.',
  imageFileInvalid: 'The image file name is not valid.',
  // Lists: a page's cursor and the admin's dates are checked before they reach the database.
  cursorInvalid:
    'The cursor is not valid: follow the link to the next page, or start again from the first page.',
  dateInvalid: (edge: string) =>
    `${edge} must be a real date from ${FIRST_YEAR} to ${LAST_YEAR}, such as 2026-11-24, or an ISO date-time such as 2026-11-24T09:30:00+09:00`,
  tooManyUncachedReads:
    'Too many different pages or searches from your address in a minute. Please wait a moment and try again.',
  // Ordering needs a confirmed e-mail address, and an account holds a bounded number of unpaid orders.
  verifyEmailToOrder:
    'Please confirm your e-mail address before you order: open the link we e-mailed you, or send it again.',
  verifyEmailToReview:
    'Please confirm your e-mail address before you post a review: open the link we e-mailed you, or send it again.',
  // Reviews of a tool (decision 0058): from a shipped order's line, one per buyer per tool.
  toolNotReceived:
    'You can review a tool once an order of it has been shipped to you. Please review it from that order’s page.',
  toolReviewedAlready: 'You have already reviewed this tool. Each buyer reviews a tool once.',
  verifyEmailToEnquire:
    'Please confirm your e-mail address before you contact the supplier: open the link we e-mailed you, or send it again.',
  verificationSent: 'We sent you a new link. Please check your e-mail.',
  tooManyUnpaidOrders: (max: number) =>
    `You already have ${max} unpaid orders. Please pay for or cancel one of them before ordering again.`,
  unpaidYenTooHigh: (maxYen: number, heldYen: number) =>
    `Unpaid orders in yen may come to at most ${formatIn(maxYen, 'JPY')} per account, and yours already come to ${formatIn(heldYen, 'JPY')}. Please pay for an unpaid order first, order less, or contact the shop to be approved for larger orders.`,
  unpaidValueTooHigh: (maxDollars: number, heldDollars: number) =>
    `Unpaid orders may come to at most ${formatMoney(maxDollars)} per account, and yours already come to ${formatMoney(heldDollars)}. Please pay for an unpaid order first, order less, or contact the shop to be approved for larger orders.`,
  buyerApproved: (name: string) =>
    `${name} is approved: their unpaid orders may pass the value limit and half of a tool's stock.`,
  approvalWithdrawn: (name: string) => `${name} is no longer approved for large unpaid orders.`,
  // Accounts an administrator manages.
  adminOnly: 'Only administrators can do this.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  lastAdminKept: 'The last administrator cannot be deleted.',
  lastAdminRoleKept: 'The last administrator keeps the role: make someone else an admin first.',
  adminRemoved: (name: string) => `${name} is no longer an administrator.`,
  emailNotTheAddress: 'The e-mail in the body does not match the address.',
  ownAccountOnly: 'You can only see or change your own account.',
  overHalfOfStock: (productName: string, allowed: number) =>
    `An unpaid order may hold at most half of our stock of ${productName}: ${allowed.toLocaleString('en-US')} pieces. Please order fewer, or contact the shop to be approved for larger orders.`,
  // Profile rules, the same on sign-up, the profile form and Better Auth's own endpoints.
  nameTooLong: 'the name must be at most 80 characters long',
  nameInvalid: 'the name must be plain text on one line',
  textInvalid: 'use plain text on one line',
  pictureInvalid: 'Choose a picture uploaded to this shop',
  pictureMissing: 'This picture does not exist: upload it again',
  // The profile form's other fields (profile.ts): a required one by its name, a length, a web address.
  fieldRequired: (field: Named) => `${named[field]} is required`,
  atMostCharacters: (max: number) => `at most ${max} characters`,
  webAddressInvalid: 'Provide a full web address starting with https://',
  // Uploads (product and profile pictures) are judged by their bytes.
  pictureNotMultipart: 'Send the picture as multipart/form-data in the field "image".',
  pictureFieldMissing: 'Choose a picture to upload (field "image").',
  pictureTooLarge: 'The picture is larger than 5 MB.',
  pictureWrongType: 'Upload a JPEG, PNG, WebP or AVIF picture (SVG and other files are not accepted).',
  pictureUnreadable: 'This picture could not be read. Try another file.',
  paymentRefunded: 'This order was cancelled before your payment arrived, so the payment was refunded.',
  // Paying for an order: why an intent, a report of payment or a webhook is refused.
  orderWasCancelled: 'This order was cancelled.',
  orderAlreadyPaid: 'This order is already paid.',
  holdExpired: 'The hold on this order has expired; please order again.',
  paymentNamesNoOrder: 'The payment names no order.',
  paymentMismatch: 'The payment does not match this order.',
  paymentNotThisOrder: 'This payment does not belong to this order.',
  paymentNotCompleted: 'The payment has not been completed.',
  webhookSignatureInvalid: 'The webhook signature is not valid.',
  // The built-in test processor (test mode) answers as Stripe's test mode would.
  testPaymentNotFound: 'This payment was not found. Please reload the page and try again.',
  cancelledCannotBePaid: 'This order was cancelled and can no longer be paid.',
  cardNumberInvalid: 'Your card number is invalid.',
  cardNumberIncomplete: 'Your card number is incomplete.',
  cardExpiryIncomplete: "Your card's expiration date is incomplete.",
  cardCvcIncomplete: "Your card's security code is incomplete.",
  enquiryMessageRequired: 'message is required',
  enquiryMessageTooLong: 'the message must be at most 2,000 characters long',
  cardExpired: "Your card's expiration date is in the past.",
  testCardDeclined:
    'Your card was declined. This shop is in test mode: use a test card such as 4242 4242 4242 4242.',
  // A cancel first stops the order's payment; when the payment processor cannot say it stopped, the stock stays held.
  cancelPaymentPending:
    'The payment for this order could not be stopped just now, so the order is not cancelled yet. Please try again in a few minutes.',
  // An admin's stock change applies as a difference; it cannot take away stock that orders reserved meanwhile.
  // Trade orders: several tools in one order, pack sizes and volume prices.
  belowMinimumOf: (min: number) => `below the minimum of ${min}`,
  packSize: (size: number) => `sold in packs of ${size}: order a multiple of ${size}`,
  onlyLeft: (available: number) => `only ${available} left`,
  toolNotForSale: 'this tool is no longer for sale',
  duplicateLine: 'each tool can be on one line only: change its quantity instead',
  tooManyLines: (max: number) => `one order can have at most ${max} lines`,
  emptyOrder: 'add at least one tool',
  totalChanged: 'the total has changed: please review your order and try again',
  packSizeInvalid: 'Pack size must be a whole number of at least 1',
  minimumNotOnPack: (size: number) => `Minimum quantity must be a multiple of the pack size (${size})`,
  breaksTooMany: (max: number) => `At most ${max} price breaks`,
  breakNotAboveMinimum: 'Each price break must start above the minimum quantity',
  breaksNotIncreasing: 'Price breaks must start at increasing quantities',
  breakNotOnPack: (size: number) => `Each price break must start at a multiple of the pack size (${size})`,
  breakNotCheaper: 'Each price break must be cheaper than the one before (and than the base price)',
  addedToCart: 'Added to your cart',
  orderAgainSkipped: (names: string) => `Not added (sold out or no longer for sale): ${names}`,
  // Product codes (domain/product-codes.ts): a tool's SKU (品番) and JAN, unique among the tools on sale.
  skuInvalid: (max: number) =>
    `The SKU must be 1 to ${max} printable characters (letters, digits, hyphens and the like; no spaces at either end).`,
  janInvalid: 'The JAN must be exactly 13 digits.',
  janCheckDigit: 'This JAN’s check digit (its last digit) is wrong: check the number on the barcode.',
  skuTaken: (sku: string) =>
    `Another tool on sale already has the SKU ${sku}. Each SKU may belong to one tool only.`,
  janTaken: (jan: string) =>
    `Another tool on sale already has the JAN ${jan}. Each JAN may belong to one tool only.`,
  // Quick order (domain/quick-order.ts): each row of codes and quantities, and the file they came from.
  codeMissing: 'Enter a SKU or JAN.',
  codeUnknown: (code: string) => `No tool on sale has the code ${code}.`,
  quickOrderTooManyRows: (max: number) => `At most ${max} rows can be ordered at once.`,
  fileTooLarge: (megabytes: number) => `The file is too large: send at most ${megabytes} MB.`,
  fileTooManyRows: (max: number) => `The file has more than ${max} rows: split it into smaller files.`,
  fileNotText:
    'This file is not a text or CSV file (it contains NUL bytes). Save it from your spreadsheet as CSV and try again.',
  fileEncodingUnknown:
    'This file could not be read as UTF-8 or Shift_JIS text. Save it from your spreadsheet as “CSV UTF-8” and try again.',
  quantityNotNumber: (text: string) => `The quantity “${text}” is not a whole number.`,
  // Saved lists (定番リスト, modules/lists/).
  listNameRequired: 'Give the list a name.',
  listsTooMany: (max: number) =>
    `An account may keep at most ${max} lists: delete one you no longer use first.`,
  listLinesTooMany: (max: number) => `A list may hold at most ${max} lines.`,
  cartWouldBeFull: (max: number) =>
    `Your cart can hold at most ${max} different tools: remove some from the cart, or add a shorter list.`,
  // Price lists (掛率, modules/price-lists/): an admin's form and the server say the same.
  priceListNameRequired: 'Give the price list a name.',
  priceListNameTooLong: (max: number) => `A price list's name must be at most ${max} characters.`,
  priceListNameTaken: (name: string) => `A price list named “${name}” already exists: choose another name.`,
  priceListPercentInvalid: (min: number, max: number) =>
    `The rate must be a percentage from ${min} to ${max}, with at most two decimals.`,
  priceListTooManyPrices: (max: number) => `A price list may hold at most ${max} fixed prices.`,
  priceListPriceTwice: 'This tool already has a fixed price in this currency on the list.',
  priceListCurrencyUnknown: 'The currency must be USD or JPY.',
  priceListYenWhole: 'A price in yen is a whole number of yen, with no decimals.',
  priceListToolRequired: 'Choose the tool this price is for.',
  // An admin's product form: checked by its schema, and by the server after merging an edit with the stored tool.
  productNameRequired: 'Product name is required',
  descriptionRequired: 'Description is required',
  productImageMissing: 'Image is required',
  wholeNumberOf: (label: Named) => `${named[label]} must be a whole number`,
  atLeastOf: (label: Named, min: number) => `${named[label]} must be at least ${min}`,
  tooLargeOf: (label: Named) => `${named[label]} is too large`,
  priceNotNumber: 'Price must be a number',
  priceNotPositive: 'Price must be more than 0',
  priceDecimals: 'Price can have at most 2 decimals',
  imageRequired: 'Image is required: upload a picture',
  availableBelowMinimum: 'Available quantity must be at least the minimum quantity',
  stockMovedSinceLoaded:
    'Orders reserved some of this stock while you were editing, so it cannot be reduced that far. Please reload the product and try again.',
  // Identity: where a page may be opened, where a link may lead, what a verification link says.
  openAtPublicUrl: (publicUrl: string) =>
    `This page must be opened at ${publicUrl} to sign in or make changes: open the shop there and try again.`,
  hostInvalid: 'The Host header of the request is not a valid host name.',
  redirectInvalid: 'The address to return to must be a page of this shop, such as /dashboard/myProfile.',
  emailConfirmed: 'Your e-mail address is confirmed. Please log in to carry on.',
  // Reviews are moderated after the fact: an admin removes one, saying why (kept for the record).
  removalReasonRequired: 'Please give the reason for removing this review.',
  removalReasonTooLong: (max: number) => `The reason must be at most ${max} characters long.`,
  removalReasonInvalid: 'The reason must be plain text (line breaks are fine).',
  reviewRemoved: 'The review was removed.',
  // The order desk (docs/rules.md, "The order desk"): shipping with tracking, an admin's cancel with refund, notes.
  trackingInvalid: (field: 'carrier' | 'tracking number', max: number) =>
    `The ${named[field]} must be 1 to ${max} printable characters (letters, digits, spaces and punctuation; no line breaks).`,
  cancelReasonRequired: 'Please give the reason for cancelling this order.',
  cancelReasonTooLong: (max: number) =>
    `The reason must be at most ${max.toLocaleString('en-US')} characters long.`,
  cancelReasonInvalid: 'The reason must be plain text (line breaks are fine).',
  noteRequired: 'Please write the note.',
  noteTooLong: (max: number) => `A note must be at most ${max.toLocaleString('en-US')} characters long.`,
  noteInvalid: 'A note must be plain text (line breaks are fine).',
  shippedCannotCancel: 'This order has already shipped, so it can no longer be cancelled.',
  refundFailed:
    'The order is cancelled, but its payment could not be refunded just now. Please press Cancel order again in a few minutes to make the refund.',
  // The order desk's page (web): what an admin is told after cancelling and after adding a note.
  orderCancelledByShop: (number: string, refunded: string | null) =>
    refunded ? `Order ${number} was cancelled and ${refunded} refunded.` : `Order ${number} was cancelled.`,
  orderNoteAdded: 'Note added.',
  // Shop settings (docs/rules.md, "Shop settings"): the admin's form, validated the same on both sides.
  legalNameRequired: 'Please give the shop’s legal name.',
  textTooLong: (what: Named, max: number) => `The ${named[what]} must be at most ${max} characters long.`,
  registrationNumberInvalid:
    'The registration number is T followed by 13 digits, such as T1234567890123 (leave it empty if the shop has none).',
  swiftInvalid: 'A SWIFT/BIC code is 8 or 11 letters and digits, such as MHCBJPJT.',
  countryInvalid: (code: string) =>
    `“${code}” is not a country code: use the two letters of ISO 3166-1, such as JP, US or DE.`,
  taxRateInvalid: 'The tax rate is a percentage from 0 to 100, with at most 2 decimals.',
  amountInvalid: (what: Named) =>
    `The ${named[what]} must be an amount in dollars above 0, with at most 2 decimals.`,
  shippingRateInvalid: 'The shipping rate must be an amount in dollars (0 or more, at most 2 decimals).',
  zoneNameRequired: 'Please name the zone, such as Japan or Europe.',
  zoneCountriesRequired: 'List at least one country code, or choose Rest of world.',
  countryInTwoZones: (code: string, zone: string) =>
    `${code} is already in the zone “${zone}”: a country can be in one zone only.`,
  oneRestOfWorldZone: 'Only one zone can be the rest of the world.',
  tooManyZones: (max: number) => `At most ${max} shipping zones.`,
  transferHoldDaysInvalid: 'Transfer hold days must be a whole number from 1 to 60.',
  taxRoundingInvalid: 'Tax rounding must be down, nearest or up.',
  yenRateNeededForYen:
    'Set the yen per dollar before pricing any country in yen: yen prices not set are derived from it.',
  yenPriceInvalid: 'A yen price must be a whole number of yen above 0, at most ¥100,000,000.',
  yenBreaksNeedYenPrice:
    'Set the yen price before yen volume breaks (or leave both empty to derive them from the dollar prices).',
  yenPerDollarInvalid: 'Yen per dollar must be a number above 0, such as 150.25.',
  yenAmountInvalid: (what: Named) =>
    `The ${named[what]} must be a whole number of yen from 0 to ¥99,999,999 (leave it empty to derive it from the dollar amount).`,
  shopSettingsSaved: 'Settings saved.',
  // The minimum order value (goods total): the cart and the server say the same.
  currencyInvalid: 'The currency must be USD or JPY.',
  belowMinimumOrderYen: (minimumYen: number, shortfallYen: number) =>
    `The minimum order is ${formatIn(minimumYen, 'JPY')} (goods total): add ${formatIn(shortfallYen, 'JPY')} more to order.`,
  currencyIs: (currency: string) =>
    `This order is priced in ${currency === 'JPY' ? 'yen' : 'dollars'}, as its destination is: please reload the prices.`,
  belowMinimumOrder: (minimumDollars: number, shortfallDollars: number) =>
    `The minimum order is ${formatMoney(minimumDollars)} (goods total): add ${formatMoney(shortfallDollars)} more to order.`,
  // Where an order goes and how it is paid (docs/rules.md, "Paying like a business").
  noShippingTo: (country: string) =>
    `We do not ship to ${country}: please choose another country, or contact the supplier.`,
  cardLimitTransferOnly:
    'An order of more than $999,999.99 (¥99,999,999) can only be paid by bank transfer: please choose bank transfer.',
  paymentMethodInvalid: 'Please choose card or bank transfer.',
  postalCodeInvalid: 'A Japanese postal code is 7 digits, such as 104-0061.',
  noBankTransfer: 'This shop does not take bank transfers: please pay by card.',
  // On account (decision 0067): a member of an approved company with terms, within its credit limit.
  onAccountNotAllowed:
    'On account is for members of a company with terms: please pay by card or bank transfer.',
  accountCurrencyIs: (currency: Currency) =>
    `Your company's account is in ${currency === 'JPY' ? 'yen' : 'dollars'}: on account, order to a destination priced in ${currency === 'JPY' ? 'yen' : 'dollars'}, or pay by card or bank transfer.`,
  overCreditLimit: (limit: number, balance: number, left: number, currency: Currency) =>
    `Your company's credit limit is ${formatIn(limit, currency)} and ${formatIn(balance, currency)} is already owed on its account: ${formatIn(left, currency)} is left. Please order less, or pay by card or bank transfer.`,
  // Approvals (decision 0067): an order above the member's spending limit waits for the company owner.
  notAwaitingApproval: 'This order is not awaiting approval: it was approved, declined or cancelled already.',
  onlyOwnerApproves: "Only the owner of the buyer's company can approve or decline this order.",
  shopCannotApprove:
    "Approving is the buyer's company's decision: an administrator may decline this order, not approve it.",
  orderDeclineReasonRequired: 'Please give the reason for declining this order.',
  orderDeclineReasonTooLong: (max: number) =>
    `The reason must be at most ${max.toLocaleString('en-US')} characters long.`,
  // Bank transfers (docs/orders.md, "Bank transfers"): money an admin records, and switching how an order is paid.
  receivedOnInvalid: 'The day the money arrived must be a date such as 2026-11-27.',
  receivedOnInFuture: 'The day the money arrived cannot be later than today (in the shop’s time zone).',
  receivedOnBeforeOrder: (placedOn: string) =>
    `The order was placed on ${placedOn}: the money cannot have arrived before that.`,
  referenceRequired:
    'Please give the transfer’s reference as the bank statement shows it (usually the order number).',
  referenceInvalid: (max: number) => `The reference must be 1 to ${max} printable characters on one line.`,
  paymentBeyondOrderLimit: (leftDollars: number) =>
    `The money recorded on one order may come to at most ${formatAmount(MAX_RECORDED_PAYMENT_CENTS / 100)} in all: ${leftDollars > 0 ? `at most ${formatAmount(leftDollars)} more can be recorded on this order` : 'nothing more can be recorded on this order'}.`,
  paymentBeyondOrderLimitYen: (leftYen: number) =>
    `The money recorded on one order may come to at most ${formatIn(MAX_RECORDED_PAYMENT_CENTS, 'JPY')} in all: ${leftYen > 0 ? `at most ${formatIn(leftYen, 'JPY')} more can be recorded on this order` : 'nothing more can be recorded on this order'}.`,
  yenAmountWhole: 'This order is in yen: enter a whole number of yen, with no decimals.',
  paymentAlreadyRecorded: (by: string) =>
    `${by} has just recorded this payment (the same amount, day and reference). If it is a second payment, give it its own reference, such as the bank’s transaction number.`,
  transferChosen:
    'This order is to be paid by bank transfer. To pay it by card, choose card on its payment page first.',
  addressInJapan:
    'This address is in Japan (it has a Japanese postal code or prefecture): choose Japan as the country, or give the address in the country chosen.',
  paymentPreparedForOtherAmount:
    'This order cannot be paid by card: its card payment was prepared for another amount. The shop has been told and will contact you.',
  transferTooLate:
    'Bank transfer can be chosen only while more than half of the time to pay by card is left: please pay this order by card before its hold ends.',
  paidByCardNoTransfer:
    'This order was paid by card: no bank transfer can be recorded on it. Money that came by card is given back by refunding the card.',
  partlyPaidByTransfer:
    'Part of this order has already been paid by bank transfer: please transfer the rest to the same account.',
  paymentRecorded: (amount: string, number: string) => `${amount} recorded on order ${number}.`,
  paymentMethodSaved: (transfer: boolean) =>
    transfer ? 'You will pay this order by bank transfer.' : 'You will pay this order by card.',
  // A request's own fields, checked by its contract before any rule.
  idInvalid: 'The id is not a valid id.',
  orderIdInvalid: 'The order id is not a valid id.',
  limitInvalid: (max: number) => `limit must be a whole number from 1 to ${max}.`,
  nothingToChange: 'Nothing to change',
  documentKindInvalid: (kinds: string) => `The document is one of ${kinds}.`,
  languageInvalid: (languages: string) => `The language is one of ${languages}.`,
  ratingRequired: 'Rating is required',
  ratingInvalid: 'Rating must be a whole number of stars from 1 to 5',
  reviewRequired: 'Review is required',
  reviewTooLong: 'Review must be at most 1,000 characters long',
  approvedInvalid: 'approved must be true or false',
  // Fastify's own refusals of a body it cannot read, before any contract (plugins/errors.ts).
  bodyNotJson: 'The request body is not valid JSON.',
  bodyEmpty: 'The request body is empty, but its content type says it is JSON.',
  mediaTypeUnsupported: 'The request body is sent in a content type this address does not accept.',
  requestRefused: 'The request was refused.',
  // Better Auth's own refusals by their code (its English, as it says them), answered by key (plugins/auth.ts).
  auth: {
    USER_ALREADY_EXISTS: 'User already exists.',
    USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'User already exists. Use another email.',
    INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
    INVALID_EMAIL: 'Invalid email',
    INVALID_PASSWORD: 'Invalid password',
    PASSWORD_TOO_SHORT: 'Password too short',
    PASSWORD_TOO_LONG: 'Password too long',
    EMAIL_NOT_VERIFIED: 'Email not verified',
    INVALID_TOKEN: 'Invalid token',
    TOKEN_EXPIRED: 'Token expired',
    USER_NOT_FOUND: 'User not found',
    FAILED_TO_CREATE_USER: 'Failed to create user',
    FAILED_TO_CREATE_SESSION: 'Failed to create session',
    CREDENTIAL_ACCOUNT_NOT_FOUND: 'Credential account not found',
    SESSION_EXPIRED: 'Session expired. Re-authenticate to perform this action.',
    EMAIL_ALREADY_VERIFIED: 'Email is already verified',
    VALIDATION_ERROR: 'Validation Error',
    MISSING_FIELD: 'Field is required',
  },
  // An order's documents (docs/orders.md, "Documents"): asked for in a state that has none.
  documentNotIssued: {
    proforma: 'A pro-forma invoice exists only while the order is unpaid.',
    invoice: 'The invoice exists once the order is paid.',
    receipt: 'The receipt exists once the order is paid.',
    'delivery-note': 'The delivery note exists once the order is paid.',
    acknowledgement:
      'An order acknowledgement exists for an order the shop entered for its buyer, until it is cancelled.',
  },
  documentOtherBuyer:
    'This order was placed from another account: sign in as the buyer who placed it to download its documents.',
  // The archive of issued documents (docs/orders.md, "The document archive").
  archiveAmountInvalid: (edge: string) => `${edge} must be an amount in dollars, such as 120 or -35.50.`,
  archiveSearchTooLong: 'The counterparty to search for must be at most 200 characters.',
  archiveExportPeriodTooLong: (days: number) =>
    `An export covers at most ${days} days: choose a shorter period and export the rest separately.`,
  archiveExportTooMany: (max: number) =>
    `An export holds at most ${max.toLocaleString('en-US')} documents: choose a shorter period and export the rest separately.`,
  archiveExportPeriodBackwards: 'The period ends before it begins: "to" must be on or after "from".',
  // The buyer's company and address book (docs/rules.md, "The buyer's company and address book").
  addressKindInvalid: 'An address is either billing or delivery.',
  prefectureInvalid: 'Choose one of the 47 prefectures of Japan, such as 東京都.',
  postalCodeNoPlace: 'No place in Japan has this postal code: please check it.',
  postalCodeOtherPrefecture: (prefecture: string) =>
    `This postal code is in ${prefecture}: choose that prefecture, or check the postal code.`,
  deliveryAddressesTooMany: (max: number) =>
    `Your address book holds ${max} delivery addresses already: delete one you no longer use first.`,
  billingAddressExists:
    'Your address book has a billing address already: edit that one (there is one billing address per account).',
  // Trade accounts (docs/rules.md, "Companies").
  companyNameRequired: "Enter your company's name.",
  companyRegistrationNumberInvalid:
    'A registration number is T followed by 13 digits, such as T1234567890123.',
  billingAddressRequired: 'Choose a billing address from your address book, or type one.',
  companyAmountRange: (max: number) => `Enter an amount above 0 and at most ${max.toLocaleString('en-US')}.`,
  companyAmountCents: 'Dollar amounts have at most two decimals.',
  companyAmountWholeYen: 'Yen amounts are whole yen, without decimals.',
  closingDayInvalid: (last: number) => `The closing day is a day from 1 to ${last}, or the month's end.`,
  payMonthsAfterInvalid: 'Payment is due 1 or 2 months after closing.',
  payDayInvalid: (last: number) => `The payment day is a day from 1 to ${last}, or the month's end.`,
  companyNameKanaInvalid: "Write the company name's reading in katakana, on one line.",
  companyStatusInvalid: 'The decision is approved or declined.',
  companyTermsMissing: "Give the company's terms to approve it (with the approval, or set before it).",
  invitedRoleBuyer: 'An invitation is for a buyer: a company has one owner, the one who applied.',
  companyCurrencyUnknown: 'The currency is US dollars (USD) or yen (JPY).',
  companyLanguageUnknown: 'The language is English (en) or Japanese (ja).',
  declineReasonRequired: 'Say why the application is declined: the buyer reads it.',
  alreadyInCompany: 'This account belongs to a company already (an account belongs to one company at most).',
  companyNotPending: 'This application has been decided already.',
  companyNotApproved: 'The company is not approved yet: members can be invited once it is.',
  companyOwnerOnly: "Only the company's owner may do this.",
  companyMemberOnly: 'You do not belong to a company.',
  invitationInvalid: 'This invitation link is not valid: ask for a new invitation.',
  invitationUsed: 'This invitation has been used already.',
  invitationNotFound: 'This company has no such invitation: it may have been withdrawn already.',
  invitationExpired: 'This invitation has expired: ask the company’s owner for a new one.',
  invitationOtherAddress:
    'This invitation was sent to another address: sign in with the address it was sent to, then open the link again.',
  alreadyMember: (email: string) => `${email} belongs to a company already.`,
  ownerStays: 'The owner stays with the company: remove other members only.',
  userNotFoundByEmail: (email: string) => `No account has the address ${email}: the owner signs up first.`,
  // Monthly statements and money received (modules/companies/statements.service.ts).
  dueOnInvalid: 'The due date must be a date such as 2026-12-31.',
  statementNoTerms: 'The company has no terms yet: a statement is issued once it is approved with them.',
  statementAlreadyIssued: (closingDate: string) =>
    `A statement closing on ${closingDate} has been issued for this company already.`,
  statementNothingToBill:
    'Nothing to bill: no order has shipped on account since the last statement, and nothing is owed.',
  statementOverdue: (number: string, since: string) =>
    `Statement ${number} is overdue since ${since}: new orders on account are possible once it is paid.`,
  paymentAmountInvalid: (max: string) =>
    `The amount is above 0 and at most ${max}, in the company's currency.`,
  paymentReferenceInvalid: (max: number) => `Give the payment's reference (1 to ${max} characters).`,
  reversalReasonInvalid: (max: number) => `Say why the payment is reversed (1 to ${max} characters).`,
  paymentAlreadyReversed: (reversedOn: string) =>
    `This payment was reversed on ${reversedOn} already: record the right amount as a new payment.`,
  // Quote requests (見積依頼, modules/quotes/): a buyer asks the shop to quote for the cart's lines.
  quoteLinesRequired: 'Add at least one tool to ask for a quote.',
  quoteLinesTooMany: (max: number) => `A request for a quote can have at most ${max} lines.`,
  quoteQuantityTooLarge: (max: number) =>
    `Ask for at most ${max.toLocaleString('en-US')} pieces on one line.`,
  quoteNoteTooLong: (max: number) =>
    `The note must be at most ${max.toLocaleString('en-US')} characters long.`,
  quoteRequestsTooMany: (max: number) =>
    `You already have ${max} requests for a quote waiting for our answer. Please wait for one before asking again.`,
  quoteNotForAdmins: 'An administrator cannot ask the shop for a quote: sign in as a buyer.',
  verifyEmailToQuote:
    'Please confirm your e-mail address before you ask for a quote: open the link we e-mailed you, or send it again.',
  quoteRequestSent: 'Your request for a quote is sent. We will answer by e-mail.',
  // Quotes (見積書, modules/quotes/): the shop's answer, which its buyer accepts into an order.
  quoteAccepted: 'This quote has been accepted already: its order is in My orders.',
  quoteDeclined: 'This quote has been declined: ask us for a new one if you need it.',
  quoteWithdrawn: 'The shop has withdrawn this quote: ask us for a new one.',
  quoteExpired: 'This quote has expired: ask us for a new one.',
  quoteRequestNotOpen:
    'This request has been answered with a quote already: withdraw that quote to answer it again.',
  quoteValidUntilPast: 'The valid-until time must be in the future.',
  quoteValidUntilInvalid: 'Enter the valid-until time as a date and time.',
  quoteUnitPriceInvalid: 'Enter a unit price above zero, with at most two decimals.',
  quoteUnitYenInvalid: 'Enter a unit price above zero, in whole yen.',
  quoteShippingInvalid: 'Enter a shipping price of zero or more, with at most two decimals.',
  quoteShippingYenInvalid: 'Enter a shipping price of zero or more, in whole yen.',
  quoteNotInStock: (productName: string, available: number) =>
    `Only ${available.toLocaleString('en-US')} of ${productName} are in stock: a quote that holds stock cannot hold more.`,
  quoteNoYenPrice: 'The shop has no yen rate: quote in dollars.',
  quoteHoldsTooMuch:
    'Holding this stock would take the buyer past their unpaid limits: quote without holding stock.',
} as const);

/**
 * The same texts by key: `says.onlyLeft(3)` is `{ key: 'onlyLeft', params: [3] }`. What an API
 * error carries and a domain rule returns, said in the reader's language where it is answered or
 * shown (`textOf`), never translated from its English.
 */
export const says = keyed(messages);

/** The English text `said` names: what zod and the web show where no language was chosen. */
export const inEnglish = (said: Said): string => textOf(said, messages) ?? said.key;

/**
 * Gives a zod issue the key of its message: the issue keeps `said` beside its English `message`
 * (zod copies an issue's own fields), and the server answers it in the reader's language from
 * the key. For an error function: `{ error: (issue) => tell(issue, says.x(issue.input)) }`.
 */
export function tell(issue: object, said: Said): string {
  (issue as { said?: Said }).said = said;
  return inEnglish(said);
}

/** A contract check's refusal by key, for zod's options: `.max(80, told(says.nameTooLong))`. */
export const told = (said: Said) => ({ error: (issue: object) => tell(issue, said) });

/** A custom issue's message by key, for `ctx.addIssue({ code: 'custom', ...issueOf(says.x) })`. */
export const issueOf = (said: Said) => ({ message: inEnglish(said), said });
