import type { AddressEntryRequest } from '@kanna/shared/address-book';
import { minimumIn, orderCharges, orderCurrency, ratePercent } from '@kanna/shared/domain/charges';
import { countryName } from '@kanna/shared/domain/countries';
import { messages } from '@kanna/shared/domain/messages';
import { formatPriceIn, MAX_ORDER_CENTS, toMajor } from '@kanna/shared/domain/money';
import { isOnAccount } from '@kanna/shared/domain/order-state';
import { minimumOrderProblem } from '@kanna/shared/domain/orders';
import type { Pricing } from '@kanna/shared/domain/yen-prices';
import type { CheckoutForm as CheckoutValues } from '@kanna/shared/orders';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAddressBook, useSaveAddressEntry } from '../../../api/address-book';
import { useMyCompany } from '../../../api/companies';
import { useProfile } from '../../../api/get-profile';
import { useShopSettings } from '../../../api/get-settings';
import { usePlaceOrder } from '../../../api/place-order';
import { useSaveList } from '../../../api/save-list';
import { shippedTo } from '../../../components/ui/country-options';
import { ErrorMessage } from '../../../components/ui/error-message';
import { HeadedSection } from '../../../components/ui/headed-section';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { OrderTotals } from '../../../components/ui/order-totals';
import { SaveListForm } from '../../../components/ui/save-list-form';
import { VerifyEmailNotice } from '../../../components/ui/verify-email-notice';
import { ApiError } from '../../../lib/api-client';
import {
  type CartItem,
  type CartSnapshot,
  clearCart,
  flushCart,
  removeFromCart,
  retryCart,
  setCartQuantity,
  useCart,
} from '../../../lib/cart';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSay } from '../../../lib/say';
import { refreshSession, type SessionUser, useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useLastDelivery } from '../api/get-last-delivery';
import { CartTable } from '../components/cart-table';
import { CheckoutForm } from '../components/checkout-form';
import { cartTexts } from '../i18n';
import { type CartView, useCartLines } from '../use-cart-lines';

/**
 * Which line each of the server's `errors` is about (`lines.3.quantity` → the fourth line sent),
 * by tool; problems that name no line are left out.
 */
function refusedLines(error: unknown, sent: readonly CartItem[]): Record<string, string> {
  const refused: Record<string, string> = {};
  if (!(error instanceof ApiError)) return refused;
  for (const { path, message } of error.errors) {
    const match = /^lines\.(\d+)(\.|$)/.exec(path);
    const line = match ? sent[Number(match[1])] : undefined;
    if (line) refused[line.toolId] ??= message;
  }
  return refused;
}

/**
 * What the app may put under the checkout for a signed-in buyer with a confirmed address: the
 * request for a quote (features/quotes), given the cart's lines; composed by app/routes/cart-page.tsx.
 */
export type CartExtra = (lines: readonly CartItem[]) => ReactNode;

/** /cart: the lines with their volume prices, the total, and the checkout (one order for every line). */
export function CartPage({ extra }: { extra?: CartExtra } = {}) {
  const t = useTexts(cartTexts);
  usePageMeta(t.title, t.description);
  const cart = useCart();

  let content: ReactNode;
  if (cart.owner === 'unknown' || cart.status === 'loading') {
    content = <LoadingDots label={t.loadingCart} className="min-h-64 items-center" />;
  } else if (cart.status === 'error') {
    content = <ErrorMessage title={t.cartNotLoaded} message={cart.error ?? ''} onRetry={retryCart} />;
  } else if (cart.items.length === 0) {
    content = (
      <p className="flex flex-col items-center gap-4 py-16 text-center text-base-content/80">
        {t.empty}
        <Link to="/allProduct" className="btn btn-primary">
          {t.browseTools}
        </Link>
      </p>
    );
  } else {
    content = <CartContents cart={cart} extra={extra} />;
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.title}</h1>
        <nav aria-label={t.quickOrder} className="flex gap-4 text-sm">
          <Link to="/quickOrder" className="link">
            {t.quickOrder}
          </Link>
          <Link to="/lists" className="link">
            {t.savedLists}
          </Link>
        </nav>
      </div>
      <div className="mt-6">{content}</div>
      {cart.owner === 'account' && cart.status === 'ready' && cart.items.length > 0 && (
        <SaveCartAsList items={cart.items} />
      )}
    </div>
  );
}

/** Saves the cart's lines as a list (定番リスト), to order again in one step later. */
function SaveCartAsList({ items }: { items: readonly CartItem[] }) {
  const t = useTexts(cartTexts);
  const save = useSaveList();
  return (
    <SaveListForm
      className="mt-8 max-w-xl border-t border-base-300 pt-6"
      button={t.saveAsList}
      pending={save.isPending}
      error={save.error}
      save={(name, saved) =>
        save.mutate(
          { name, lines: items.map((i) => ({ toolId: i.toolId, quantity: i.quantity })) },
          { onSuccess: saved },
        )
      }
    />
  );
}

