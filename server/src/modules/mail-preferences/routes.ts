/** The mail switches of « Mon profil », always the signed-in member's own. */
import { MESSAGES, mailPreferenceSchema } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { readMailPreferences, setMailPreference } from './service';

const tags = ['utilisateur'];
const security = [{ bearer: [] }];

export const mailPreferenceRoutes: RouteModule = (app, ctx) => {
  app.get('/user/mail-preferences', { schema: { tags, security, summary: 'Les e-mails que le membre reçoit, par type' } }, async (request) => {
    const viewer = requireViewer(request);
    return ok({ preferences: await readMailPreferences(ctx, viewer.id) });
  });

  app.post('/user/mail-preferences', { schema: { tags, security, summary: 'Active ou désactive un type d’e-mail', body: mailPreferenceSchema } }, async (request) => {
    const viewer = requireViewer(request);
    return ok({ preferences: await setMailPreference(ctx, viewer.id, request.body) }, MESSAGES.followUp.mails.saved);
  });
};
