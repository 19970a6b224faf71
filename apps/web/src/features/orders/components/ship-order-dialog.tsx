import { carriers } from '@kanna/shared/domain/carriers';
import { TRACKING_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { type OrderDesk, shipRequest } from '@kanna/shared/orders';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { useShipOrder } from '../api/ship-order';
import { adminOrderTexts } from '../i18n/admin';

type Fields = { carrier: string; trackingNumber: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/**
 * What the ship call will send: the fields filled in, judged by the contract's own rules
 * (`shipRequest`), or the message under each field that breaks them.
 */
function judge(fields: Fields): { body: Fields | Partial<Fields>; errors: FieldErrors } {
  const body = {
    ...(fields.carrier.trim() ? { carrier: fields.carrier } : {}),
    ...(fields.trackingNumber.trim() ? { trackingNumber: fields.trackingNumber } : {}),
  };
  const parsed = shipRequest.safeParse(body);
  if (parsed.success) return { body: parsed.data ?? {}, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'carrier' || field === 'trackingNumber') && !errors[field]) errors[field] = issue.message;
  }
  return { body, errors };
}

/** What the ship dialog needs of an order: which one, its number, whom it mails. */
export type ShippableOrder = { _id: string; number: string; buyerName: string };

/**
 * "Ship" on an admin's order page: the button, and the dialog it opens.
 */
export function ShipOrder({ order }: { order: OrderDesk }) {
  const t = useTexts(adminOrderTexts);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-primary max-sm:flex-1" onClick={() => setOpen(true)}>
        {t.ship}
      </button>
      <ShipOrderDialog
        order={open ? { _id: order._id, number: order.number, buyerName: order.buyer.name } : null}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * The confirmation before a paid order is marked shipped (the order page's Ship, All orders'
 * Mark shipped): it says the buyer is mailed, takes the carrier and the tracking number (both
 * optional), then ships. The server's refusal stays in the dialog. Open while `order` is set.
 */
export function ShipOrderDialog({ order, onClose }: { order: ShippableOrder | null; onClose: () => void }) {
  const t = useTexts(adminOrderTexts);
  const say = useSay();
  const ship = useShipOrder();
  const [fields, setFields] = useState<Fields>({ carrier: '', trackingNumber: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const titleId = useId();
  const bodyId = useId();
  const carrierListId = useId();
  const language = useLanguage();

  const close = () => {
    onClose();
    setFields({ carrier: '', trackingNumber: '' });
    setErrors({});
    ship.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!order) return;
    const judged = judge(fields);
    setErrors(judged.errors);
    if (Object.keys(judged.errors).length > 0) return;
    ship.mutate(
      { id: order._id, ...judged.body },
      {
        onSuccess: () => {
          void notify('success', say(messages.orderShipped));
          close();
        },
      },
    );
  };
  const edit = (field: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((old) => ({ ...old, [field]: event.target.value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };

  return (
    <Modal
      open={order !== null}
      onClose={ship.isPending ? () => {} : close}
      labelledBy={titleId}
      describedBy={bodyId}
      closeOnBackdrop={false}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <h2 id={titleId} className="text-xl font-bold">
          {t.shipTitle(order?.number ?? '')}
        </h2>
        <p id={bodyId}>{t.shipBody(order?.buyerName ?? '')}</p>
        <InputField
          label={t.carrier}
          data-autofocus
          hint={t.carrierHint}
          maxLength={TRACKING_MAX_LENGTH}
          autoComplete="off"
          list={carrierListId}
          value={fields.carrier}
          onChange={edit('carrier')}
          error={errors.carrier ? { type: 'validate', message: errors.carrier } : undefined}
        />
        <datalist id={carrierListId}>
          {carriers.map((c) => (
            <option key={c.names.en} value={c.names[language]} />
          ))}
        </datalist>
        {/* The carriers most parcels go with, one press each; the mail then links to their tracking. */}
        <fieldset className="-mt-2 flex flex-wrap items-center gap-2">
          <legend className="sr-only">{t.commonCarriers}</legend>
          {carriers.map((c) => {
            const name = c.names[language];
            return (
              <button
                key={c.names.en}
                type="button"
                className={`btn btn-sm ${fields.carrier === name ? 'btn-primary' : 'btn-outline'}`}
                aria-pressed={fields.carrier === name}
                onClick={() => edit('carrier')({ target: { value: name } })}
              >
                {name}
              </button>
            );
          })}
        </fieldset>
        <InputField
          label={t.trackingNumber}
          hint={t.optional}
          maxLength={TRACKING_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          value={fields.trackingNumber}
          onChange={edit('trackingNumber')}
          error={errors.trackingNumber ? { type: 'validate', message: errors.trackingNumber } : undefined}
        />
        <FormAlert>{ship.error?.message}</FormAlert>
        <div className="modal-action mt-0 flex-wrap">
          <button type="button" className="btn" onClick={close} disabled={ship.isPending}>
            {t.notYet}
          </button>
          <button type="submit" className="btn btn-primary" disabled={ship.isPending}>
            {ship.isPending ? t.markingShipped : t.yesMarkShipped}
          </button>
        </div>
      </form>
    </Modal>
  );
}