function CartContents({ cart, extra }: { cart: CartSnapshot; extra: CartExtra | undefined }) {
  const t = useTexts(cartTexts);
  const language = useLanguage();
  const say = useSay();
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const saveEntry = useSaveAddressEntry();
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const settings = useShopSettings();
  // Shipping and tax follow the country chosen at checkout (the last order's at first, else the
  // profile's, else the shop's own), worked out with the rule the server charges by; the server prices them again and never
  // takes them from here.
  const countries = settings.data ? shippedTo(settings.data.charges, language) : [];
  const [chosen, setCountry] = useState<string | null>(null);
  const session = useSession();
  const profileCountry = useProfile(session.user?.email ?? '').data?.country ?? null;
  const lastCountry = useLastDelivery(session.user?.email ?? '').data?.country ?? null;
  const shopCountry = settings.data?.charges.tax.country ?? 'JP';
  const country =
    chosen ??
    [lastCountry, profileCountry, shopCountry].find((c) => c !== null && countries.includes(c)) ??
    countries[0] ??
    shopCountry;
  // The currency follows the destination too (yen where the shop prices it in yen), as the server decides it.
  const pricing: Pricing = {
    currency: settings.data ? orderCurrency(country, settings.data.charges) : 'USD',
    yenPerDollar: settings.data?.charges.yenPerDollar ?? null,
  };
  const { currency } = pricing;
  const view = useCartLines(cart, pricing, refused);
  // The shop's minimum order (goods total), said before checkout in the words the server refuses with.
  // (In yen where the owner set a yen minimum, else the dollar one at the shop's rate.)
  const minimum = settings.data ? minimumIn(settings.data, currency, pricing.yenPerDollar) : null;
  const belowMinimum = view.loading ? null : minimumOrderProblem(view.totalCents, minimum, currency);
  const charges = settings.data
    ? orderCharges(view.totalCents, country, settings.data.charges, currency)
    : null;
  const amountDueCents = charges?.amountDueCents ?? view.totalCents;
  const major = (minor: number) => toMajor(minor, currency);
  const total = formatPriceIn(major(amountDueCents), currency);

  const forget = (toolId: string) => setRefused(({ [toolId]: _dropped, ...rest }) => rest);

  const onQuantity = (toolId: string, quantity: number) => {
    forget(toolId);
    setCartQuantity(toolId, quantity);
  };
  const onRemove = (line: CartView['lines'][number]) => {
    forget(line.toolId);
    removeFromCart(line.toolId);
    setAnnouncement(t.removed(line.productName ?? t.theTool));
    // The row and its button are gone: keep the keyboard user in the list.
    listRef.current?.focus();
  };

  const checkout = async (values: CheckoutValues, saveAddress: AddressEntryRequest | null) => {
    setServerError(null);
    setRefused({});
    await flushCart();
    const sent = [...cart.items];
    place.mutate(
      {
        lines: sent.map((i) => ({ toolId: i.toolId, quantity: i.quantity })),
        phone: values.phone,
        address: values.address,
        country: values.country,
        paymentMethod: values.paymentMethod,
        billingAddress: values.billingAddress,
        company: values.company,
        department: values.department,
        poNumber: values.poNumber,
        requestedDate: values.requestedDate,
        receiptAddressee: values.receiptAddressee,
        receiptNote: values.receiptNote,
        totalPrice: major(view.totalCents),
        currency,
      },
      {
        onSuccess: async (result) => {
          void notify('success', say(messages.orderPlaced));
          // The address book keeps the delivery when the buyer asked; the order is placed either way.
          if (saveAddress)
            await saveEntry
              .mutateAsync({ body: saveAddress })
              .catch((error: Error) => notify('warning', t.addressNotSaved(error.message)));
          clearCart();
          // On account nothing is paid now (decision 0067): its page, else the payment.
          navigate(
            isOnAccount(values.paymentMethod)
              ? `/dashboard/myOrders/${result.insertedId}`
              : `/dashboard/payment/${result.insertedId}`,
          );
        },
        onError: (error) => {
          void notify('error', say(messages.orderFailed));
          const byLine = refusedLines(error, sent);
          setRefused(byLine);
          setServerError(Object.keys(byLine).length > 0 ? t.nothingReserved : error.message);
          // Refused for the minimum order (it may have changed since this page read it): read it again.
          if (error instanceof ApiError && error.statusCode === 400 && Object.keys(byLine).length === 0)
            void settings.refetch();
          // Not confirmed after all: ask again, and the page shows how to confirm.
          if (error instanceof ApiError && error.statusCode === 403) void refreshSession();
        },
      },
    );
  };

  const blocked = view.loading
    ? t.loadingPrices
    : !view.orderable
      ? t.fixLines
      : belowMinimum
        ? t.reachMinimum
        : settings.data && !charges
          ? say(messages.noShippingTo(countryName(country, language)))
          : null;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
      <div ref={listRef} tabIndex={-1} className="flex flex-col gap-3 outline-none">
        <CartTable
          lines={view.lines}
          currency={currency}
          onQuantity={onQuantity}
          onRemove={onRemove}
          disabled={place.isPending}
        />
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {cart.error && (
          <ErrorMessage title={t.lastChangeNotSaved} message={cart.error} onRetry={() => void flushCart()} />
        )}
        {view.lines.some((l) => l.loadError) && (
          <button type="button" className="btn btn-sm self-start" onClick={view.retry}>
            {t.loadPricesAgain}
          </button>
        )}
      </div>

      <HeadedSection
        id="checkout-heading"
        title={t.checkout}
        level={2}
        className="flex flex-col gap-5 self-start rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
        headingClassName="text-xl font-bold"
      >
        <dl className="flex flex-col gap-1">
          <div className="flex justify-between gap-4 text-base-content/80">
            <dt>{t.tools(view.lines.length)}</dt>
            <dd className="tabular-nums">{t.pieces(view.pieces.toLocaleString('en-US'))}</dd>
          </div>
        </dl>
        <OrderTotals
          live
          totals={{
            currency,
            goods: major(view.totalCents),
            shipping: major(charges?.shippingCents ?? 0),
            tax: major(charges?.taxCents ?? 0),
            taxRatePercent: ratePercent(charges?.taxRateBp ?? 0),
            taxTreatment: charges?.taxTreatment ?? 'none',
            amountDue: major(amountDueCents),
          }}
        />
        {/* A live region that is always there, so a change of quantity that crosses the minimum is read out. */}
        <div role="status">
          {belowMinimum && (
            <p className="rounded-field bg-warning/20 px-3 py-2 font-medium">{say(belowMinimum)}</p>
          )}
        </div>
        <CheckoutArea
          countries={countries}
          country={country}
          onCountry={setCountry}
          bankTransfer={settings.data?.bankTransfer ?? false}
          timeZone={settings.data?.timeZone}
          cardAllowed={amountDueCents <= MAX_ORDER_CENTS}
          total={total}
          blocked={blocked}
          pending={place.isPending}
          serverError={serverError}
          onSubmit={(values, saveAddress) => void checkout(values, saveAddress)}
        />
        {extra && session.user?.emailVerified && session.user.role !== 'admin' && extra(cart.items)}
      </HeadedSection>
    </div>
  );
}

