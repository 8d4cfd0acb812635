/** POST /api/contact: the footer form (docs/product.md §9 and §11). */
import { z } from 'zod';
import { contactSchema, MESSAGES } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { rateLimit, retryAfterHook } from '../../http/rate-limit';
import { sendContactMessage } from './service';

export const contactRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/contact',
    {
      schema: { tags: ['contact'], summary: "Message au support depuis le pied de page (réponse directe à l'expéditeur)", body: contactSchema, response: { 200: z.object({ message: z.string() }) } },
      // Anyone may write, so a limit keeps the form from becoming a way to flood support.
      preValidation: rateLimit(ctx, { name: 'contact' }),
      onError: retryAfterHook,
    },
    async (request) => {
      await sendContactMessage(ctx, request.body);
      return { message: MESSAGES.auth.contactSent };
    },
  );
};
