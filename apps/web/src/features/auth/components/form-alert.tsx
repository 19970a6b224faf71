/** A message about the whole form (the provider's answer), read out as soon as it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-box border border-error/40 bg-error/5 p-3 font-medium text-error">
      {message}
    </p>
  );
}
