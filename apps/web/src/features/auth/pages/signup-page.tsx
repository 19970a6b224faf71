import { usePageMeta } from '../../../lib/page-meta';
import { ComingSoon } from './coming-soon';

export function SignupPage() {
  usePageMeta('Sign up', 'Create a Kanna account to order Japanese wooden hand tools in bulk.');
  return (
    <ComingSoon
      title="Sign up"
      purpose="Here you will create an account with your name, e-mail and password, to order tools and write reviews."
    />
  );
}
