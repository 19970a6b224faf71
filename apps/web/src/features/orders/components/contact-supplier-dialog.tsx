import { zodResolver } from '@hookform/resolvers/zod';
import { enquiryRequest } from '@kanna/shared/orders';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields, InputField, TextareaField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { useTexts } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { withNodes } from '../../../lib/with-nodes';
import { useSendEnquiry } from '../api/send-enquiry';
import { orderFormTexts } from '../i18n/form';

const enquiryForm = enquiryRequest.pick({ quantityWanted: true, message: true });
type EnquiryForm = { quantityWanted: number; message: string };

interface ContactSupplierDialogProps {
  open: boolean;
  onClose: () => void;
  tool: { _id: string; productName: string; minQuantity: number };
}

/**
 * Contact Supplier: the buyer asks the sales team about this tool (a larger quantity than is
 * available becomes a quote request). The server answers with the sentence to show.
 */
export function ContactSupplierDialog({ open, onClose, tool }: ContactSupplierDialogProps) {
  const t = useTexts(orderFormTexts);
  const titleId = useId();
  const introId = useId();
  const send = useSendEnquiry();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EnquiryForm>({
    resolver: zodResolver(enquiryForm),
    defaultValues: { quantityWanted: tool.minQuantity, message: '' },
    mode: 'onTouched',
  });
  const bound = bindFields(register, errors);

  const close = () => {
    if (send.isPending) return;
    setServerError(null);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    send.mutate(
      { toolId: tool._id, ...values },
      {
        onSuccess: (result) => {
          void notify('success', result.message);
          reset();
          onClose();
        },
        onError: (error) => setServerError(error.message),
      },
    );
  });

  return (
    <Modal open={open} onClose={close} labelledBy={titleId} describedBy={introId}>
      <h2 id={titleId} className="text-xl font-bold">
        {t.contactSupplier}
      </h2>
      <p id={introId} className="mt-2 text-base-content/85">
        {withNodes(t.askSales, <strong>{tool.productName}</strong>)}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <InputField
          label={t.quantityWanted}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...bound('quantityWanted', { valueAsNumber: true })}
        />
        <TextareaField label={t.message} rows={4} registration={register('message')} error={errors.message} />
        <FormAlert>{serverError}</FormAlert>
        <div className="modal-action mt-0 flex-wrap">
          <button type="button" className="btn" onClick={close} disabled={send.isPending}>
            {t.close}
          </button>
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? t.sending : t.sendMessage}
          </button>
        </div>
      </form>
    </Modal>
  );
}
