import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@kanna/shared/domain/messages';
import { type ProfileForm as ProfileInput, profileForm } from '@kanna/shared/profile';
import type { UserRecord } from '@kanna/shared/users';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { NameField } from '../../../components/ui/account-fields';
import { CountryOptions } from '../../../components/ui/country-options';
import { bindFields, InputField, SelectField } from '../../../components/ui/form-field';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import type { ProfileValues } from '../api/update-profile';
import { profileTexts } from '../i18n';

type ProfileOutput = z.output<typeof profileForm>;

const toValues = (user: UserRecord): ProfileValues => ({
  displayName: user.displayName,
  phone: user.phone ?? '',
  district: user.district ?? '',
  city: user.city ?? '',
  streetAddress: user.streetAddress ?? '',
  country: user.country ?? '',
  company: user.company ?? '',
  department: user.department ?? '',
  facebook: user.facebook ?? '',
  linkedin: user.linkedin ?? '',
  img: user.img ?? '',
});

interface ProfileFormProps {
  user: UserRecord;
  onSave: (values: ProfileValues) => Promise<unknown>;
}

/** Spec §2 editProfile: every profile field, prefilled; phone, city and district required (§5). */
export function ProfileEditForm({ user, onSave }: ProfileFormProps) {
  const t = useTexts(profileTexts);
  const say = useSay();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileForm),
    defaultValues: toValues(user),
  });
  const bound = bindFields(register, errors);

  const onSubmit = (out: ProfileOutput) =>
    onSave({
      displayName: out.displayName,
      phone: out.phone,
      district: out.district,
      city: out.city,
      streetAddress: out.streetAddress ?? '',
      country: out.country ?? '',
      company: out.company ?? '',
      department: out.department ?? '',
      facebook: out.facebook ?? '',
      linkedin: out.linkedin ?? '',
      img: out.img ?? '',
    }).catch(() => {
      // The page shows the failure; the form keeps what was typed.
    });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-5"
      aria-label={t.editProfile}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <NameField id="profile-name" label={t.name} {...bound('displayName')} />
        <InputField id="profile-email" label={t.email} value={user.email} readOnly hint={t.emailHint} />
        <InputField
          id="profile-company"
          label={t.company}
          autoComplete="organization"
          hint={t.optional}
          {...bound('company')}
        />
        <InputField
          id="profile-department"
          label={t.department}
          autoComplete="organization-title"
          hint={t.optional}
          {...bound('department')}
        />
        <InputField
          id="profile-phone"
          label={t.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          hint={say(messages.phoneHint)}
          {...bound('phone')}
        />
        <InputField id="profile-district" label={t.district} required {...bound('district')} />
        <InputField
          id="profile-city"
          label={t.city}
          autoComplete="address-level2"
          required
          {...bound('city')}
        />
        <InputField
          id="profile-street"
          label={t.streetAddress}
          autoComplete="street-address"
          {...bound('streetAddress')}
        />
        <SelectField
          id="profile-country"
          label={t.country}
          hint={t.countryHint}
          autoComplete="country"
          {...bound('country')}
        >
          <option value="">{t.countryNotSet}</option>
          <CountryOptions />
        </SelectField>
        <InputField
          id="profile-facebook"
          label="Facebook"
          type="url"
          inputMode="url"
          placeholder="https://facebook.com/…"
          {...bound('facebook')}
        />
        <InputField
          id="profile-linkedin"
          label="LinkedIn"
          type="url"
          inputMode="url"
          placeholder="https://linkedin.com/in/…"
          {...bound('linkedin')}
        />
        <div className="sm:col-span-2">
          <InputField
            id="profile-img"
            label={t.pictureUrl}
            type="url"
            inputMode="url"
            placeholder="https://…"
            hint={t.pictureHint}
            {...bound('img')}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t.saving : t.updateProfile}
        </button>
        <Link to="/dashboard/myProfile" className="btn btn-ghost">
          {t.cancel}
        </Link>
      </div>
    </form>
  );
}
