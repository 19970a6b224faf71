import { messages } from '@kanna/shared/domain/messages';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { useTexts } from '../../lib/i18n';
import { useSay } from '../../lib/say';
import { pieceTexts } from './i18n';
import { orderPieceTexts } from './i18n/order';

/** What ties a control to its hint and its message; spread it onto the input, select or textarea. */
interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The control's id; a generated one when absent. */
  id?: string | undefined;
  label: string;
  /** Says '(required)' after the label and marks the control as required for screen readers. */
  required?: boolean | undefined;
  hint?: string | undefined;
  /**
   * Where the hint goes: under the control (the default), between the label and the control
   * (a unit to know before typing), or only to screen readers (the placeholder shows it).
   */
  hintPlacement?: 'below' | 'above' | 'screen-reader';
  error?: FieldError | undefined;
  /** Renders the control with the props from `FieldControlProps`. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with its hint and its error message underneath, tied together with
 * aria-describedby and aria-invalid. `InputField` and `TextareaField` cover the usual controls;
 * use this directly for anything else (a select, an input with a prefix).
 */
export function Field({ id, label, required, hint, hintPlacement = 'below', error, children }: FieldProps) {
  const t = useTexts(pieceTexts);
  const say = useSay();
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const message = error?.message;
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ');

  const hintText = hint && (
    <p id={hintId} className={hintPlacement === 'screen-reader' ? 'sr-only' : 'text-sm text-base-content/80'}>
      {hint}
    </p>
  );

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={controlId} className="font-semibold">
        {label}
        {required && <span className="ml-1 text-sm font-normal text-base-content/80">{t.required}</span>}
      </label>
      {hintPlacement === 'above' && hintText}
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hintPlacement !== 'above' && hintText}
      {message && (
        <p id={errorId} className="text-sm font-medium text-error">
          {say(message)}
        </p>
      )}
    </div>
  );
}

type FieldOptions = Omit<FieldProps, 'children'> & {
  /** react-hook-form's `register(name)`; absent for a read-only field the form does not send. */
  registration?: UseFormRegisterReturn | undefined;
};

/** Separates what `Field` takes from the attributes meant for the control itself. */
function splitProps<T extends FieldOptions>({
  id,
  label,
  required,
  hint,
  hintPlacement,
  error,
  registration,
  ...attributes
}: T) {
  return { field: { id, label, required, hint, hintPlacement, error }, registration, attributes };
}

type InputFieldProps = FieldOptions & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>;

/** A labelled input (see `Field`); a read-only one looks it. */
export function InputField(props: InputFieldProps) {
  const { field, registration, attributes } = splitProps(props);
  const { className, ...input } = attributes;
  return (
    <Field {...field}>
      {(control) => (
        <input
          className={`input w-full read-only:bg-base-200 read-only:text-base-content/80 ${field.error ? 'input-error' : ''} ${className ?? ''}`}
          {...control}
          {...input}
          {...registration}
        />
      )}
    </Field>
  );
}

type TextareaFieldProps = FieldOptions & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'required'>;

/** A labelled textarea (see `Field`). */
export function TextareaField(props: TextareaFieldProps) {
  const { field, registration, attributes } = splitProps(props);
  const { className, ...textarea } = attributes;
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          className={`textarea w-full ${field.error ? 'textarea-error' : ''} ${className ?? ''}`}
          {...control}
          {...textarea}
          {...registration}
        />
      )}
    </Field>
  );
}

type SelectFieldProps = FieldOptions & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'required'>;

/** A labelled select (see `Field`); its options are its children. */
export function SelectField(props: SelectFieldProps) {
  const { field, registration, attributes } = splitProps(props);
  const { className, children, ...select } = attributes;
  return (
    <Field {...field}>
      {(control) => (
        <select
          className={`select w-full ${field.error ? 'select-error' : ''} ${className ?? ''}`}
          {...control}
          {...select}
          {...registration}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

/**
 * Ties a form's fields to their errors by name: `bound('city')` is the field's registration and its
 * error, to spread onto InputField, TextareaField or SelectField, so the two never name two fields.
 */
export function bindFields<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (
    name: Path<T>,
    options?: RegisterOptions<T, Path<T>>,
  ): { registration: UseFormRegisterReturn; error: FieldError | undefined } => ({
    registration: register(name, options),
    error: get(errors, name),
  });
}

type Registered = { registration: UseFormRegisterReturn; error?: FieldError | undefined };

/** Where an order goes: the phone and address fields of the purchase form and the checkout. */
export function DeliveryFields({ phone, address }: { phone: Registered; address: Registered }) {
  const t = useTexts(orderPieceTexts);
  const say = useSay();
  return (
    <>
      <InputField
        label={t.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="03-1234-5678"
        hint={say(messages.phoneHint)}
        registration={phone.registration}
        error={phone.error}
      />
      <TextareaField
        label={t.address}
        rows={3}
        autoComplete="street-address"
        registration={address.registration}
        error={address.error}
      />
    </>
  );
}