function CheckoutArea(props: Omit<Parameters<typeof CheckoutForm>[0], 'profile' | 'lastDelivery'>) {
  const t = useTexts(cartTexts);
  const session = useSession();
  if (session.status === 'loading') return <LoadingDots label={t.loadingAccount} />;
  if (session.status === 'signed-out') {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-base-content/90">{t.keptInBrowser}</p>
        <Link to="/login" state={{ from: { pathname: '/cart' } }} className="btn btn-primary">
          {t.signInToCheckOut}
        </Link>
      </div>
    );
  }
  if (!session.user.emailVerified) return <VerifyEmailNotice email={session.user.email} />;
  return <SignedInCheckout user={session.user} {...props} />;
}

function SignedInCheckout({
  user,
  ...props
}: { user: SessionUser } & Omit<Parameters<typeof CheckoutForm>[0], 'profile' | 'lastDelivery'>) {
  const t = useTexts(cartTexts);
  const profile = useProfile(user.email);
  const last = useLastDelivery(user.email);
  // The address book is offered once it is read; the checkout does not wait for it.
  const book = useAddressBook();
  // A member of a company with terms may order on its account (decision 0067); the checkout does not wait for it.
  const company = useMyCompany();
  if (profile.isPending || last.isPending) return <LoadingDots label={t.loadingAddress} />;
  // Without the profile or the last order the buyer types phone and address: that must not stop an order.
  return (
    <CheckoutForm
      profile={profile.data ?? null}
      lastDelivery={last.data ?? null}
      deliveries={book.data?.filter((entry) => entry.kind === 'delivery')}
      billing={book.data?.find((entry) => entry.kind === 'billing')}
      onAccount={company.data?.onAccount ?? false}
      {...props}
    />
  );
}
