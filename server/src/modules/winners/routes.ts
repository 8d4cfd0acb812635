/** A finalised winner's mission (docs/product.md §4): accepting it, and replacing a winner who did not. Rules in mission.ts. */
import { MESSAGES, acceptMissionSchema, replaceWinnerSchema } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { acceptMission, replaceWinner } from './mission';

const tags = ['participations'];
const security = [{ bearer: [] }];

export const winnerRoutes: RouteModule = async (app, ctx) => {
  app.post(
    '/concours/winner/accept',
    { schema: { tags, security, summary: 'Le gagnant accepte la mission et les demandes de l’organisateur : le délai de livraison commence', body: acceptMissionSchema } },
    async (request) => {
      await acceptMission(ctx, requireViewer(request), request.body.idParticipation);
      return ok(undefined, MESSAGES.winners.accepted);
    },
  );

  app.post(
    '/concours/winner/replace',
    {
      schema: {
        tags,
        security,
        summary: 'L’organisateur choisit une autre proposition à la place d’un gagnant qui n’a pas accepté la mission dans les 48 heures (même récompense, sans paiement)',
        body: replaceWinnerSchema,
      },
    },
    async (request) => {
      await replaceWinner(ctx, requireViewer(request), request.body);
      return ok(undefined, MESSAGES.winners.replaced);
    },
  );
};
