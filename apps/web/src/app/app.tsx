import { addressBase } from '@kanna/shared/domain/language-paths';
import { BrowserRouter } from 'react-router';
import { LanguageContext, pageLanguage } from '../lib/i18n';
import { AppRoutes } from './router';

export function App() {
  return (
    <LanguageContext value={pageLanguage()}>
      {/* Under a language's prefix (`/ja/…`), every link and move of the app stays under it. */}
      <BrowserRouter basename={addressBase(window.location.pathname)}>
        <AppRoutes />
      </BrowserRouter>
    </LanguageContext>
  );
}
