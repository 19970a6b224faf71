import { type FormEvent, useState } from 'react';

/** A request whose one field is a reason: the shared contract's schema, judged before sending. */
type ReasonSchema = {
  safeParse: (value: {
    reason: string;
  }) =>
    | { success: true; data: { reason: string } }
    | { success: false; error: { issues: { message: string }[] } };
};

/**
 * A form that asks an administrator why (declining a company, reversing a payment): the reason
 * typed, judged by `schema` on submit — its refusal kept for the field — and sent when it passes.
 */
export function useReason(schema: ReasonSchema, send: (reason: string) => void) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = schema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    send(parsed.data.reason);
  };
  return { reason, setReason, problem, setProblem, onSubmit };
}
