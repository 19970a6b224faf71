import type { Tool } from '@kanna/shared/catalog';
import type { Order } from '@kanna/shared/orders';

/** A bench chisel as the catalogue answers it (20 to 2,000 pieces at $38.50); `over` changes any field. */
export const chisel = (over: Partial<Tool> = {}): Tool => ({
  _id: '9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d40',
  productName: 'Oire Nomi Bench Chisel 24 mm',
  description: 'A bench chisel.',
  kind: 'chisel',
  img: '/media/chisel/640.webp',
  srcset: '/media/chisel/320.webp 320w',
  minQuantity: 20,
  maxQuantity: 2000,
  perPrice: 38.5,
  packSize: 1,
  volumePrices: [],
  createdAt: '2024-05-01T00:00:00.000Z',
  ...over,
});

/** A smoothing plane as the admin's product list holds it (5 to 50 pieces at $54.50); `over` changes any field. */
export const plane = (over: Partial<Tool> = {}): Tool => ({
  _id: '6f1c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b',
  productName: 'Hira Kanna 48 mm',
  description: 'A smoothing plane.',
  kind: 'plane',
  img: '/media/6f1c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b/640.webp',
  srcset: '',
  minQuantity: 5,
  maxQuantity: 50,
  perPrice: 54.5,
  packSize: 1,
  volumePrices: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

/** An unpaid card order of twenty bench chisels ($770), its hold ending a day from now; `overrides` changes any field. */
export const order = (overrides: Partial<Order> = {}): Order => ({
  _id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  number: 'K-000123',
  name: 'Taro Yamada',
  email: 'taro@example.com',
  toolId: '9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d40',
  productName: 'Oire Nomi Bench Chisel 24 mm',
  quantity: 20,
  phone: '0312345678',
  address: '1-2-3 Kanda, Tokyo',
  perPrice: 38.5,
  totalPrice: 770,
  lines: [
    {
      toolId: '9d2f6a1e-7c4b-4e0a-8f3d-1b5c7e9a2d40',
      productName: 'Oire Nomi Bench Chisel 24 mm',
      quantity: 20,
      perPrice: 38.5,
      totalPrice: 770,
    },
  ],
  paid: false,
  status: 'unpaid',
  transactionId: null,
  holdUntil: new Date(Date.now() + 86_400_000).toISOString(),
  createdAt: '2025-05-01T00:00:00.000Z',
  paidAt: null,
  shippedAt: null,
  testPayment: false,
  carrier: null,
  trackingNumber: null,
  cancelledAt: null,
  cancelReason: null,
  refundedAt: null,
  refundAmount: null,
  country: 'JP',
  currency: 'USD',
  shippingPrice: 0,
  taxPrice: 0,
  taxRatePercent: 0,
  taxTreatment: 'none',
  amountDue: 770,
  paymentMethod: 'card',
  amountPaid: 0,
  refundOwed: 0,
  ...overrides,
});

/** GET /api/settings of a shop with no settings saved. */
export const publicSettings = {
  google: false,
  payments: 'test',
  stripePublishableKey: null,
  minimumOrder: null,
  minimumOrderYen: null,
  charges: {
    tax: { enabled: false, ratePercent: 10, country: 'JP', rounding: 'down' },
    shippingZones: [],
    yenCountries: [],
    yenPerDollar: null,
  },
  bankTransfer: false,
  transferHoldDays: 7,
};

/** The shop's account at Mizuho Bank, as its settings give it. */
export const shopBank = {
  bankName: 'Mizuho Bank',
  branch: 'Kuramae',
  accountType: 'Ordinary',
  accountNumber: '1234567',
  accountHolder: 'Kanna Tools K.K.',
  swift: 'MHCBJPJT',
};

/**
 * GET /api/orders/{id}/transfer for order K-000123: $770 to pay into `shopBank` by 8 January 2099,
 * nothing paid yet; `over` changes any of it.
 */
export const transferInstructions = (over: object = {}) => ({
  bank: shopBank,
  reference: 'K-000123',
  amountDue: 770,
  amountPaid: 0,
  amountLeft: 770,
  deadline: '2099-01-08T00:00:00.000Z',
  ...over,
});

/** Keeps `lines` as a visitor's cart in this browser, where the cart finds them when it starts. */
export const storeVisitorCart = (...lines: { toolId: string; quantity: number }[]) =>
  localStorage.setItem('kanna.cart', JSON.stringify({ lines }));
