import {
  type CompanyTermsRequest,
  type CreateCompanyRequest,
  createCompanyRequest,
} from '@kanna/shared/companies';
import { useEffect, useState } from 'react';
import { InputField, TextareaField } from '../../../components/ui/form-field';
import type { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { adminTexts } from '../i18n';
import { CompanyTermsForm } from './company-terms-form';

type Fields = Omit<CreateCompanyRequest, 'terms'>;
const fieldNames = [
  'name',
  'nameKana',
  'department',
  'registrationNumber',
  'billingAddress',
  'billingEmail',
  'ownerEmail',
] as const;
type FieldName = (typeof fieldNames)[number];
const isField = (path: string): path is FieldName => (fieldNames as readonly string[]).includes(path);

interface NewCompanyFormProps {
  onCreate: (body: CreateCompanyRequest) => Promise<unknown>;
  refused: ApiError | null;
}

/**
 * An administrator's company for an existing account, approved at once (POST /api/companies/direct):
 * its name and reading, department, registration number, billing address and e-mail, and owner,
 * then its terms (the approval's form). The
 * create contract (`createCompanyRequest`) judges the company's fields before the terms are sent;
 * a refusal without a field (the owner in a company already) is said above the terms' button.
 */
export function NewCompanyForm({ onCreate, refused }: NewCompanyFormProps) {
  const t = useTexts(adminTexts).companies;
  const [fields, setFields] = useState<Required<Fields>>({
    name: '',
    nameKana: '',
    department: '',
    registrationNumber: '',
    billingAddress: '',
    billingEmail: '',
    ownerEmail: '',
  });
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});

  useEffect(() => {
    if (!refused) return;
    const found: Partial<Record<FieldName, string>> = {};
    for (const e of refused.errors) if (isField(e.path)) found[e.path] = e.message;
    setProblems(found);
  }, [refused]);

  const field = (name: FieldName) => ({
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
    error: problems[name] ? { type: 'validate', message: problems[name] } : undefined,
  });

  const create = async (terms: CompanyTermsRequest) => {
    const parsed = createCompanyRequest.safeParse({ ...fields, terms });
    const found: Partial<Record<FieldName, string>> = {};
    for (const issue of parsed.error?.issues ?? []) {
      const path = String(issue.path[0]);
      if (isField(path)) found[path] ??= issue.message;
    }
    setProblems(found);
    if (Object.keys(found).length) return;
    await onCreate({ ...fields, terms });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label={t.name} required autoComplete="off" {...field('name')} />
        <InputField label={t.nameKana} hint={t.optional} autoComplete="off" {...field('nameKana')} />
        <InputField label={t.department} hint={t.optional} {...field('department')} />
        <InputField
          label={t.registrationNumber}
          hint={t.optional}
          placeholder="T1234567890123"
          className="tabular-nums"
          {...field('registrationNumber')}
        />
        <InputField label={t.ownerEmail} required type="email" autoComplete="off" {...field('ownerEmail')} />
        <InputField
          label={t.billingEmail}
          hint={t.billingEmailHint}
          type="email"
          autoComplete="off"
          {...field('billingEmail')}
        />
      </div>
      <TextareaField label={t.billingAddress} required rows={3} {...field('billingAddress')} />
      <CompanyTermsForm
        now={{ terms: null, currency: null, language: null }}
        submitLabel={t.create}
        pendingLabel={t.creating}
        refused={refused}
        onSave={create}
      />
    </div>
  );
}
