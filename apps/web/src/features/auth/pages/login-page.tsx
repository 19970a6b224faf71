import { usePageMeta } from '../../../lib/page-meta';
import { ComingSoon } from './coming-soon';

export function LoginPage() {
  usePageMeta('Login', 'Sign in to Kanna to order tools in bulk, pay by card and follow your orders.');
  return (
    <ComingSoon
      title="Login"
      purpose="Here you will sign in with your e-mail and password or with Google, to order tools, pay and follow your orders."
    />
  );
}
