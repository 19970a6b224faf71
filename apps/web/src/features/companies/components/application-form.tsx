import { zodResolver } from '@hookform/resolvers/zod';
import type { AddressEntry } from '@kanna/shared/address-book';
import { type CompanyApplicationRequest, companyApplicationRequest } from '@kanna/shared/companies';
import { useEffect, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/ui/form-alert';
import { Field, InputField, TextareaField } from '../../../components/ui/form-field';
import type { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { companyTexts } from '../i18n';

/** The form's values as typed ('' for a part not given); the server checks them again. */
type Values = CompanyApplicationRequest;
type Output = z.output<typeof companyApplicationRequest>;

interface ApplicationFormProps {
  /** The buyer's billing addresses (their address book's), offered before typing one. */
  billingEntries: AddressEntry[];
  /** The applicant's own address: where the statement goes unless they name another. */
  email: string;
  onApply: (body: CompanyApplicationRequest) => Promise<unknown>;
  /** Why the server refused the last application: fields it named are marked, the rest said above the button. */
  refused: ApiError | null;
}

/**
 * A buyer's application for a trade account: the company's name and perhaps its reading in
 * katakana, a department and a registration number (T and 13 digits), a billing address from
 * their address book or typed, the billing e-mail (their own to begin with), and a note. The
 * same contract as the server's checks every field.
 */
export function ApplicationForm({ billingEntries, email, onApply, refused }: ApplicationFormProps) {
  const t = useTexts(companyTexts);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(companyApplicationRequest),
    defaultValues: {
      name: '',
      nameKana: '',
      department: '',
      registrationNumber: '',
      billingAddressId: billingEntries[0]?._id ?? '',
      billingAddress: '',
      billingEmail: email,
      note: '',
    },
  });
  const [unplaced, setUnplaced] = useState<string | null>(null);
  const fromBook = Boolean(watch('billingAddressId'));

  useEffect(() => {
    if (!refused) {
      setUnplaced(null);
      return;
    }
    const fields = refused.errors.filter((e) => e.path in getValues());
    for (const [i, e] of fields.entries()) {
      setError(e.path as FieldPath<Values>, { type: 'server', message: e.message }, { shouldFocus: i === 0 });
    }
    setUnplaced(fields.length ? null : refused.message);
  }, [refused, setError, getValues]);

  const send = () => {
    const v = getValues();
    return onApply({
      name: v.name,
      nameKana: v.nameKana,
      department: v.department,
      registrationNumber: v.registrationNumber,
      ...(v.billingAddressId
        ? { billingAddressId: v.billingAddressId }
        : { billingAddress: v.billingAddress }),
      billingEmail: v.billingEmail,
      note: v.note,
    }).catch(() => {});
  };

  return (
    <form noValidate onSubmit={handleSubmit(send)} className="flex flex-col gap-5" aria-label={t.applyTitle}>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={t.name}
          required
          autoComplete="organization"
          registration={register('name')}
          error={errors.name}
        />
        <InputField
          label={t.nameKana}
          hint={`${t.optional} · ${t.nameKanaHint}`}
          autoComplete="off"
          registration={register('nameKana')}
          error={errors.nameKana}
        />
        <InputField
          label={t.department}
          hint={t.optional}
          registration={register('department')}
          error={errors.department}
        />
        <InputField
          label={t.registrationNumber}
          hint={`${t.optional} · ${t.registrationHint}`}
          placeholder="T1234567890123"
          autoCapitalize="characters"
          className="tabular-nums"
          registration={register('registrationNumber')}
          error={errors.registrationNumber}
        />
      </div>
      {billingEntries.length > 0 && (
        <Field label={t.billingFrom} required error={errors.billingAddressId}>
          {(control) => (
            <select className="select w-full" {...control} {...register('billingAddressId')}>
              {billingEntries.map((e) => (
                <option key={e._id} value={e._id}>
                  {t.billingFromBook(`${e.label} — ${e.text}`)}
                </option>
              ))}
              <option value="">{t.billingTyped}</option>
            </select>
          )}
        </Field>
      )}
      {!fromBook && (
        <TextareaField
          label={t.billingAddress}
          required
          hint={t.billingHint}
          rows={3}
          autoComplete="street-address"
          registration={register('billingAddress')}
          error={errors.billingAddress}
        />
      )}
      <InputField
        label={t.billingEmail}
        required
        type="email"
        autoComplete="email"
        hint={t.billingEmailHint}
        registration={register('billingEmail')}
        error={errors.billingEmail}
      />
      <TextareaField
        label={t.note}
        hint={`${t.optional} · ${t.noteHint}`}
        rows={3}
        registration={register('note')}
        error={errors.note}
      />
      <FormAlert>{unplaced && t.notSent(unplaced)}</FormAlert>
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t.applying : t.apply}
        </button>
      </div>
    </form>
  );
}
