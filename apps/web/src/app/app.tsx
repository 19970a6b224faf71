import { BrowserRouter } from 'react-router';
import { LanguageContext, pageLanguage } from '../lib/i18n';
import { AppRoutes } from './router';

export function App() {
  return (
    <LanguageContext value={pageLanguage()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </LanguageContext>
  );
}
