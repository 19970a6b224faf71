import { messages } from '@kanna/shared/domain/messages';
import { formatIn, toMajor, toMinor } from '@kanna/shared/domain/money';
import { isCancelled, isCard, isUnpaid } from '@kanna/shared/domain/order-state';
import { PAYMENT_REFERENCE_MAX_LENGTH, shopDay } from '@kanna/shared/domain/transfers';
import type { Translation } from '@kanna/shared/domain/translation';
import { type OrderDesk, recordPaymentRequest } from '@kanna/shared/orders';
import { type FormEvent, useId, useState } from 'react';
import { useShopSettings } from '../../../api/get-settings';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { useRecordTransfer } from '../api/record-transfer';
import { adminOrderTexts } from '../i18n/admin';
import type adminEn from '../i18n/admin.en';

/** `receivedOn` null: not touched, so today in the shop's days as it is when read. */
type Fields = { amount: string; receivedOn: string | null; reference: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/** Today on the admin's own calendar (`2026-11-27`), as a date input takes it. */

/**
 * What the call will send, judged by the contract's own rules (`recordPaymentRequest`), or the
 * message under each field that breaks them. The amount is typed in the order's currency (the server
 * refuses yen with decimals).
 */
function judge(fields: Fields & { receivedOn: string }) {
  const typed = fields.amount
    .trim()
    .replace(/^[$¥￥]/, '')
    .replaceAll(',', '');
  const parsed = recordPaymentRequest.safeParse({
    amount: typed === '' ? Number.NaN : Number(typed),
    receivedOn: fields.receivedOn,
    reference: fields.reference,
  });
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'amount' || field === 'receivedOn' || field === 'reference') && !errors[field])
      errors[field] = issue.message;
  }
  return { body: null, errors };
}

/** What recording money does to this order, said before it is done. */
function consequence(order: OrderDesk, t: Translation<typeof adminEn>): string {
  if (isCancelled(order)) return t.recordCancelled;
  if (!isUnpaid(order)) return t.recordPaid;
  const left = Math.max(
    0,
    toMajor(
      toMinor(order.amountDue, order.currency) - toMinor(order.amountPaid, order.currency),
      order.currency,
    ),
  );
  const received =
    order.amountPaid > 0
      ? t.receivedSoFar(
          formatIn(order.amountPaid, order.currency),
          formatIn(order.amountDue, order.currency),
          formatIn(left, order.currency),
        )
      : t.nothingReceived(formatIn(order.amountDue, order.currency));
  return t.recordUnpaid(received, order.buyer.name, isCard(order.paymentMethod));
}

/**
 * "Record payment" on an admin's order page (docs/orders.md, "Bank transfers"): the button,
 * and the dialog that takes the amount received, the day it arrived and the bank's reference, says
 * what recording does, and records it. The fields are judged by the contract's rules before
 * anything is sent; the server's refusal (the same payment just recorded by another admin) stays
 * in the dialog.
 */
export function RecordPayment({ order }: { order: OrderDesk }) {
  const t = useTexts(adminOrderTexts);
  const say = useSay();
  const record = useRecordTransfer();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<Fields>({ amount: '', receivedOn: null, reference: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const titleId = useId();
  const bodyId = useId();
  // Today in the shop's days, as the server judges the day (the reader's own zone until it is known).
  const timeZone = useShopSettings().data?.timeZone;
  const today = () => shopDay(new Date(), timeZone);

  const start = () => {
    setFields({ amount: '', receivedOn: null, reference: order.number });
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setErrors({});
    record.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const judged = judge({ ...fields, receivedOn: fields.receivedOn ?? today() });
    setErrors(judged.errors);
    if (!judged.body) return;
    const { amount } = judged.body;
    record.mutate(
      { id: order._id, ...judged.body },
      {
        onSuccess: (recorded) => {
          void notify(
            'success',
            say(messages.paymentRecorded(formatIn(amount, order.currency), recorded.number)),
          );
          close();
        },
      },
    );
  };
  const edit = (field: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((old) => ({ ...old, [field]: event.target.value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };
  const fieldError = (field: keyof Fields) =>
    errors[field] ? { type: 'validate', message: errors[field] } : undefined;

  return (
    <>
      <button type="button" className="btn btn-outline max-sm:flex-1" onClick={start}>
        {t.recordPayment}
      </button>
      <Modal
        open={open}
        onClose={record.isPending ? () => {} : close}
        labelledBy={titleId}
        describedBy={bodyId}
        closeOnBackdrop={false}
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {t.recordTitle(order.number)}
          </h2>
          <p id={bodyId}>{consequence(order, t)}</p>
          <InputField
            label={t.amountReceived(order.currency)}
            required
            data-autofocus
            inputMode="decimal"
            autoComplete="off"
            hint={t.amountHint(order.currency)}
            value={fields.amount}
            onChange={edit('amount')}
            error={fieldError('amount')}
          />
          <InputField
            label={t.receivedOn}
            required
            type="date"
            max={today()}
            value={fields.receivedOn ?? today()}
            onChange={edit('receivedOn')}
            error={fieldError('receivedOn')}
          />
          <InputField
            label={t.reference}
            required
            hint={t.referenceHint}
            maxLength={PAYMENT_REFERENCE_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            value={fields.reference}
            onChange={edit('reference')}
            error={fieldError('reference')}
          />
          <FormAlert>{record.error?.message}</FormAlert>
          <div className="modal-action mt-0 flex-wrap">
            <button type="button" className="btn" onClick={close} disabled={record.isPending}>
              {t.notNow}
            </button>
            <button type="submit" className="btn btn-primary" disabled={record.isPending}>
              {record.isPending ? t.recording : t.recordPayment}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
