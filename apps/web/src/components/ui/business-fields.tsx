import { lastRequestableDay } from '@kanna/shared/domain/order-parties';
import { shopDay } from '@kanna/shared/domain/transfers';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTexts } from '../../lib/i18n';
import { Field } from './form-field';
import { partyTexts } from './i18n/parties';

/** The order's parties a form holds (`orderParties` in packages/shared orders.ts). */
export type PartyField =
  | 'company'
  | 'department'
  | 'poNumber'
  | 'requestedDate'
  | 'billingAddress'
  | 'receiptAddressee'
  | 'receiptNote';

interface BusinessFieldsProps {
  /** The form's own `register` for one of these fields: `(name) => register(name)`. */
  register: (name: PartyField) => UseFormRegisterReturn;
  errors: Partial<Record<PartyField, FieldError | undefined>>;
  /** Whether the invoice goes elsewhere than the goods: the billing address is asked for then. */
  billApart: boolean;
  onBillApart: (apart: boolean) => void;
  /** Open from the start: the buyer is a business (their profile names a company, or the book a billing address). */
  open: boolean;
  /** Whom a receipt is addressed to when the buyer names nobody (the company, else their name). */
  defaultAddressee: string;
  /** The shop's time zone: a delivery date may be asked from its today on, as the server judges it. */
  timeZone: string | undefined;
  /** The shop enters the order for the buyer: the PO number is called the buyer's. */
  forBuyer?: boolean;
}

/**
 * The buyer as a business at checkout and on the admin's "Enter an order" page (docs/rules.md, "The buyer's company and address book"):
 * company and department, the purchase-order number and the delivery date asked for, where the
 * invoice goes when not where the goods go, and the receipt's addressee (宛名) and note (但し書き).
 * All optional; a retail buyer can leave the section closed.
 */
export function BusinessFields({
  register,
  errors,
  billApart,
  onBillApart,
  open,
  defaultAddressee,
  timeZone,
  forBuyer = false,
}: BusinessFieldsProps) {
  const t = useTexts(partyTexts);
  const today = shopDay(new Date(), timeZone);
  return (
    <details className="rounded-box border border-base-300 p-3" open={open || undefined}>
      <summary className="cursor-pointer font-semibold">{t.business}</summary>
      <div className="mt-3 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t.company} error={errors.company}>
            {(control) => (
              <input
                className="input w-full"
                autoComplete="organization"
                {...control}
                {...register('company')}
              />
            )}
          </Field>
          <Field label={t.department} error={errors.department}>
            {(control) => <input className="input w-full" {...control} {...register('department')} />}
          </Field>
          <Field
            label={forBuyer ? t.buyersPoNumber : t.poNumber}
            hint={t.poNumberHint}
            error={errors.poNumber}
          >
            {(control) => (
              <input className="input w-full" maxLength={40} {...control} {...register('poNumber')} />
            )}
          </Field>
          <Field label={t.requestedDate} error={errors.requestedDate}>
            {(control) => (
              <input
                type="date"
                className="input w-full"
                min={today}
                max={lastRequestableDay(today)}
                {...control}
                {...register('requestedDate')}
              />
            )}
          </Field>
        </div>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-primary"
            checked={billApart}
            onChange={(event) => onBillApart(event.target.checked)}
          />
          <span>{t.billApart}</span>
        </label>
        {billApart && (
          <Field label={t.billingAddress} hint={t.billingAddressHint} error={errors.billingAddress}>
            {(control) => (
              <textarea
                className="textarea w-full"
                rows={3}
                autoComplete="billing street-address"
                {...control}
                {...register('billingAddress')}
              />
            )}
          </Field>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t.receiptAddressee}
            hint={t.receiptAddresseeHint(defaultAddressee)}
            error={errors.receiptAddressee}
          >
            {(control) => (
              <input
                className="input w-full"
                placeholder={defaultAddressee}
                {...control}
                {...register('receiptAddressee')}
              />
            )}
          </Field>
          <Field label={t.receiptNote} hint={t.receiptNoteHint} error={errors.receiptNote}>
            {(control) => (
              <input
                className="input w-full"
                placeholder={t.goodsNote}
                maxLength={60}
                {...control}
                {...register('receiptNote')}
              />
            )}
          </Field>
        </div>
      </div>
    </details>
  );
}
