import { usePageMeta } from '../../../lib/page-meta';
import { ComingSoon } from './coming-soon';

export function ResetPasswordPage() {
  usePageMeta('Reset password', 'Choose a new password for your Kanna account.');
  return (
    <ComingSoon
      title="Reset password"
      purpose="Here you will ask for a reset link by e-mail and choose a new password."
    />
  );
}
