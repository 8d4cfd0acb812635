/** The admin area as its tests open it: `/admin` behind the admins-only guard, at one tab. */
import { Route, Routes } from 'react-router';
import { RequireAdmin } from '../../app/guards';
import { renderWithProviders } from '../../test/render';
import AdminPage from './AdminPage';

/** `tab` is the `?onglet=` value; a visitor the guard turns away lands on « accueil ». */
export function renderAdminPage(tab?: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/admin"
        element={
          <RequireAdmin>
            <AdminPage />
          </RequireAdmin>
        }
      />
      <Route path="/" element={<p>accueil</p>} />
    </Routes>,
    { at: tab ? `/admin?onglet=${tab}` : '/admin', signedIn: true },
  );
}
